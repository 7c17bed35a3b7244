/**
 * What a member's role may not do, said the way the server says it (a 403 names the roles an
 * operation needs): from the contract's `V1_ACCESS`, so a page and the server never disagree.
 * No React: the account pages and the playground share it.
 */
import { roleMay, rolesNeeded, V1_ACCESS, type V1EndpointKey } from '@contract/endpoints';
import type { Role } from '@contract/teams';

/**
 * The playground sends the member's own in-browser key (each owner, admin and developer has one,
 * issue 31); a viewer reads keys without secrets, a billing member no keys at all.
 */
export const PLAYGROUND_ENDPOINT: V1EndpointKey = 'POST /api-key';

/** "Creating keys needs the owner, admin or developer role; your role in Acme is billing." */
export function roleNeededMessage(
  what: string,
  endpoint: V1EndpointKey,
  organization: { name: string; role?: Role | null },
): string {
  return `${what} needs the ${rolesNeeded(V1_ACCESS[endpoint])} role; your role in ${organization.name} is ${organization.role ?? 'viewer'}.`;
}

/**
 * Why a signed-in member cannot try a deployment here, when it is their role; null when their
 * role may (the spec's "Sign In is required to proceed!" then says a key is missing).
 */
export function playgroundRoleMessage(organization: {
  name: string;
  role?: Role | null;
}): string | null {
  if (!organization.role || roleMay(PLAYGROUND_ENDPOINT, organization.role)) return null;
  return roleNeededMessage('Trying a deployment here', PLAYGROUND_ENDPOINT, organization);
}
