/**
 * Teams: the user's organizations, members and roles, invitations, admin keys and the audit
 * log. Who may call each operation is declared in the contract (`V1_ACCESS`) and enforced by
 * the access hook before a handler runs; the repository re-checks the acting member's role
 * under the team's lock, so a change never acts on a role that was just taken away.
 */
import { randomBytes } from 'node:crypto';
import type { AuditLogQuery, Invitation, Member } from '@contract';
import {
  ADMIN_KEY_PREFIX,
  UNVERIFIED_MAX_ORGANIZATIONS,
  VERIFY_FOR_MORE_ORGANIZATIONS_MESSAGE,
  VERIFY_TO_ACCEPT_MESSAGE,
  VERIFY_TO_INVITE_MESSAGE,
} from '@contract';
import { missingStateMessage } from '@contract/address';

import { TEAM_MESSAGES } from '../../billing/mailer';
import { decodeCursor } from '../../lib/cursor';
import { ApiError, invalidRequest } from '../../lib/errors';
import { centsAmountToMicros, microsToUsd } from '../../lib/money';
import { actorOf, organizationOf } from '../../plugins/access';
import { hasVerifiedEmail, requireVerifiedEmail } from '../../plugins/auth';
import type { AuditRow } from '../../repositories/audit';
import type { AdminKeyRow, InvitationRow, MemberRow } from '../../repositories/teams';
import type { V1Context } from '../context';
import type { Handlers } from '../operations';
import { csvStream } from './usage';

