/**
 * Logs never hold secrets: a failing query made with a live API key or ID token leaves no trace
 * of either (nor of the key's hash) in the log, only the driver's code, table and constraint.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrub, serializeError } from '../../server/src/lib/log';
import { createHarness, registerUser, testImage, type Harness, type TestUser } from './helpers';

let h: Harness;
let user: TestUser;
const lines: string[] = [];
beforeAll(async () => {
  h = await createHarness({ log: (line) => lines.push(line) });
  user = await registerUser(h);
  const order = await h.callApi({
    method: 'POST',
    url: '/v1/credits',
    headers: user.auth,
    payload: { price_in_usd: 10 },
  });
  await h.callApi({
    method: 'POST',
    url: '/v1/credits/sandbox/confirm',
    headers: user.auth,
    payload: { order_id: order.json().order_id },
  });
});
afterAll(async () => h?.close());

function errorLines(from: number): string[] {
  return lines.slice(from).filter((line) => JSON.parse(line).level >= 50);
}

describe('a failing query leaves no secret in the log', () => {
  it('a metered call with a live key, when the database fails mid-call', async () => {
    const secret = user.playgroundKey.key;
    const hash = h.deps.keySecrets.hash(secret);
    const image = (await testImage()).toString('base64');
    await h.db.execute(sql`alter table usage_reservations rename to usage_reservations_away`);
    const from = lines.length;
    try {
      const res = await h.callServices({
        method: 'POST',
        url: '/object-detection',
        headers: { 'api-key': secret },
        payload: { image },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().error_message).toBe('An internal error occurred. Please try again later.');
    } finally {
      await h.db.execute(sql`alter table usage_reservations_away rename to usage_reservations`);
    }
    const errors = errorLines(from);
    expect(errors).toHaveLength(1);
    const logged = lines.slice(from).join('\n');
    expect(JSON.parse(errors[0]!).err).toMatchObject({ type: 'DatabaseError', code: '42P01' });
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(secret.slice(8));
    expect(logged).not.toContain(hash);
    expect(logged).not.toMatch(/params/i);
    // Nothing was charged either.
    const balance = await h.callApi({
      method: 'GET',
      url: '/v1/credits/balance',
      headers: user.auth,
    });
    expect(balance.json().remaining_credits).toBe(10);
  });

  it('an account call with an ID token, when its query fails', async () => {
    const token = user.auth.authorization.slice(7);
    await h.db.execute(sql`alter table api_keys rename to api_keys_away`);
    const from = lines.length;
    try {
      const res = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: user.auth });
      expect(res.statusCode).toBe(500);
    } finally {
      await h.db.execute(sql`alter table api_keys_away rename to api_keys`);
    }
    const logged = lines.slice(from).join('\n');
    expect(errorLines(from)).toHaveLength(1);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(token.slice(0, 40));
    expect(logged).not.toContain(user.uid);
  });
});

describe('the error serializer', () => {
  it('logs a driver error as code, table and constraint, never its message or parameters', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      severity: 'ERROR',
      table: 'api_keys',
      constraint: 'api_keys_secret_hash_key',
      detail: 'Key (secret_hash)=(abc123) already exists.',
    });
    const error = Object.assign(
      new Error(
        'Failed query: select * from api_keys where x = $1\nparams: va_live_SECRETSECRETSECRET',
      ),
      { name: 'DrizzleQueryError', query: 'select', params: ['va_live_SECRETSECRETSECRET'], cause },
    );
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).not.toContain('SECRET');
    expect(serialized).not.toContain('abc123');
    expect(JSON.parse(serialized)).toMatchObject({
      type: 'DatabaseError',
      code: '23505',
      table: 'api_keys',
      constraint: 'api_keys_secret_hash_key',
    });
  });

  it('masks anything shaped like a key, a Stripe secret or a JWT in other errors', () => {
    const jwt = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1c2VyIn0.';
    const text = `boom va_test_abcdefghijklmnop sk_live_123456789 whsec_abcdef ${jwt} pi_123_secret_456789`;
    const out = scrub(text);
    for (const secret of ['abcdefghijklmnop', '123456789', 'whsec_abcdef', 'eyJzdWIi', '456789']) {
      expect(out).not.toContain(secret);
    }
    // Linear on hostile input.
    const started = performance.now();
    scrub(`eyJ${'a'.repeat(100_000)}.${'.'.repeat(100_000)}`);
    scrub(`va_test_${'-'.repeat(200_000)}`);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
