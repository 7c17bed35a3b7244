/**
 * The keys a signed-in reader's code samples may carry, read after mount. A copied sample must
 * run as it is from a terminal and cost nothing, the way Stripe's docs put your test key into
 * every sample: so the default is one of the organization's test keys (free sample answers; their
 * secrets are readable by the members who may use keys), never the in-browser key (it answers
 * only the site's own origins). Live keys are offered too, with a placeholder: their secrets
 * were shown once. The keys come from the account cache, imported on demand: a reader without a
 * session never downloads it.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiKey } from '@contract/account';
import { API_MESSAGES } from '@site/src/api/messages';
import { useAuth } from '@site/src/auth/AuthProvider';

/** A key the samples can use: a test key with its secret, or a live key without it. */
export interface SampleKey {
  id: string;
  name: string;
  mode: 'live' | 'test';
  /** The secret, when the organization may read it again (test keys). */
  secret: string | null;
  redacted: string;
}

export type DefaultKeyState =
  | { status: 'unknown' }
  | { status: 'signedOut' }
  /** Their role reads no keys (billing): the message says which roles do. */
  | { status: 'noAccess'; message: string }
  | { status: 'failed'; error_message: string }
  /** `keys` may be empty or hold no test key: the bar then offers "Create a test key". */
  | { status: 'ready'; keys: SampleKey[] };

/** The keys samples may carry, test keys with a secret first; never the in-browser key. */
export function sampleKeys(keys: ApiKey[]): SampleKey[] {
  const usable = keys
    .filter((key) => !key.used_for_ui && !key.disabled)
    .map((key) => ({
      id: key.id,
      name: key.name,
      mode: key.mode,
      secret: key.mode === 'test' ? (key.key ?? null) : null,
      redacted: key.redacted,
    }));
  const rank = (key: SampleKey) => (key.secret ? 0 : key.mode === 'test' ? 1 : 2);
  return usable.sort((a, b) => rank(a) - rank(b));
}

/** The key a sample starts with: the first test key whose secret can be shown. */
export function defaultSampleKey(keys: SampleKey[]): SampleKey | null {
  return keys.find((key) => key.secret !== null) ?? null;
}

export function useDefaultKey(): DefaultKeyState & { reload: () => void } {
  const auth = useAuth();
  const [state, setState] = useState<DefaultKeyState>({ status: 'unknown' });
  const [generation, setGeneration] = useState(0);
  const uid = auth.status === 'signedIn' ? auth.user?.uid : undefined;
  useEffect(() => {
    if (auth.status === 'unknown') return;
    if (auth.status === 'signedOut') {
      setState({ status: 'signedOut' });
      return;
    }
    let live = true;
    void import('@site/src/api/queries')
      .then(({ fetchApiKeys }) => fetchApiKeys())
      .then((result) => {
        if (!live) return;
        if (result.error_message !== undefined) {
          setState(
            result.status === 403
              ? { status: 'noAccess', message: result.error_message }
              : { status: 'failed', error_message: result.error_message },
          );
          return;
        }
        setState({ status: 'ready', keys: sampleKeys(result.data.api_keys) });
      })
      .catch(() => {
        // The client's chunk did not load (offline, new deploy).
        if (live) setState({ status: 'failed', error_message: API_MESSAGES.fetchApiKeys });
      });
    return () => {
      live = false;
    };
  }, [auth.status, uid, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}

/** Creates a test key for the samples (free sample answers); its secret, or the error. */
export async function createTestKey(): Promise<{ error_message?: string }> {
  const [{ account }, { invalidateApiKeys }] = await Promise.all([
    import('@site/src/api'),
    import('@site/src/api/queries'),
  ]);
  const result = await account.v1('POST /api-key', { body: { name: 'Test key', mode: 'test' } });
  if (result.error_message !== undefined) return { error_message: result.error_message };
  await invalidateApiKeys();
  return {};
}
