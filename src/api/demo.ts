/**
 * A signed-out reader's first try in the docs: the shared demo test key (`GET /v1/demo-key`, no
 * sign-in), then the same image call as a signed-in one. Free sample answers; the services host
 * accepts the key from the site's own origins only and limits it per client. Light on purpose (no
 * account cache, no identity SDK): it loads on docs pages.
 */
import type { DemoKey } from '@contract/account';
import { getSiteConfig } from '@site/src/config';
import { API_MESSAGES } from './messages';
import type { ApiResult } from './result';
import { createServicesClient, type ImageCall } from './services';
import { joinUrl } from './url';

let demoKey: Promise<string | null> | null = null;

async function fetchDemoKey(): Promise<string | null> {
  try {
    const response = await fetch(joinUrl(getSiteConfig().apiBaseUrl, 'demo-key'), {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<DemoKey>;
    return typeof body.key === 'string' ? body.key : null;
  } catch {
    return null;
  }
}

export async function processWithDemoKey<T>(
  call: Omit<ImageCall, 'apiKey'>,
): Promise<ApiResult<T>> {
  // One look-up per page; a failed one is tried again next time.
  demoKey ??= fetchDemoKey();
  const key = await demoKey;
  if (!key) {
    demoKey = null;
    return { error_message: API_MESSAGES.signInToProcessImage };
  }
  const client = createServicesClient({
    baseUrl: () => getSiteConfig().servicesBaseUrl,
    getApiKeys: async () => ({ error_message: API_MESSAGES.signInToProcessImage }),
  });
  return client.processImage<T>({ ...call, apiKey: key });
}
