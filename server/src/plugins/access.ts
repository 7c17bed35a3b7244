/**
 * Who may call each /v1 operation, enforced in one place from the contract's declaration
 * (`V1_ACCESS` in contract/endpoints.ts):
 * - every /v1 route must have an entry, or the app refuses to build (`onRoute`);
 * - `user` operations need a signed-in person (Firebase ID token); an admin key gets 403;
 * - `member` operations need a member of the organization the call acts on, chosen by the
 *   `x-organization-id` header or else the caller's selected organization, whose role is one
 *   of the declared roles: a person (ID token) or an admin key (`Authorization: Bearer
 *   va_admin_…`, acting with its own role on its own organization). A non-member gets 404 (no
 *   existence leak), a member outside their role 403 naming the role needed.
 */
import type { FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import {
  ADMIN_KEY_PREFIX,
  ORGANIZATION_HEADER,
  rolesNeeded,
  V1_ACCESS,
  type Access,
  type Role,
  type V1EndpointKey,
} from '@contract';
import { ApiError, NO_ORGANIZATION_MESSAGE, unauthenticated } from '../lib/errors';
import type { KeySecrets } from '../lib/keys';
import type { Actor } from '../repositories/audit';
import type { OrganizationRow } from '../repositories/organizations';
import type { TeamsRepository } from '../repositories/teams';
import { bearerToken, type authHooks } from './auth';

/** The organization a call acts on, and with which role. */
export interface CallAccess {
  organization: OrganizationRow;
  role: Role;
  /** The member the call acts for: the signed-in person, or the admin key's holder. */
  memberUid: string | null;
  /** Through an admin key: its holder's current role (the key acts with at most it). */
  holderRole?: Role;
}

/**
 * The role an admin key acts with (issue 31): its own, at most its holder's current one. An
 * owner or admin holder, or one of the key's own role, leaves the key's role; an admin key whose
 * holder was demoted acts with the holder's new role. Otherwise (a developer's billing key, say)
 * the key keeps its role and every call must also be allowed to the holder's (`holderRole`).
 */
export function adminKeyRole(keyRole: Role, holderRole: Role): Role {
  if (holderRole === 'owner' || holderRole === 'admin' || holderRole === keyRole) return keyRole;
  return keyRole === 'admin' ? holderRole : keyRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    access: CallAccess | null;
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Set from the contract when the route is added. */
    access?: Access;
  }
}

export const ORGANIZATION_NOT_FOUND_MESSAGE =
  'Organization not found, or you are not one of its members. Check the x-organization-id header.';
export const INVALID_ADMIN_KEY_MESSAGE =
  'The admin key is invalid, deleted or expired. Create a new one on the team page.';
export const PEOPLE_ONLY_MESSAGE =
  'Admin keys cannot call this operation: it needs a signed-in member of the organization.';
/** Operations on the signed-in person's own account (their organizations, invitations). */
export const PERSONAL_ONLY_MESSAGE =
  "Admin keys cannot call this operation: it acts on a signed-in person's own account, not on an organization. Sign in to call it.";
/** Longest admin key worth hashing (the prefix and 32 characters). */
const MAX_ADMIN_KEY_LENGTH = 64;
/** How stale a member's "last active" may get before a call refreshes it. */
const ACTIVITY_RESOLUTION_MS = 5 * 60_000;

/** `POST /v1/team/members/:uid` → `POST /team/members/{uid}` (the contract's key). */
export function endpointKey(method: string, url: string): string {
  const path = url.replace(/^\/v1(?=\/)/, '').replace(/:([A-Za-z_]+)/g, '{$1}');
  return `${method} ${path}`;
}

export function accessOf(method: string, url: string): Access | undefined {
  return (V1_ACCESS as Record<string, Access>)[
    endpointKey(method === 'HEAD' ? 'GET' : method, url)
  ];
}

export const forbiddenRole = (access: Access, role: Role, organization: string) =>
  new ApiError(
    'role_forbidden',
    `This needs the ${rolesNeeded(access)} role; your role in ${organization} is ${role}.`,
    { details: { role, roles_needed: rolesNeeded(access) } },
  );
const organizationNotFound = (message = ORGANIZATION_NOT_FOUND_MESSAGE) =>
  new ApiError('organization_not_found', message);

