/**
 * One sample request for every /v1 operation of the contract, keyed like `V1_ACCESS`. The key
 * type is the contract's, so a new operation without a sample fails `tsc`, and the tests that
 * walk every operation (authentication, the role matrix, OpenAPI coverage) cover it unchanged.
 */
import { V1_ACCESS, type Access } from '@contract';
import { ORGANIZATION } from './helpers';

export type OperationKey = keyof typeof V1_ACCESS;
export interface OperationSample {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

const UUID = '00000000-0000-0000-0000-000000000000';
const RANGE = 'start_date=2026-01-01T00:00:00Z&end_date=2026-01-31T00:00:00Z';
const TOKEN = 'x'.repeat(43);

/** Requests that pass validation; ids are unknown, so an allowed call may still answer 404. */
const SAMPLES: { readonly [K in OperationKey]: Omit<OperationSample, 'method'> } = {
  'POST /api-key': { url: '/v1/api-key', payload: { name: 'k' } },
  'GET /api-key': { url: '/v1/api-key' },
  'POST /api-key/set-default': { url: '/v1/api-key/set-default', headers: { 'x-api-key': UUID } },
  'POST /api-key/roll': {
    url: '/v1/api-key/roll',
    headers: { 'x-api-key': UUID },
    payload: { expire_previous_in_hours: 0 },
  },
  'POST /api-key/cap': {
    url: '/v1/api-key/cap',
    headers: { 'x-api-key': UUID },
    payload: { monthly_cap_usd: 5 },
  },
  'POST /api-key/restrictions': {
    url: '/v1/api-key/restrictions',
    headers: { 'x-api-key': UUID },
    payload: { allowed_deployments: ['object-detection'] },
  },
  'POST /api-key/disable': { url: '/v1/api-key/disable', headers: { 'x-api-key': UUID } },
  'POST /api-key/enable': { url: '/v1/api-key/enable', headers: { 'x-api-key': UUID } },
  'DELETE /api-key': { url: '/v1/api-key', headers: { 'x-api-key': UUID } },
  'GET /billing/settings': { url: '/v1/billing/settings' },
  'PUT /billing/settings': {
    url: '/v1/billing/settings',
    payload: { low_balance_threshold_usd: 5 },
  },
  'POST /billing/payment-method/setup': { url: '/v1/billing/payment-method/setup' },
  'POST /billing/payment-method/sandbox': {
    url: '/v1/billing/payment-method/sandbox',
    payload: { card: 'succeeds' },
  },
  'DELETE /billing/payment-method': { url: '/v1/billing/payment-method' },
  'GET /credits/payments/{payment_id}/invoice': { url: `/v1/credits/payments/${UUID}/invoice` },
  'GET /usage/daily': { url: `/v1/usage/daily?${RANGE}` },
  'GET /usage/buckets': { url: `/v1/usage/buckets?${RANGE}&group_by=api_key` },
  'GET /usage/daily.csv': { url: `/v1/usage/daily.csv?${RANGE}` },
  'GET /transaction.csv': { url: `/v1/transaction.csv?${RANGE}` },
  'POST /organization': { url: '/v1/organization', payload: ORGANIZATION },
  'PATCH /organization': { url: '/v1/organization', payload: { name: 'Renamed' } },
  'GET /organization': { url: '/v1/organization' },
  'POST /organization/verify': { url: '/v1/organization/verify' },
  'GET /credits/balance': { url: '/v1/credits/balance' },
  'POST /credits': { url: '/v1/credits', payload: { price_in_usd: 10 } },
  'GET /credits/orders/{order_id}': { url: '/v1/credits/orders/ord_x' },
  'POST /credits/sandbox/confirm': {
    url: '/v1/credits/sandbox/confirm',
    payload: { order_id: 'ord_x' },
  },
  'GET /credits/payments': { url: '/v1/credits/payments' },
  'GET /transaction': { url: '/v1/transaction' },
  'POST /email': {
    url: '/v1/email',
    payload: { email: 'a@example.com', subject: 's', body: 'b', pageId: 'p' },
  },
  'GET /pricing/pubic-deployment': { url: '/v1/pricing/pubic-deployment' },
  'GET /demo-key': { url: '/v1/demo-key' },
  'GET /status.json': { url: '/v1/status.json' },
  'GET /status.atom': { url: '/v1/status.atom' },
  'POST /credits/stripe/webhook': { url: '/v1/credits/stripe/webhook', payload: {} },
  'GET /openapi.json': { url: '/v1/openapi.json' },
  'GET /organizations': { url: '/v1/organizations' },
  'POST /organizations': { url: '/v1/organizations', payload: ORGANIZATION },
  'POST /organizations/select': {
    url: '/v1/organizations/select',
    payload: { organization_id: UUID },
  },
  'GET /team/members': { url: '/v1/team/members' },
  'PATCH /team/members/{uid}': { url: '/v1/team/members/nobody', payload: { role: 'viewer' } },
  'DELETE /team/members/{uid}': { url: '/v1/team/members/nobody' },
  'POST /team/leave': { url: '/v1/team/leave' },
  'POST /team/transfer': { url: '/v1/team/transfer', payload: { uid: 'nobody' } },
  'GET /team/invitations': { url: '/v1/team/invitations' },
  'POST /team/invitations': {
    url: '/v1/team/invitations',
    payload: { email: 'invitee@example.com', role: 'viewer' },
  },
  'POST /team/invitations/{invitation_id}/resend': { url: `/v1/team/invitations/${UUID}/resend` },
  'DELETE /team/invitations/{invitation_id}': { url: `/v1/team/invitations/${UUID}` },
  'POST /invitations/preview': { url: '/v1/invitations/preview', payload: { token: TOKEN } },
  'POST /invitations/accept': { url: '/v1/invitations/accept', payload: { token: TOKEN } },
  'GET /audit-log': { url: '/v1/audit-log' },
  'GET /audit-log.csv': { url: '/v1/audit-log.csv' },
  'GET /admin-keys': { url: '/v1/admin-keys' },
  'POST /admin-keys': { url: '/v1/admin-keys', payload: { name: 'ci', role: 'viewer' } },
  'POST /admin-keys/{admin_key_id}/roll': { url: `/v1/admin-keys/${UUID}/roll` },
  'DELETE /admin-keys/{admin_key_id}': { url: `/v1/admin-keys/${UUID}` },
  'GET /events': { url: '/v1/events?limit=5' },
  'GET /events/{event_id}': { url: '/v1/events/evt_000000000000000000000000' },
  // Resuming after an unknown event answers 404 before the stream opens (an open stream would
  // hold app.inject until it ends).
  'GET /events/stream': { url: '/v1/events/stream?after=evt_000000000000000000000000' },
  'GET /webhooks': { url: '/v1/webhooks' },
  'POST /webhooks': {
    url: '/v1/webhooks',
    payload: { url: 'http://127.0.0.1:9/hook', events: ['balance.low'] },
  },
  'GET /webhooks/{webhook_id}': { url: '/v1/webhooks/we_unknown' },
  'PATCH /webhooks/{webhook_id}': { url: '/v1/webhooks/we_unknown', payload: { enabled: false } },
  'DELETE /webhooks/{webhook_id}': { url: '/v1/webhooks/we_unknown' },
  'POST /webhooks/{webhook_id}/rotate-secret': {
    url: '/v1/webhooks/we_unknown/rotate-secret',
    payload: {},
  },
  'POST /webhooks/{webhook_id}/test': { url: '/v1/webhooks/we_unknown/test' },
  'GET /webhooks/{webhook_id}/deliveries': { url: '/v1/webhooks/we_unknown/deliveries' },
  'POST /webhooks/deliveries/{delivery_id}/replay': {
    url: '/v1/webhooks/deliveries/whd_unknown/replay',
  },
};

export interface Operation extends OperationSample {
  key: OperationKey;
  access: Access;
  /** The path as the OpenAPI document names it. */
  openapiPath: string;
}

export const OPERATIONS: Operation[] = (Object.keys(V1_ACCESS) as OperationKey[]).map((key) => {
  const [method, path] = key.split(' ') as [OperationSample['method'], string];
  return {
    key,
    method,
    ...SAMPLES[key],
    access: V1_ACCESS[key],
    openapiPath: `/v1${path}`,
  };
});

/** Operations that need a signed-in caller. */
export const SIGNED_IN_OPERATIONS = OPERATIONS.filter((op) => op.access.kind !== 'public');
/** Operations on the signed-in person's own account, acting on no particular organization. */
export const USER_OPERATIONS = OPERATIONS.filter((op) => op.access.kind === 'user');
/** Operations acting on an organization, with the roles that may call them. */
export const MEMBER_OPERATIONS = OPERATIONS.filter(
  (op): op is Operation & { access: Extract<Access, { kind: 'member' }> } =>
    op.access.kind === 'member',
);
