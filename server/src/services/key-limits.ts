/**
 * A key's own limits, checked on every image call once the key is known and before anything is
 * read or held: a paused key, an expiry, the deployments it may call, and the browser origins it
 * accepts (the in-browser key accepts the site's own origins unless its owner set a list). A call
 * outside them is refused with 403 naming the limit, costs nothing, and is counted on the key.
 */
import type { ApiKeyRow } from '../repositories/apiKeys';

export type KeyLimit = 'disabled' | 'expired' | 'deployment' | 'origin';

export interface KeyLimitRefusal {
  limit: KeyLimit;
  message: string;
}

/** Longest Origin header echoed back in a message. */
const MAX_ECHOED_ORIGIN = 200;

export function keyLimitRefusal(
  key: ApiKeyRow,
  call: { path: string; origin: string | undefined },
  siteOrigins: readonly string[],
  now = new Date(),
): KeyLimitRefusal | null {
  if (key.disabledAt && key.disabledReason === 'spend_spike') {
    return {
      limit: 'disabled',
      message:
        'This API key was paused because its spend jumped far above its usual, and the owner was e-mailed. If this usage is expected, enable it again on the API keys page. Nothing was charged.',
    };
  }
  if (key.disabledAt) {
    return {
      limit: 'disabled',
      message:
        'This API key is disabled. Enable it again on the API keys page, or use another key. Nothing was charged.',
    };
  }
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) {
    return {
      limit: 'expired',
      message: `This API key expired at ${key.expiresAt.toISOString()}. Create a new key, or change its expiry on the API keys page. Nothing was charged.`,
    };
  }
  if (key.allowedDeployments && !key.allowedDeployments.includes(call.path)) {
    return {
      limit: 'deployment',
      message: `This API key may call only ${key.allowedDeployments.join(', ')}, not ${call.path}. Nothing was charged.`,
    };
  }
  const origins = key.allowedOrigins ?? (key.usedForUi ? siteOrigins : null);
  if (origins) {
    const origin = call.origin?.toLowerCase();
    if (!origin || !origins.includes(origin)) {
      const from = origin
        ? `this call came from ${origin.slice(0, MAX_ECHOED_ORIGIN)}`
        : 'this call sent no Origin header';
      return {
        limit: 'origin',
        message: `This API key accepts browser calls only from ${origins.join(', ')}; ${from}. Nothing was charged.`,
      };
    }
  }
  return null;
}
