/**
 * Issue 31: every operation that changes membership, roles, keys or money, or discloses a secret,
 * refuses a revoked sign-in. Generated from the operations table: one test per operation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS as CONTRACT } from '@contract';
import { createHarness, registerUser, revokedBefore, type Harness, type TestUser } from './helpers';
import { OPERATIONS, type OperationKey } from './operations';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const freshTokenOf = new Map<string, boolean>(
  Object.values(CONTRACT).map((spec) => [
    `${spec.method} ${spec.path}`,
    (spec as { freshToken?: true }).freshToken === true,
  ]),
);

/**
 * Signed-in operations that change nothing of membership, roles, keys or money and disclose no
 * secret: the only ones allowed to skip the revocation check. A new operation is checked unless
 * it is added here.
 */
const NO_REVOCATION_CHECK: readonly OperationKey[] = [
  'GET /organization',
  'POST /organization/verify',
  'GET /organizations',
  'POST /organizations/select',
  'GET /credits/balance',
  'GET /credits/orders/{order_id}',
  'GET /credits/payments',
  'GET /credits/payments/{payment_id}/invoice',
  'GET /billing/settings',
  'GET /transaction',
  'GET /transaction.csv',
  'GET /usage/daily',
  'GET /usage/buckets',
  'GET /usage/daily.csv',
  'GET /team/members',
  'GET /team/invitations',
  'GET /admin-keys',
  'GET /audit-log',
  'GET /audit-log.csv',
];

const SIGNED_IN = OPERATIONS.filter((op) => op.access.kind !== 'public');
const CHECKED = SIGNED_IN.filter((op) => !NO_REVOCATION_CHECK.includes(op.key));

describe('revocation, from the operations table', () => {
  it('every signed-in operation that changes or discloses something declares freshToken', () => {
    const missing = CHECKED.filter((op) => !freshTokenOf.get(op.key)).map((op) => op.key);
    expect(missing).toEqual([]);
    for (const key of NO_REVOCATION_CHECK)
      expect(
        key.startsWith('GET ') || key.includes('/verify') || key.includes('/select'),
        key,
      ).toBe(true);
  });

  describe('a revoked sign-in is refused with 401 token_revoked', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await registerUser(h);
    });

    it.each(CHECKED)('$key', async (op) => {
      revokedBefore.set(user.uid, Date.now());
      try {
        const res = await h.callApi({
          method: op.method,
          url: op.url,
          headers: { ...op.headers, ...user.auth },
          ...(op.payload && { payload: op.payload }),
        });
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json().code).toBe('token_revoked');
      } finally {
        revokedBefore.delete(user.uid);
      }
    });
  });
});
