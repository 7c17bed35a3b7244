import { useCallback, useState } from 'react';
import { rememberRole } from '@site/src/api/memberRole';
import { authErrorMessage, signOutEverywhere } from '@site/src/auth';
import { notify } from '@site/src/components/Notifications/queue';

/** Signs out through the SDK and tells the user; `pending` guards double clicks. */
export default function useSignOut(): { signOut: () => Promise<void>; pending: boolean } {
  const [pending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    if (pending) return;
    setPending(true);
    try {
      await signOutEverywhere();
      // The next person in this browser sees every page until their role is read.
      rememberRole(null);
      notify({ severity: 'success', message: 'You are signed out.' });
    } catch (error) {
      notify({ severity: 'error', message: authErrorMessage(error) });
    } finally {
      setPending(false);
    }
  }, [pending]);
  return { signOut, pending };
}
