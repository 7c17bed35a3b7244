/**
 * The signed-in user's organization (`GET organization`, one entry of the account cache shared
 * by every account page). 404 means none yet (the page then shows the registration form); a 401
 * is handled quietly (spec §7): no notification, the page asks the user to sign in again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { Organization } from '@contract';
import { rememberRole } from '@site/src/api/memberRole';
import { rememberOrganization } from '@site/src/api/organization';
import { loadable, organizationQuery } from '@site/src/api/queries';

export const NO_LONGER_A_MEMBER =
  'You are no longer a member of this organization: an owner or admin removed you, or you left it. Try again to open your other organizations.';

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
  const queryClient = useQueryClient();
  const query = useQuery({ ...organizationQuery(), enabled });
  const { refetch } = query;

  const setOrganization = useCallback(
    (organization: Organization) =>
      queryClient.setQueryData(organizationQuery().queryKey, organization),
    [queryClient],
  );

  const loaded = loadable(query);
  let state: OrganizationState;
  if (loaded.kind === 'ready') state = { kind: 'ready', organization: loaded.data };
  else if (loaded.kind === 'loading') state = loaded;
  else if (loaded.status === 404 && loaded.message.startsWith('Organization not found')) {
    // The organization this browser had selected is no longer one of the user's (removed, or
    // left in another tab): say so; Try again opens the server's default.
    state = { kind: 'failed', message: NO_LONGER_A_MEMBER };
  } else if (loaded.status === 404) state = { kind: 'none' };
  else if (loaded.status === 401) state = { kind: 'unauthorized' };
  else state = { kind: 'failed', message: loaded.message };

  // The menus list only the pages this role can use.
  const role = state.kind === 'ready' ? (state.organization.role ?? null) : null;
  useEffect(() => {
    if (role) rememberRole(role);
  }, [role]);

  const reload = useCallback(() => {
    if (state.kind === 'failed' && state.message === NO_LONGER_A_MEMBER) {
      rememberOrganization(null);
      return;
    }
    void refetch();
  }, [state, refetch]);

  return { state, reload, setOrganization };
}
