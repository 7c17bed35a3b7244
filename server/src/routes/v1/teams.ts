/**
 * Teams: the user's organizations, members and roles, invitations, admin keys and the audit
 * log. Who may call each operation is declared in the contract (`V1_ACCESS`) and enforced by
 * the access hook before a handler runs; the repository re-checks the acting member's role
 * under the team's lock, so a change never acts on a role that was just taken away.
 */
import { randomBytes } from 'node:crypto';
import {
  AcceptedInvitation,
  ADMIN_KEY_PREFIX,
  AdminKeyList,
  AdminKeyParams,
  AdminKeyWithSecret,
  AuditLogPage,
  AuditLogQuery,
  CreateAdminKeyBody,
  DeletedAdminKey,
  Invitation,
  InvitationBody,
  InvitationList,
  InvitationParams,
  InvitationPreview,
  InvitationTokenBody,
  LeftOrganization,
  Member,
  MemberList,
  MemberParams,
  OrganizationBody,
  OrganizationMembership,
  OrganizationMembershipList,
  RemovedMember,
  RemoveMemberQuery,
  RevokedInvitation,
  SelectOrganizationBody,
  TransferOwnershipBody,
  UpdateMemberBody,
} from '@contract';
import { Type } from 'typebox';
import { missingStateMessage } from '@contract/address';
import { TEAM_MESSAGES } from '../../billing/mailer';
import { badRequest, HttpError } from '../../lib/errors';
import { centsAmountToMicros, microsToUsd } from '../../lib/money';
import { actorOf, organizationOf } from '../../plugins/access';
import type { AuditRow } from '../../repositories/audit';
import type { AdminKeyRow, InvitationRow, MemberRow } from '../../repositories/teams';
import { errorResponses, SECURITY, type TypedFastify, type V1Context } from '../context';
import { csvLine } from './usage';

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

