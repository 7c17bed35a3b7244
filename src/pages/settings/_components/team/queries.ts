/** The team's cache entries: members, pending invitations, admin keys and the user's organizations. */
import { queryOptions } from '@tanstack/react-query';
import { account } from '@site/src/api';
import { queryClient, unwrap } from '@site/src/api/cache';
import { v1Key } from '@site/src/api/queries';

export const membersQuery = () =>
  queryOptions({
    queryKey: v1Key('GET /team/members'),
    queryFn: () => account.v1('GET /team/members').then(unwrap),
  });

export const invitationsQuery = () =>
  queryOptions({
    queryKey: v1Key('GET /team/invitations'),
    queryFn: () => account.v1('GET /team/invitations').then(unwrap),
  });

export const adminKeysQuery = () =>
  queryOptions({
    queryKey: v1Key('GET /admin-keys'),
    queryFn: () => account.v1('GET /admin-keys').then(unwrap),
  });

export const organizationsQuery = () =>
  queryOptions({
    queryKey: v1Key('GET /organizations'),
    queryFn: () => account.v1('GET /organizations').then(unwrap),
  });

/** After a change of the team: what the page shows reads again. */
export function invalidateTeam(): Promise<void> {
  return Promise.all(
    (
      [
        'GET /team/members',
        'GET /team/invitations',
        'GET /admin-keys',
        'GET /organization',
      ] as const
    ).map((endpoint) => queryClient.invalidateQueries({ queryKey: [endpoint] })),
  ).then(() => undefined);
}
