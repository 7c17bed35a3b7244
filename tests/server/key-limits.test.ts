import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyCredits,
  createHarness,
  registerUser,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

let h: Harness;
let image: string;
beforeAll(async () => {
  h = await createHarness();
  image = (await testImage('png', 24, 24)).toString('base64');
});
afterAll(async () => h?.close());

/** An image call; `origin` null sends no Origin header at all (a server-side client). */
const call = (secret: string, path = 'object-detection', origin?: string | null) =>
  origin === null
    ? h.services.inject({
        method: 'POST',
        url: `/${path}`,
        headers: { 'api-key': secret },
        payload: { image },
      })
    : h.callServices({
        method: 'POST',
        url: `/${path}`,
        headers: { 'api-key': secret, ...(origin && { origin }) },
        payload: { image },
      });

const balance = async (user: TestUser) =>
  (await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: user.auth })).json()
    .remaining_credits as number;

async function keyOf(user: TestUser, id: string) {
  const keys = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: user.auth });
  return keys.json().api_keys.find((k: { id: string }) => k.id === id);
}

describe("a key's limits", () => {
  it('refuses another deployment, an unlisted origin, an expired or a disabled key: 403, free, counted', async () => {
    const user = await registerUser(h);
    await buyCredits(h, user, 5);
    const created = await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: user.auth,
      payload: {
        name: 'storefront',
        allowed_deployments: ['object-detection'],
        allowed_origins: ['https://shop.example.com'],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      allowed_deployments: ['object-detection'],
      allowed_origins: ['https://shop.example.com'],
      expires_at: null,
      disabled: false,
      refused_calls: 0,
    });
    const { id, key } = created.json();
    const shop = 'https://shop.example.com';
    const before = await balance(user);

    const other = await call(key, 'depth-estimation', shop);
    expect(other.statusCode).toBe(403);
    expect(other.json().error_message).toContain('may call only object-detection');
    const foreign = await call(key, 'object-detection', 'https://evil.example.net');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error_message).toContain('https://evil.example.net');
    expect(foreign.json().error_message).toContain(shop);
    expect((await call(key, 'object-detection', null)).statusCode).toBe(403);
    expect(await balance(user)).toBe(before);
    const counted = await keyOf(user, id);
    expect(counted.refused_calls).toBe(3);
    expect(counted.last_refused).toMatchObject({ reason: 'origin' });

    const ok = await call(key, 'object-detection', shop);
    expect(ok.statusCode, ok.body).toBe(200);

    // Disabled, then enabled again.
    const disabled = await h.callApi({
      method: 'POST',
      url: '/v1/api-key/disable',
      headers: { ...user.auth, 'x-api-key': id },
    });
    expect(disabled.json().disabled).toBe(true);
    const paused = await call(key, 'object-detection', shop);
    expect(paused.statusCode).toBe(403);
    expect(paused.json().error_message).toContain('disabled');
    await h.callApi({
      method: 'POST',
      url: '/v1/api-key/enable',
      headers: { ...user.auth, 'x-api-key': id },
    });
    expect((await call(key, 'object-detection', shop)).statusCode).toBe(200);

    // Expired.
    await h.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${id}`,
    );
    const expired = await call(key, 'object-detection', shop);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error_message).toContain('expired');

    // Limits lifted: any deployment, any origin, no expiry.
    const lifted = await h.callApi({
      method: 'POST',
      url: '/v1/api-key/restrictions',
      headers: { ...user.auth, 'x-api-key': id },
      payload: { allowed_deployments: null, allowed_origins: null, expires_at: null },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await call(key, 'depth-estimation', null)).statusCode).toBe(200);

    const audit = await h.callApi({
      method: 'GET',
      url: '/v1/audit-log?limit=100',
      headers: user.auth,
    });
    const actions = audit.json().entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a === 'api_key.restricted')).toHaveLength(1);
    expect(actions.filter((a: string) => a === 'api_key.disabled')).toHaveLength(1);
    expect(actions.filter((a: string) => a === 'api_key.enabled')).toHaveLength(1);
  });

  it("the in-browser key accepts the site's own origins only, unless its owner lists others", async () => {
    const user = await registerUser(h);
    await buyCredits(h, user, 5);
    const key = user.playgroundKey.key;
    expect((await call(key, 'object-detection', 'http://localhost:3000')).statusCode).toBe(200);
    const foreign = await call(key, 'object-detection', 'https://copycat.example.org');
    expect(foreign.statusCode).toBe(403);
    expect((await call(key, 'object-detection', null)).statusCode).toBe(403);
    await h.callApi({
      method: 'POST',
      url: '/v1/api-key/restrictions',
      headers: { ...user.auth, 'x-api-key': user.playgroundKey.id },
      payload: { allowed_origins: ['https://copycat.example.org'] },
    });
    expect((await call(key, 'object-detection', 'https://copycat.example.org')).statusCode).toBe(
      200,
    );
  });

  it('refuses hostile limits with 400', async () => {
    const user = await registerUser(h);
    const bad: object[] = [
      { allowed_deployments: ['no-such-model'] },
      { allowed_deployments: [] },
      { allowed_deployments: ['object-detection', 'object-detection'] },
      { allowed_deployments: Array.from({ length: 40 }, (_, i) => `d${i}`) },
      { allowed_origins: ['https://app.example.com/path'] },
      { allowed_origins: ['HTTPS://APP.EXAMPLE.COM'] },
      { allowed_origins: ['javascript:alert(1)'] },
      { allowed_origins: ['https://a.example.com\u0000'] },
      { allowed_origins: [`https://${'a'.repeat(300)}.com`] },
      { allowed_origins: Array.from({ length: 21 }, (_, i) => `https://a${i}.example.com`) },
      { expires_at: '2001-01-01T00:00:00Z' },
      { expires_at: 'tomorrow' },
      {},
    ];
    for (const payload of bad) {
      const res = await h.callApi({
        method: 'POST',
        url: '/v1/api-key/restrictions',
        headers: { ...user.auth, 'x-api-key': user.playgroundKey.id },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const created = await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: user.auth,
      payload: { name: 'x', allowed_deployments: ['nope'] },
    });
    expect(created.statusCode).toBe(400);
  });
});
