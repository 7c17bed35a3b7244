/**
 * Teams: an organization's members and their roles, invitations, admin keys (machine members)
 * and the audit log. The role each /v1 operation needs is declared with the operation in
 * `operations.ts`, from the role groups of `access.ts`.
 */
import { Type, type Static } from 'typebox';
import {
  BoundedDateTime,
  IsoDateTime,
  MAX_SKIP,
  NextCursor,
  Nullable,
  PageCursor,
  SingleLineText,
} from './common';

export {
  ASSIGNABLE_ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLE_MEMBER_NOUNS,
  ROLES,
} from './roles';
export type { AssignableRole, Role } from './roles';

// Listed one by one so the static type is the union of the literals.
export const RoleSchema = Type.Union(
  [
    Type.Literal('owner'),
    Type.Literal('admin'),
    Type.Literal('developer'),
    Type.Literal('billing'),
    Type.Literal('viewer'),
  ],
  { description: 'A member role: owner, admin, developer, billing or viewer.' },
);

export const AssignableRoleSchema = Type.Union(
  [
    Type.Literal('admin'),
    Type.Literal('developer'),
    Type.Literal('billing'),
    Type.Literal('viewer'),
  ],
  { description: 'admin, developer, billing or viewer (ownership moves only by a transfer).' },
);

export { ORGANIZATION_HEADER } from './limits';

// ------------------------------------------------------------------ organizations of a user

export const OrganizationMembership = Type.Object({
  id: Type.String({ description: 'Organization id; send it as `x-organization-id`.' }),
  name: Type.String(),
  role: RoleSchema,
  selected: Type.Boolean({ description: 'The organization calls act on without the header.' }),
});
export type OrganizationMembership = Static<typeof OrganizationMembership>;

export const OrganizationRemoval = Type.Object({
  organization_name: Type.String(),
  removed_by: Nullable(Type.String({ description: 'The e-mail of the member who removed you.' })),
  removed_at: IsoDateTime,
});
export type OrganizationRemoval = Static<typeof OrganizationRemoval>;

export const OrganizationMembershipList = Type.Object({
  organizations: Type.Array(OrganizationMembership),
  removed_from: Type.Optional(
    Type.Array(OrganizationRemoval, {
      description:
        'Organizations that removed you in the last 90 days (and that you have not joined again), latest first.',
    }),
  ),
});
export type OrganizationMembershipList = Static<typeof OrganizationMembershipList>;

