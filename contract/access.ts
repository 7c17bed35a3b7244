/**
 * Who may call an operation (the `access` of each entry of contract/operations.ts):
 * - `public`: anyone (an ID token, when sent, is still checked);
 * - `user`: any signed-in person, acting on no particular organization;
 * - `member`: a member of the organization the call acts on (`x-organization-id`, default: the
 *   last selected), whose role is one of `roles`. Admin keys act as a member of their role,
 *   except where `people_only` (team management and admin keys themselves). `own_keys`: roles
 *   that may act only on the API keys they created (an admin key: the keys its holder created);
 *   the other roles act on every key of the organization.
 *
 * Plain data: the site, the server and the documents read it.
 */
import { ROLES, type Role } from './roles';

export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'user' }
  | {
      readonly kind: 'member';
      readonly roles: readonly Role[];
      readonly people_only?: true;
      readonly own_keys?: readonly Role[];
    };

export const member = (
  roles: readonly Role[],
  options: { people_only?: true; own_keys?: readonly Role[] } = {},
): Access => ({
  kind: 'member',
  roles,
  ...options,
});
export const PUBLIC: Access = { kind: 'public' };
export const USER: Access = { kind: 'user' };

/** The role groups operations are declared with. */
export const ANY_MEMBER = ROLES;
export const MANAGERS: readonly Role[] = ['owner', 'admin'];
export const OWNER_ONLY: readonly Role[] = ['owner'];
export const KEY_MANAGERS: readonly Role[] = ['owner', 'admin', 'developer'];
/** Roles that manage only the API keys they created (owners and admins manage all). */
export const OWN_KEYS_ONLY: readonly Role[] = ['developer'];
export const KEY_READERS: readonly Role[] = ['owner', 'admin', 'developer', 'viewer'];
export const BUYERS: readonly Role[] = ['owner', 'admin', 'billing'];
export const BILLING_READERS: readonly Role[] = ['owner', 'admin', 'billing', 'viewer'];

/** Whether `role` may act on a key created by `creatorUid`, when the caller is `uid`. */
export function mayActOnKey(
  access: Access,
  role: Role,
  uid: string | null,
  creatorUid: string | null,
): boolean {
  if (access.kind !== 'member' || !access.own_keys?.includes(role)) return true;
  return uid !== null && creatorUid === uid;
}

/** The roles that may call an operation, for messages: "owner, admin or billing". */
export function rolesNeeded(access: Access): string {
  if (access.kind !== 'member') return '';
  const roles = access.roles;
  return roles.length === 1
    ? roles[0]!
    : `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]}`;
}
