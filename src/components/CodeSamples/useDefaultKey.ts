/** The signed-in reader's default API key (or their first key), read after mount. */
import { useEffect, useState } from 'react';
import { account } from '@site/src/api';
import { useAuth } from '@site/src/auth';

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
    void account.getApiKeys().then((result) => {
      if (!live) return;
      if (result.error_message !== undefined) {
        setState({ status: 'failed', error_message: result.error_message });
        return;
      }
      const keys = result.data.api_keys;
      const key = keys.find((k) => k.is_default) ?? keys[0];
      setState(key ? { status: 'ready', key: key.key, name: key.name } : { status: 'noKey' });
    });
    return () => {
      live = false;
    };
  }, [auth.status, uid]);
  return state;
}
