/**
 * The signed-in reader's default API key (or their first key), read after mount. The account
 * client is imported on demand: a reader without a session never downloads it.
 */
import { useEffect, useState } from 'react';
import { API_MESSAGES } from '@site/src/api/messages';
import { useAuth } from '@site/src/auth/AuthProvider';

export type DefaultKeyState =
  | { status: 'unknown' }
  | { status: 'signedOut' }
  | { status: 'noKey' }
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
    void import('@site/src/api')
      .then(({ account }) => account.getApiKeys())
      .then((result) => {
        if (!live) return;
        if (result.error_message !== undefined) {
          setState({ status: 'failed', error_message: result.error_message });
          return;
        }
        const keys = result.data.api_keys;
        const key = keys.find((k) => k.is_default) ?? keys[0];
        setState(key ? { status: 'ready', key: key.key, name: key.name } : { status: 'noKey' });
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