export const SelectOrganizationBody = Type.Object(
  { organization_id: SingleLineText({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type SelectOrganizationBody = Static<typeof SelectOrganizationBody>;

// ------------------------------------------------------------------ members

export const Member = Type.Object({
  uid: Type.String(),
  email: Nullable(Type.String()),
  role: RoleSchema,
  joined_at: IsoDateTime,
  last_active_at: Nullable(IsoDateTime),
  monthly_limit_usd: Nullable(
    Type.Number({
      minimum: 0,
      description:
        'Spend limit per calendar month (UTC) of the keys this member created; null: none.',
    }),
  ),
  month_to_date_usd: Type.Number({ minimum: 0 }),
  you: Type.Boolean({ description: 'This member is the caller.' }),
});
export type Member = Static<typeof Member>;

export const MemberList = Type.Object({ members: Type.Array(Member) });
export type MemberList = Static<typeof MemberList>;

export const MemberParams = Type.Object({ uid: SingleLineText({ minLength: 1, maxLength: 128 }) });
export type MemberParams = Static<typeof MemberParams>;

export const UpdateMemberBody = Type.Object(
  {
    role: Type.Optional(AssignableRoleSchema),
    monthly_limit_usd: Type.Optional(
      Nullable(
        Type.Number({
          minimum: 0,
          maximum: 1_000_000,
          description: 'USD with at most 2 decimals; null removes the limit.',
        }),
      ),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateMemberBody = Static<typeof UpdateMemberBody>;

export const TransferOwnershipBody = Type.Object(
  {
    uid: SingleLineText({ minLength: 1, maxLength: 128, description: 'The new owner (a member).' }),
  },
  { additionalProperties: false },
);
export type TransferOwnershipBody = Static<typeof TransferOwnershipBody>;

export const LeftOrganization = Type.Object({ left: Type.Literal(true) });
export const RemoveMemberQuery = Type.Object(
  {
    hand_keys_to: Type.Optional(
      SingleLineText({
        minLength: 1,
        maxLength: 128,
        description:
          'The uid of another owner, admin or developer who takes over the API keys the removed member created, so they keep working. Without it those keys are deleted.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RemoveMemberQuery = Static<typeof RemoveMemberQuery>;

export const RemovedMember = Type.Object({
  uid: Type.String(),
  removed: Type.Literal(true),
  api_keys_deleted: Type.Integer({ minimum: 0 }),
  api_keys_handed_over: Type.Integer({ minimum: 0 }),
  api_keys_rotated: Type.Array(Type.String(), {
    description:
      'Keys whose secret the member read or was shown (as "name (prefix…last4)"), given a new secret at once: the old one is refused from now on.',
  }),
});
export type RemovedMember = Static<typeof RemovedMember>;

// ------------------------------------------------------------------ invitations

/** How long an invitation link works. */
export const INVITATION_VALID_DAYS = 7;
/** Invitations one organization may send (new or resent) per hour. */
export const INVITATIONS_PER_HOUR = 20;
/** Pending invitations one organization may hold. */
export const MAX_PENDING_INVITATIONS = 50;
/** Members one organization may have. */
export const MAX_MEMBERS = 100;
/**
 * Invitations one person may send (new or resent) per rolling 24 hours, across every
 * organization they belong to: many free organizations do not add up to a mass mailer.
 */
export const INVITATIONS_PER_ACCOUNT_PER_DAY = 50;
/** Organizations an account with an unverified e-mail address may own (verified: no limit). */
export const UNVERIFIED_MAX_ORGANIZATIONS = 1;

/** Why an unverified address may not invite (403 `email_not_verified`); the site shows it. */
export const VERIFY_TO_INVITE_MESSAGE =
  'Verify your e-mail address before inviting people: open the link we sent you, or send a new one with "Resend verification e-mail". Invitations go out in your name.';
/** Why an unverified address may not accept an invitation (403 `email_not_verified`). */
export const VERIFY_TO_ACCEPT_MESSAGE =
  'Verify your e-mail address before accepting this invitation: open the link we sent you when you signed up, or send a new one with "Resend verification e-mail", then accept again.';
/** Why an unverified address may not create another organization (403 `email_not_verified`). */
export const VERIFY_FOR_MORE_ORGANIZATIONS_MESSAGE = `An account whose e-mail address is not verified may own ${UNVERIFIED_MAX_ORGANIZATIONS === 1 ? 'one organization' : `${UNVERIFIED_MAX_ORGANIZATIONS} organizations`}. Verify your address (open the link we sent you, or send a new one with "Resend verification e-mail") to create another.`;

export const InvitationBody = Type.Object(
  {
    email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
    role: AssignableRoleSchema,
  },
  { additionalProperties: false },
);
export type InvitationBody = Static<typeof InvitationBody>;

export const Invitation = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: RoleSchema,
  invited_by: Nullable(Type.String()),
  created_at: IsoDateTime,
  expires_at: IsoDateTime,
  status: Type.Union([Type.Literal('pending'), Type.Literal('expired')]),
});
export type Invitation = Static<typeof Invitation>;

export const InvitationList = Type.Object({ invitations: Type.Array(Invitation) });
export type InvitationList = Static<typeof InvitationList>;

export const InvitationParams = Type.Object({
  invitation_id: SingleLineText({ minLength: 1, maxLength: 64 }),
});
export type InvitationParams = Static<typeof InvitationParams>;

/** The secret of an invitation link (`/invitation/?token=…`). */
export const InvitationToken = SingleLineText({ minLength: 20, maxLength: 128 });

export const InvitationTokenBody = Type.Object(
  { token: InvitationToken },
  { additionalProperties: false },
);
export type InvitationTokenBody = Static<typeof InvitationTokenBody>;

/** What the link's page shows before accepting: no secret, nothing beyond the invitation. */
export const InvitationPreview = Type.Object({
  organization_name: Type.String(),
  email: Type.String(),
  role: RoleSchema,
  invited_by: Nullable(Type.String()),
  expires_at: IsoDateTime,
});
export type InvitationPreview = Static<typeof InvitationPreview>;

export const AcceptedInvitation = Type.Object({
  organization_id: Type.String(),
  organization_name: Type.String(),
  role: RoleSchema,
});
export type AcceptedInvitation = Static<typeof AcceptedInvitation>;

export const RevokedInvitation = Type.Object({ id: Type.String(), revoked: Type.Literal(true) });

// ------------------------------------------------------------------ admin keys

export const ADMIN_KEY_PREFIX = 'va_admin_';
/** Admin keys one organization may hold. */
export const MAX_ADMIN_KEYS = 20;

export const AdminKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  role: RoleSchema,
  redacted: Type.String({ examples: ['va_admin_…x7Qe'] }),
  created_by: Nullable(Type.String()),
  created_at: IsoDateTime,
  expires_at: Nullable(IsoDateTime),
  last_used_at: Nullable(IsoDateTime),
});
export type AdminKey = Static<typeof AdminKey>;

export const AdminKeyWithSecret = Type.Intersect(
  [
    AdminKey,
    Type.Object({ key: Type.String({ description: 'The full secret, shown this once.' }) }),
  ],
  { title: 'AdminKeyWithSecret' },
);
export type AdminKeyWithSecret = Static<typeof AdminKeyWithSecret>;

export const AdminKeyList = Type.Object({ admin_keys: Type.Array(AdminKey) });
export type AdminKeyList = Static<typeof AdminKeyList>;

export const CreateAdminKeyBody = Type.Object(
  {
    name: SingleLineText({ minLength: 1, maxLength: 64 }),
    role: AssignableRoleSchema,
    expires_at: Type.Optional(Nullable(BoundedDateTime)),
  },
  { additionalProperties: false },
);
export type CreateAdminKeyBody = Static<typeof CreateAdminKeyBody>;

export const AdminKeyParams = Type.Object({
  admin_key_id: SingleLineText({ minLength: 1, maxLength: 64 }),
});
export type AdminKeyParams = Static<typeof AdminKeyParams>;

export const DeletedAdminKey = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });

// ------------------------------------------------------------------ audit log

export const AUDIT_ACTIONS = [
  'api_key.created',
  'api_key.rolled',
  'api_key.deleted',
  'api_key.default_set',
  'api_key.cap_set',
  'api_key.restricted',
  'api_key.disabled',
  'api_key.enabled',
  'organization.created',
  'organization.updated',
  'credits.purchase_started',
  'credits.purchased',
  'credits.refunded',
  'billing.auto_recharge_updated',
  'billing.alert_updated',
  'billing.payment_method_saved',
  'billing.payment_method_removed',
  'member.invited',
  'member.invitation_resent',
  'member.invitation_revoked',
  'member.joined',
  'member.role_changed',
  'member.limit_set',
  'member.removed',
  'member.left',
  'member.ownership_transferred',
  'member.signed_in',
  'admin_key.created',
  'admin_key.rolled',
  'admin_key.deleted',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = Type.Object({
  id: Type.String(),
  at: IsoDateTime,
  actor: Type.Object({
    kind: Type.Union([Type.Literal('user'), Type.Literal('admin_key'), Type.Literal('system')]),
    id: Nullable(Type.String()),
    label: Nullable(Type.String({ description: 'E-mail address or admin key name.' })),
  }),
  action: Type.String(),
  target: Nullable(Type.String()),
  details: Type.Record(
    Type.String(),
    Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
  ),
  ip: Nullable(Type.String()),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditLogQuery = Type.Object({
  actor: Type.Optional(
    SingleLineText({ minLength: 1, maxLength: 254, description: 'Actor id or e-mail.' }),
  ),
  action: Type.Optional(SingleLineText({ minLength: 1, maxLength: 64 })),
  start: Type.Optional(BoundedDateTime),
  end: Type.Optional(BoundedDateTime),
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SKIP, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  cursor: Type.Optional(PageCursor),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

export const AuditLogPage = Type.Object({
  entries: Type.Array(AuditEntry),
  total: Type.Integer({ minimum: 0 }),
  next_cursor: NextCursor,
});
export type AuditLogPage = Static<typeof AuditLogPage>;
