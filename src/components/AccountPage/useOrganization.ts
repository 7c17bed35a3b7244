/**
 * The signed-in user's organization (`GET organization`). 404 means none yet
 * (the page then shows the registration form); a 401 is handled quietly
 * (spec §7): no notification, the page asks the user to sign in again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { account } from '@site/src/api';
import type { Organization } from '@contract';
import { notify } from '@site/src/components/Notifications';

export type OrganizationState =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'unauthorized' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; organization: Organization };

export default function useOrganization(enabled: boolean): {
  state: OrganizationState;
  reload: () => void;
  setOrganization: (organization: Organization) => void;
} {
  const [state, setState] = useState<OrganizationState>({ kind: 'loading' });
  const generation = useRef(0);

  const load = useCallback(async () => {
    const current = ++generation.current;
    setState({ kind: 'loading' });
    const result = await account.getOrganization();
    if (current !== generation.current) return;
    if (result.error_message === undefined) {
      setState({ kind: 'ready', organization: result.data });
    } else if (result.status === 404) {
      setState({ kind: 'none' });
    } else if (result.status === 401) {
      setState({ kind: 'unauthorized' });
    } else {
      notify({ severity: 'error', message: result.error_message });
      setState({ kind: 'failed', message: result.error_message });
    }
  }, []);

  useEffect(() => {
    if (enabled) void load();
    // Unmounted: answers still on their way are ignored.
    const calls = generation;
    return () => {
      calls.current++;
    };
  }, [enabled, load]);

  const setOrganization = useCallback((organization: Organization) => {
    generation.current++;
    setState({ kind: 'ready', organization });
  }, []);

  return { state, reload: () => void load(), setOrganization };
}
