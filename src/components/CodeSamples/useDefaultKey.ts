/**
 * The signed-in reader's key for code samples, read after mount. Secrets are shown only once, so
 * the one key whose secret the backend gives back is the key used for in-browser calls
 * (`used_for_ui`, the same key the Playground sends); with no such secret the samples keep the
 * placeholder. The keys come from the account cache, imported on demand: a reader without a
 * session never downloads it.
 */
import { useEffect, useState } from 'react';
import type { ApiKey } from '@contract/account';
import { API_MESSAGES } from '@site/src/api/messages';
import { useAuth } from '@site/src/auth/AuthProvider';

export type DefaultKeyState =
  | { status: 'unknown' }
  | { status: 'signedOut' }
  | { status: 'noKey' }
  /** Keys exist, but none whose secret can be shown again. */
  | { status: 'hidden'; name: string }
  | { status: 'failed'; error_message: string }
  | { status: 'ready'; key: string; name: string };

export function useDefaultKey(): DefaultKeyState {
  const auth = useAuth();
  const [state, setState] = useState<DefaultKeyState>({ status: 'unknown' });
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
          setState({ status: 'failed', error_message: result.error_message });
          return;
        }
        setState(sampleKeyState(result.data.api_keys));
      })
      .catch(() => {
        // The client's chunk did not load (offline, new deploy).
        if (live) setState({ status: 'failed', error_message: API_MESSAGES.fetchApiKeys });
      });
    return () => {
      live = false;
    };
  }, [auth.status, uid]);
  return state;
}

/** The first `used_for_ui` key with its secret, else why the samples keep the placeholder. */
export function sampleKeyState(keys: ApiKey[]): DefaultKeyState {
  const ui = keys.find((k) => k.used_for_ui);
  if (ui?.key) return { status: 'ready', key: ui.key, name: ui.name };
  const shown = keys.find((k) => k.is_default) ?? keys[0];
  return shown ? { status: 'hidden', name: shown.name } : { status: 'noKey' };
}