export function accessControl(deps: {
  hooks: ReturnType<typeof authHooks>;
  teams: TeamsRepository;
  keySecrets: KeySecrets;
  /**
   * The limit per caller (person or admin key), besides the one per IP: run once the caller is
   * verified and before any look-up of their organization.
   */
  limitCaller?: (request: FastifyRequest) => Promise<void>;
}) {
  const { hooks, teams, keySecrets, limitCaller } = deps;

  function organizationHeader(request: FastifyRequest): string | null {
    const value = request.headers[ORGANIZATION_HEADER];
    if (value === undefined) return null;
    if (typeof value !== 'string' || value.length === 0 || value.length > 64) {
      throw organizationNotFound();
    }
    return value;
  }

  const personActor = (request: FastifyRequest): Actor => ({
    kind: 'user',
    id: request.user!.uid,
    label: request.user!.email,
    ip: request.ip,
  });

  async function asAdminKey(request: FastifyRequest, token: string, access: Access) {
    // An admin key is a member of one organization, never a person: 403, like a role that may
    // not call the operation (the key is valid; this operation is not for it).
    if (access.kind !== 'member') throw new ApiError('people_only', PERSONAL_ONLY_MESSAGE);
    if (access.people_only) throw new ApiError('people_only', PEOPLE_ONLY_MESSAGE);
    if (token.length > MAX_ADMIN_KEY_LENGTH) throw unauthenticated(INVALID_ADMIN_KEY_MESSAGE);
    const found = await teams.adminKeyForCall(keySecrets.hash(token));
    if (!found) throw unauthenticated(INVALID_ADMIN_KEY_MESSAGE);
    const named = organizationHeader(request);
    if (named !== null && named !== found.organization.id) {
      throw organizationNotFound();
    }
    request.actor = { kind: 'admin_key', id: found.key.id, label: found.key.name, ip: request.ip };
    request.access = {
      organization: found.organization,
      role: adminKeyRole(found.key.role, found.holderRole),
      memberUid: found.key.secretHolderUid ?? found.key.createdByUid ?? null,
      holderRole: found.holderRole,
    };
    const lastUsed = found.key.lastUsedAt?.getTime() ?? 0;
    if (Date.now() - lastUsed > 60_000) await teams.touchAdminKey(found.key.id);
  }

  async function asPerson(request: FastifyRequest) {
    const checkRevoked = request.routeOptions.config?.freshToken === true;
    await hooks.authenticate(request, true, checkRevoked);
    request.actor = personActor(request);
  }

  const check: onRequestAsyncHookHandler = async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    const token = bearerToken(request);
    if (token?.startsWith(ADMIN_KEY_PREFIX)) {
      await asAdminKey(request, token, access);
      await limitCaller?.(request);
    } else {
      await asPerson(request);
      await limitCaller?.(request);
      if (access.kind === 'member') {
        const named = organizationHeader(request);
        const found = await teams.membershipFor(request.user!.uid, named);
        if (!found) {
          throw organizationNotFound(
            named === null ? NO_ORGANIZATION_MESSAGE : ORGANIZATION_NOT_FOUND_MESSAGE,
          );
        }
        request.access = {
          organization: found.organization,
          role: found.membership.role,
          memberUid: request.user!.uid,
        };
        const lastActive = found.membership.lastActiveAt?.getTime() ?? 0;
        if (Date.now() - lastActive > ACTIVITY_RESOLUTION_MS) {
          await teams.touch(found.organization.id, request.user!.uid);
        }
      }
    }
    if (access.kind === 'member' && !access.roles.includes(request.access!.role)) {
      throw forbiddenRole(access, request.access!.role, request.access!.organization.name);
    }
    // An admin key acts with at most its holder's current role: what the holder may not do,
    // their key may not either.
    const holderRole = request.access?.holderRole;
    if (access.kind === 'member' && holderRole && !access.roles.includes(holderRole)) {
      throw new ApiError(
        'role_forbidden',
        `This needs the ${rolesNeeded(access)} role; this admin key acts for a member whose role in ${request.access!.organization.name} is now ${holderRole}.`,
        { details: { role: holderRole, roles_needed: rolesNeeded(access) } },
      );
    }
  };

  return {
    /** Attaches the contract's access to every /v1 route; a route without one is refused. */
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const access = accessOf(method, route.url);
        if (!access) {
          throw new Error(
            `${endpointKey(method, route.url)} is no operation of the table: add it to contract/operations.ts.`,
          );
        }
        route.config = { ...(route.config as object), access } as typeof route.config;
      }
      if (accessOf(methods[0]!, route.url)!.kind === 'public') return;
      const existing = route.onRequest;
      route.onRequest = [
        check,
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      ];
    },
  };
}

/** The organization the call acts on (member operations only: the access hook has set it). */
export function organizationOf(request: FastifyRequest): OrganizationRow {
  if (!request.access) throw new Error('organizationOf on an operation without member access');
  return request.access.organization;
}

/**
 * Whose API keys the call may change (contract: `own_keys`): undefined for a role that manages
 * every key, else the acting member's uid (only the keys they created).
 */
export function keyOwnerScope(request: FastifyRequest): string | null | undefined {
  const access = request.routeOptions.config?.access;
  const call = request.access;
  if (access?.kind !== 'member' || !call) return undefined;
  const ownOnly =
    access.own_keys?.includes(call.role) ||
    (call.holderRole !== undefined && access.own_keys?.includes(call.holderRole));
  return ownOnly ? call.memberUid : undefined;
}

/** Who is calling, for the audit log. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('actorOf on a public operation');
  return request.actor;
}

/** The operation's access as the OpenAPI document shows it. */
export function describeAccess(key: V1EndpointKey | string): string | null {
  const access = (V1_ACCESS as Record<string, Access>)[key];
  if (!access) return null;
  if (access.kind === 'public') return 'No sign-in needed.';
  if (access.kind === 'user')
    return 'Needs a signed-in person (Firebase ID token); admin keys are refused.';
  const who = `Members with the ${rolesNeeded(access)} role`;
  const own = access.own_keys?.length
    ? ` A ${access.own_keys.join(' or ')} acts only on the keys they created (403 \`not_key_owner\` otherwise); owners and admins act on every key.`
    : '';
  return access.people_only
    ? `${who}, signed in (admin keys are refused).${own}`
    : `${who} (ID token or an admin key of that role).${own}`;
}