/** Most rows one audit-log CSV carries. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

const iso = (date: Date) => date.toISOString();

function presentMember(row: MemberRow, callerUid: string | null): Member {
  return {
    uid: row.uid,
    email: row.email,
    role: row.role,
    joined_at: iso(row.createdAt),
    last_active_at: row.lastActiveAt ? iso(row.lastActiveAt) : null,
    monthly_limit_usd: row.monthlyLimitMicros === null ? null : microsToUsd(row.monthlyLimitMicros),
    month_to_date_usd: microsToUsd(row.monthSpendMicros),
    you: row.uid === callerUid,
  };
}

function presentInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.invitedByEmail,
    created_at: iso(row.sentAt),
    expires_at: iso(row.expiresAt),
    status: row.expiresAt.getTime() > Date.now() ? 'pending' : 'expired',
  };
}

function presentAdminKey(row: AdminKeyRow) {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    redacted: `${ADMIN_KEY_PREFIX}…${row.last4}`,
    created_by: row.createdByEmail,
    created_at: iso(row.createdAt),
    expires_at: row.expiresAt ? iso(row.expiresAt) : null,
    last_used_at: row.lastUsedAt ? iso(row.lastUsedAt) : null,
  };
}

function presentAuditEntry(row: AuditRow) {
  return {
    id: String(row.id),
    at: iso(row.at),
    actor: { kind: row.actorKind, id: row.actorId, label: row.actorLabel },
    action: row.action,
    target: row.target,
    details: row.details as Record<string, string | number | boolean | null>,
    ip: row.ip,
  };
}

export function teamHandlers(ctx: V1Context) {
  const { teams } = ctx.repos;
  const secretHash = ctx.keySecrets.hash;

  /** A new invitation link's secret and what is stored of it. */
  const newInvitationToken = () => {
    const token = randomBytes(32).toString('base64url');
    return { token, tokenHash: secretHash(`invitation:${token}`) };
  };
  const invitationHash = (token: string) => secretHash(`invitation:${token}`);

  async function sendInvitation(row: InvitationRow, organization: string, token: string) {
    const link = `${ctx.config.siteUrl}/invitation/?token=${encodeURIComponent(token)}`;
    try {
      await ctx.mailer.send({
        to: row.email,
        ...TEAM_MESSAGES.invitation({
          organization,
          inviter: row.invitedByEmail,
          role: row.role,
          link,
          expiresAt: row.expiresAt,
        }),
      });
    } catch {
      throw new ApiError(
        'delivery_failed',
        `The invitation to ${row.email} was saved but its e-mail could not be sent. Resend it in a moment.`,
      );
    }
  }

  // ---------------------------------------------------------------- the user's organizations

  // ---------------------------------------------------------------- members

  // ---------------------------------------------------------------- invitations

  // ---------------------------------------------------------------- admin keys

  const newAdminSecret = () => {
    const secret = ADMIN_KEY_PREFIX + randomBytes(24).toString('base64url');
    return { secret, stored: { secretHash: secretHash(secret), last4: secret.slice(-4) } };
  };

  // ---------------------------------------------------------------- audit log

  const auditFilter = (query: AuditLogQuery) => ({
    ...(query.actor && { actor: query.actor }),
    ...(query.action && { action: query.action }),
    ...(query.start && { start: new Date(query.start) }),
    ...(query.end && { end: new Date(query.end) }),
  });

  return {
    listOrganizations: async (request) => {
      const uid = request.user!.uid;
      const [rows, selected, removals] = await Promise.all([
        teams.organizationsOf(uid),
        teams.membershipFor(uid, null),
        teams.removalsOf(uid),
      ]);
      return {
        organizations: rows.map((row) => ({
          id: row.id,
          name: row.name,
          role: row.role,
          selected: row.id === selected?.organization.id,
        })),
        removed_from: removals.map((removal) => ({
          organization_name: removal.organizationName,
          removed_by: removal.removedBy,
          removed_at: removal.removedAt.toISOString(),
        })),
      };
    },

    createAnotherOrganization: async (request) => {
      const missing = missingStateMessage(request.body.country, request.body.state);
      if (missing) throw invalidRequest(missing);
      const user = request.user!;
      // An unverified address may own few organizations: each one could send invitations.
      const verified = await hasVerifiedEmail(ctx.verifier, user);
      const org = await ctx.repos.organizations.create(user, request.body, actorOf(request), {
        ...(!verified && {
          maxOwned: {
            count: UNVERIFIED_MAX_ORGANIZATIONS,
            error: () => new ApiError('email_not_verified', VERIFY_FOR_MORE_ORGANIZATIONS_MESSAGE),
          },
        }),
      });
      return { id: org!.id, name: org!.name, role: 'owner' as const, selected: true };
    },

    selectOrganization: async (request) => {
      const found = await teams.select(
        request.user!.uid,
        request.body.organization_id,
        actorOf(request),
      );
      return {
        id: found.organization.id,
        name: found.organization.name,
        role: found.membership.role,
        selected: true,
      };
    },

    listMembers: async (request) => {
      const rows = await teams.members(organizationOf(request).id);
      return { members: rows.map((row) => presentMember(row, request.user?.uid ?? null)) };
    },

    updateMember: async (request) => {
      const org = organizationOf(request);
      let limit: number | null | undefined;
      if (request.body.monthly_limit_usd !== undefined) {
        limit =
          request.body.monthly_limit_usd === null
            ? null
            : centsAmountToMicros(request.body.monthly_limit_usd);
        if (limit === null && request.body.monthly_limit_usd !== null) {
          throw invalidRequest(
            'Invalid request body: monthly_limit_usd must have at most 2 decimals.',
          );
        }
      }
      await teams.updateMember(
        org.id,
        request.params.uid,
        {
          ...(request.body.role !== undefined && { role: request.body.role }),
          ...(limit !== undefined && { monthlyLimitMicros: limit }),
        },
        actorOf(request),
      );
      const [row] = await teams.members(org.id, request.params.uid);
      return presentMember(row!, request.user!.uid);
    },

    removeMember: async (request) => {
      const result = await teams.removeMember(
        organizationOf(request).id,
        request.params.uid,
        actorOf(request),
        request.query.hand_keys_to,
      );
      return {
        uid: request.params.uid,
        removed: true as const,
        api_keys_deleted: result.apiKeysDeleted,
        api_keys_handed_over: result.apiKeysHandedOver,
        api_keys_rotated: result.apiKeysRotated,
      };
    },

    leaveOrganization: async (request) => {
      await teams.leave(organizationOf(request).id, actorOf(request));
      return { left: true as const };
    },

    transferOwnership: async (request) => {
      const org = organizationOf(request);
      const actor = actorOf(request);
      const { newOwnerEmail } = await teams.transferOwnership(org.id, request.body.uid, actor);
      if (newOwnerEmail) {
        // The transfer is done and audited; a mail server that is down does not undo it.
        try {
          await ctx.mailer.send({
            to: newOwnerEmail,
            ...TEAM_MESSAGES.ownershipReceived({
              organization: org.name,
              previousOwner: actor.label,
              at: new Date(),
              site: ctx.config.siteUrl,
            }),
          });
        } catch (error) {
          request.log.warn({ err: error }, 'ownership e-mail not sent');
        }
      }
      const rows = await teams.members(org.id);
      return { members: rows.map((row) => presentMember(row, request.user!.uid)) };
    },

    listInvitations: async (request) => ({
      invitations: (await teams.pendingInvitations(organizationOf(request).id)).map(
        presentInvitation,
      ),
    }),

    inviteMember: async (request) => {
      await requireVerifiedEmail(ctx.verifier, request.user, VERIFY_TO_INVITE_MESSAGE);
      const org = organizationOf(request);
      const { token, tokenHash } = newInvitationToken();
      const row = await teams.invite(
        org.id,
        { email: request.body.email, role: request.body.role, tokenHash },
        actorOf(request),
      );
      await sendInvitation(row, org.name, token);
      return presentInvitation(row);
    },

    resendInvitation: async (request) => {
      await requireVerifiedEmail(ctx.verifier, request.user, VERIFY_TO_INVITE_MESSAGE);
      const org = organizationOf(request);
      const { token, tokenHash } = newInvitationToken();
      const row = await teams.resendInvitation(
        org.id,
        request.params.invitation_id,
        tokenHash,
        actorOf(request),
      );
      await sendInvitation(row, org.name, token);
      return presentInvitation(row);
    },

    revokeInvitation: async (request) => {
      await teams.revokeInvitation(
        organizationOf(request).id,
        request.params.invitation_id,
        actorOf(request),
      );
      return { id: request.params.invitation_id, revoked: true as const };
    },

    previewInvitation: async (request) => {
      const { invitation, organizationName } = await teams.invitationByToken(
        invitationHash(request.body.token),
      );
      return {
        organization_name: organizationName,
        email: invitation.email,
        role: invitation.role,
        invited_by: invitation.invitedByEmail,
        expires_at: iso(invitation.expiresAt),
      };
    },

    acceptInvitation: async (request) => {
      await requireVerifiedEmail(ctx.verifier, request.user, VERIFY_TO_ACCEPT_MESSAGE);
      const joined = await teams.acceptInvitation(
        invitationHash(request.body.token),
        { uid: request.user!.uid, email: request.user!.email },
        request.ip,
      );
      return {
        organization_id: joined.organizationId,
        organization_name: joined.organizationName,
        role: joined.role,
      };
    },

    listAdminKeys: async (request) => ({
      admin_keys: (await teams.adminKeys(organizationOf(request).id)).map(presentAdminKey),
    }),

    createAdminKey: async (request) => {
      const expiresAt = request.body.expires_at ? new Date(request.body.expires_at) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) {
        throw invalidRequest('Invalid request body: expires_at must be in the future.');
      }
      const { secret, stored } = newAdminSecret();
      const row = await teams.createAdminKey(
        organizationOf(request).id,
        { name: request.body.name, role: request.body.role, expiresAt, ...stored },
        actorOf(request),
      );
      return { ...presentAdminKey(row), key: secret };
    },

    rollAdminKey: async (request) => {
      const { secret, stored } = newAdminSecret();
      const row = await teams.rollAdminKey(
        organizationOf(request).id,
        request.params.admin_key_id,
        stored,
        actorOf(request),
      );
      return { ...presentAdminKey(row), key: secret };
    },

    deleteAdminKey: async (request) => {
      await teams.deleteAdminKey(
        organizationOf(request).id,
        request.params.admin_key_id,
        actorOf(request),
      );
      return { id: request.params.admin_key_id, deleted: true as const };
    },

    listAuditLog: async (request) => {
      const { cursor } = request.query;
      const { rows, total, nextCursor } = await ctx.repos.audit.page(organizationOf(request).id, {
        ...auditFilter(request.query),
        skip: request.query.skip ?? 0,
        limit: request.query.limit ?? 25,
        ...(cursor !== undefined && { cursor: decodeCursor(cursor, 'bigint') }),
      });
      return { entries: rows.map(presentAuditEntry), total, next_cursor: nextCursor };
    },

    exportAuditLog: async (request, reply) => {
      const body = await csvStream(
        ['at', 'actor_kind', 'actor', 'action', 'target', 'details', 'ip'],
        ctx.repos.audit.export(
          organizationOf(request).id,
          auditFilter(request.query),
          AUDIT_CSV_MAX_ROWS,
        ),
        (row) => [
          row.at_iso,
          row.actor_kind,
          row.actor_label ?? row.actor_id,
          row.action,
          row.target,
          JSON.stringify(row.details),
          row.ip,
        ],
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(body);
    },
  } satisfies Partial<Handlers>;
}