export async function teamRoutes(app: TypedFastify, ctx: V1Context) {
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
      throw new HttpError(
        502,
        `The invitation to ${row.email} was saved but its e-mail could not be sent. Resend it in a moment.`,
      );
    }
  }

  // ---------------------------------------------------------------- the user's organizations

  app.get(
    '/organizations',
    {
      schema: {
        tags: ['Organization'],
        summary: 'The organizations you belong to, with your role in each',
        security: SECURITY,
        response: { 200: OrganizationMembershipList, ...errorResponses(401) },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/organizations',
    {
      config: { freshToken: true },
      schema: {
        tags: ['Organization'],
        summary: 'Create another organization',
        description:
          'The same form as your first organization. You become its owner and it becomes your ' +
          'selected organization. The ID token is checked for revocation.',
        security: SECURITY,
        body: OrganizationBody,
        response: { 200: OrganizationMembership, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => {
      const missing = missingStateMessage(request.body.country, request.body.state);
      if (missing) throw badRequest(missing);
      const org = await ctx.repos.organizations.create(
        request.user!,
        request.body,
        actorOf(request),
      );
      return { id: org!.id, name: org!.name, role: 'owner' as const, selected: true };
    },
  );

  app.post(
    '/organizations/select',
    {
      schema: {
        tags: ['Organization'],
        summary: 'Choose the organization your calls act on by default',
        description: `Calls that send no \`x-organization-id\` header act on it.`,
        security: SECURITY,
        body: SelectOrganizationBody,
        response: { 200: OrganizationMembership, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
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
  );

  // ---------------------------------------------------------------- members

  const tags = ['Team'];

  app.get(
    '/team/members',
    {
      schema: {
        tags,
        summary: 'Members of the organization, with role, joined and last active',
        security: SECURITY,
        response: { 200: MemberList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const rows = await teams.members(organizationOf(request).id);
      return { members: rows.map((row) => presentMember(row, request.user?.uid ?? null)) };
    },
  );

  app.patch(
    '/team/members/:uid',
    {
      schema: {
        tags,
        summary: "Change a member's role or monthly spend limit",
        description:
          "The owner's role changes only by a transfer of ownership. A spend limit caps what " +
          'the keys the member created may spend per calendar month (UTC); a call past it is ' +
          'refused with 429 and costs nothing.',
        security: SECURITY,
        params: MemberParams,
        body: UpdateMemberBody,
        response: { 200: Member, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const org = organizationOf(request);
      let limit: number | null | undefined;
      if (request.body.monthly_limit_usd !== undefined) {
        limit =
          request.body.monthly_limit_usd === null
            ? null
            : centsAmountToMicros(request.body.monthly_limit_usd);
        if (limit === null && request.body.monthly_limit_usd !== null) {
          throw badRequest('Invalid request body: monthly_limit_usd must have at most 2 decimals.');
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
  );

  app.delete(
    '/team/members/:uid',
    {
      config: { freshToken: true },
      schema: {
        tags,
        summary: 'Remove a member',
        description:
          'Their access ends at once, and the API keys they created stop working (deleted), ' +
          'unless `hand_keys_to` names another owner, admin or developer who takes them over ' +
          'in the same transaction. The owner cannot be removed. The removed person is told ' +
          'which organization removed them (`removed_from` of `GET /organizations`). The ID ' +
          'token is checked for revocation.',
        security: SECURITY,
        params: MemberParams,
        querystring: RemoveMemberQuery,
        response: { 200: RemovedMember, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
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
      };
    },
  );

  app.post(
    '/team/leave',
    {
      schema: {
        tags,
        summary: 'Leave the organization',
        description:
          'The API keys you created in it stop working. The owner transfers ownership first.',
        security: SECURITY,
        response: { 200: LeftOrganization, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await teams.leave(organizationOf(request).id, actorOf(request));
      return { left: true as const };
    },
  );

  app.post(
    '/team/transfer',
    {
      config: { freshToken: true },
      schema: {
        tags,
        summary: 'Transfer ownership to another member',
        description:
          'The member becomes the owner; you become an admin. The new owner is told by e-mail. ' +
          'The ID token is checked for revocation.',
        security: SECURITY,
        body: TransferOwnershipBody,
        response: { 200: MemberList, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
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
  );

  // ---------------------------------------------------------------- invitations

  app.get(
    '/team/invitations',
    {
      schema: {
        tags,
        summary: 'Pending invitations',
        security: SECURITY,
        response: { 200: InvitationList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      invitations: (await teams.pendingInvitations(organizationOf(request).id)).map(
        presentInvitation,
      ),
    }),
  );

  app.post(
    '/team/invitations',
    {
      schema: {
        tags,
        summary: 'Invite someone by e-mail',
        description:
          'Sends a single-use link, valid for 7 days, that only the invited address can accept. ' +
          'At most 20 invitations (new or resent) per organization per hour.',
        security: SECURITY,
        body: InvitationBody,
        response: { 200: Invitation, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 502) },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/team/invitations/:invitation_id/resend',
    {
      schema: {
        tags,
        summary: 'Resend an invitation',
        description: 'A new link for 7 more days; the previous link stops working.',
        security: SECURITY,
        params: InvitationParams,
        response: { 200: Invitation, ...errorResponses(401, 403, 404, 502) },
      },
    },
    async (request) => {
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
  );

  app.delete(
    '/team/invitations/:invitation_id',
    {
      schema: {
        tags,
        summary: 'Revoke an invitation',
        security: SECURITY,
        params: InvitationParams,
        response: { 200: RevokedInvitation, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await teams.revokeInvitation(
        organizationOf(request).id,
        request.params.invitation_id,
        actorOf(request),
      );
      return { id: request.params.invitation_id, revoked: true as const };
    },
  );

  app.post(
    '/invitations/preview',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'What an invitation link offers (no sign-in needed)',
        security: [],
        body: InvitationTokenBody,
        response: { 200: InvitationPreview, ...errorResponses(400, 404, 410, 413, 415) },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/invitations/accept',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Accept an invitation and join the organization',
        description:
          'Only the invited e-mail address can accept, once. The organization becomes your ' +
          'selected one.',
        security: SECURITY,
        body: InvitationTokenBody,
        response: {
          200: AcceptedInvitation,
          ...errorResponses(400, 401, 403, 404, 409, 410, 413, 415),
        },
      },
    },
    async (request) => {
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
  );

  // ---------------------------------------------------------------- admin keys

  const adminTags = ['Admin keys'];
  const newAdminSecret = () => {
    const secret = ADMIN_KEY_PREFIX + randomBytes(24).toString('base64url');
    return { secret, stored: { secretHash: secretHash(secret), last4: secret.slice(-4) } };
  };

  app.get(
    '/admin-keys',
    {
      schema: {
        tags: adminTags,
        summary: 'Admin keys of the organization',
        security: SECURITY,
        response: { 200: AdminKeyList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      admin_keys: (await teams.adminKeys(organizationOf(request).id)).map(presentAdminKey),
    }),
  );

  app.post(
    '/admin-keys',
    {
      config: { freshToken: true },
      schema: {
        tags: adminTags,
        summary: 'Create an admin key for a machine',
        description:
          'An admin key calls /v1 as a member of the chosen role (`Authorization: Bearer ' +
          'va_admin_…`), for this organization only. The secret is shown this once.',
        security: SECURITY,
        body: CreateAdminKeyBody,
        response: { 200: AdminKeyWithSecret, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const expiresAt = request.body.expires_at ? new Date(request.body.expires_at) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) {
        throw badRequest('Invalid request body: expires_at must be in the future.');
      }
      const { secret, stored } = newAdminSecret();
      const row = await teams.createAdminKey(
        organizationOf(request).id,
        { name: request.body.name, role: request.body.role, expiresAt, ...stored },
        actorOf(request),
      );
      return { ...presentAdminKey(row), key: secret };
    },
  );

  app.post(
    '/admin-keys/:admin_key_id/roll',
    {
      config: { freshToken: true },
      schema: {
        tags: adminTags,
        summary: 'Roll an admin key: the old secret stops working at once',
        security: SECURITY,
        params: AdminKeyParams,
        response: { 200: AdminKeyWithSecret, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { secret, stored } = newAdminSecret();
      const row = await teams.rollAdminKey(
        organizationOf(request).id,
        request.params.admin_key_id,
        stored,
        actorOf(request),
      );
      return { ...presentAdminKey(row), key: secret };
    },
  );

  app.delete(
    '/admin-keys/:admin_key_id',
    {
      config: { freshToken: true },
      schema: {
        tags: adminTags,
        summary: 'Delete an admin key: it stops working at once',
        security: SECURITY,
        params: AdminKeyParams,
        response: { 200: DeletedAdminKey, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await teams.deleteAdminKey(
        organizationOf(request).id,
        request.params.admin_key_id,
        actorOf(request),
      );
      return { id: request.params.admin_key_id, deleted: true as const };
    },
  );

  // ---------------------------------------------------------------- audit log

  const auditFilter = (query: AuditLogQuery) => ({
    ...(query.actor && { actor: query.actor }),
    ...(query.action && { action: query.action }),
    ...(query.start && { start: new Date(query.start) }),
    ...(query.end && { end: new Date(query.end) }),
  });

  app.get(
    '/audit-log',
    {
      schema: {
        tags: ['Audit log'],
        summary: 'Who did what, when and from where (newest first)',
        security: SECURITY,
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { rows, total } = await ctx.repos.audit.page(organizationOf(request).id, {
        ...auditFilter(request.query),
        skip: request.query.skip ?? 0,
        limit: request.query.limit ?? 25,
      });
      return { entries: rows.map(presentAuditEntry), total };
    },
  );

  app.get(
    '/audit-log.csv',
    {
      schema: {
        tags: ['Audit log'],
        summary: 'The filtered audit log as CSV',
        description: `At most ${AUDIT_CSV_MAX_ROWS} rows, newest first. Fields that a spreadsheet would read as a formula are defused.`,
        security: SECURITY,
        querystring: AuditLogQuery,
        produces: ['text/csv'],
        response: {
          200: Type.String({ description: 'text/csv; charset=utf-8' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const rows = await ctx.repos.audit.all(
        organizationOf(request).id,
        auditFilter(request.query),
        AUDIT_CSV_MAX_ROWS,
      );
      const body =
        csvLine(['at', 'actor_kind', 'actor', 'action', 'target', 'details', 'ip']) +
        rows
          .map((row) =>
            csvLine([
              iso(row.at),
              row.actorKind,
              row.actorLabel ?? row.actorId,
              row.action,
              row.target,
              JSON.stringify(row.details),
              row.ip,
            ]),
          )
          .join('');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(body);
    },
  );
}
