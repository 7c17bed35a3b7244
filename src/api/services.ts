/**
 * Image calls to the services host (spec §7): `POST {task}/{sub?}/{optional?}`
 * with the account's first `used_for_ui` key in the `api-key` header.
 */
import type { ApiKeyList } from '@contract/account';
import { API_MESSAGES } from './messages';
import type { ApiResult } from './result';
import { joinUrl } from './url';

export interface ImageCall {
  task: string;
  sub?: string;
  optional?: string;
  /** FormData (image upload) is sent as is; anything else as JSON. */
  body: FormData | Blob | Record<string, unknown>;
  /** Skip the key look-up when the caller already has the key. */
  apiKey?: string;
}

export interface ServicesDeps {
  baseUrl: () => string;
  getApiKeys: () => Promise<ApiResult<ApiKeyList>>;
  /**
   * Why there is no key to send, when it is not that the reader is signed out (a member whose
   * role may not read the key's secret); null or absent: the spec's message.
   */
  noKeyMessage?: () => Promise<string | null>;
  fetch?: typeof fetch;
}

export function createServicesClient(deps: ServicesDeps) {
  async function findUiKey(): Promise<string | null> {
    const keys = await deps.getApiKeys();
    if (keys.error_message !== undefined) return null;
    // Each member has their own in-browser key; the list shows the secret of theirs only.
    return keys.data.api_keys.find((key) => key.used_for_ui && key.key)?.key ?? null;
  }

  return {
    findUiKey,
    processImage: async <T = unknown>(call: ImageCall): Promise<ApiResult<T>> => {
      const apiKey = call.apiKey ?? (await findUiKey());
      if (!apiKey) {
        const why = (await deps.noKeyMessage?.()) ?? null;
        return { error_message: why ?? API_MESSAGES.signInToProcessImage };
      }
      const path = [call.task, call.sub, call.optional].filter(Boolean).join('/');
      const isRaw = call.body instanceof FormData || call.body instanceof Blob;
      let response: Response;
      try {
        response = await (deps.fetch ?? fetch)(joinUrl(deps.baseUrl(), path), {
          method: 'POST',
          headers: {
            'api-key': apiKey,
            Accept: 'application/json',
            ...(isRaw ? {} : { 'Content-Type': 'application/json' }),
          },
          body: isRaw ? (call.body as FormData | Blob) : JSON.stringify(call.body),
        });
      } catch {
        return { error_message: API_MESSAGES.processImage };
      }
      let json: unknown;
      try {
        json = await response.json();
      } catch {
        return { error_message: API_MESSAGES.processImage, status: response.status };
      }
      if (response.status !== 200) {
        const message =
          json &&
          typeof json === 'object' &&
          typeof (json as { error_message?: unknown }).error_message === 'string'
            ? (json as { error_message: string }).error_message
            : API_MESSAGES.processImage;
        return { error_message: message, status: response.status };
      }
      return { data: json as T };
    },
  };
}

export type ServicesClient = ReturnType<typeof createServicesClient>;
