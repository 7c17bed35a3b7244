import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, createHarness, registerUser, testImage, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const RANGE = (() => {
  const now = Date.now();
  return `start_date=${new Date(now - 86_400_000).toISOString()}&end_date=${new Date(now + 60_000).toISOString()}`;
})();

describe('usage by key and by deployment', () => {
  it('one aggregate answers by day, deployment and key, filters by either, and exports either as CSV', async () => {
    const user = await registerUser(h);
    await buyCredits(h, user, 5);
    const server = (
      await h.callApi({
        method: 'POST',
        url: '/v1/api-key',
        headers: user.auth,
        payload: { name: 'server' },
      })
    ).json();
    const image = (await testImage('png', 24, 24)).toString('base64');
    const call = async (key: string, path: string) => {
      const res = await h.callServices({
        method: 'POST',
        url: `/${path}`,
        headers: { 'api-key': key },
        payload: { image },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().usage.cost_usd as number;
    };
    const spent = { server: 0, playground: 0 };
    spent.server += await call(server.key, 'object-detection');
    spent.server += await call(server.key, 'object-detection');
    spent.server += await call(server.key, 'depth-estimation');
    spent.playground += await call(user.playgroundKey.key, 'object-detection');

    const daily = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily?${RANGE}`,
      headers: user.auth,
    });
    expect(daily.statusCode, daily.body).toBe(200);
    const body = daily.json();
    expect(body.totals.calls).toBe(4);
    const byKey = Object.fromEntries(
      body.by_key.map((k: { name: string; calls: number; spent_usd: number }) => [k.name, k]),
    );
    expect(byKey.server).toMatchObject({ api_key_id: server.id, calls: 3 });
    expect(byKey.server.spent_usd).toBeCloseTo(spent.server, 6);
    expect(byKey['Playground key']).toMatchObject({ calls: 1 });
    // Most spent first.
    expect(body.by_key[0].name).toBe('server');
    expect(
      body.by_deployment
        .map((d: { deployment: string; calls: number }) => [d.deployment, d.calls])
        .sort(),
    ).toEqual([
      ['depth-estimation', 1],
      ['object-detection', 3],
    ]);
    // A day by deployment (by key, the range's totals above and the CSV by key below).
    const days = body.days as Array<{ keys?: unknown[]; deployments: unknown[] }>;
    expect(days.flatMap((d) => d.deployments)).toHaveLength(2);
    expect(days.every((d) => d.keys === undefined)).toBe(true);

    const onlyServer = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily?${RANGE}&api_key_id=${server.id}`,
      headers: user.auth,
    });
    expect(onlyServer.json().totals.calls).toBe(3);
    const onlyDetection = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily?${RANGE}&deployment=object-detection`,
      headers: user.auth,
    });
    expect(onlyDetection.json().totals.calls).toBe(3);
    expect(onlyDetection.json().by_key).toHaveLength(2);

    const csv = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily.csv?${RANGE}&group_by=key`,
      headers: user.auth,
    });
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,api_key_id,api_key_name,calls,spent_usd');
    expect(lines.slice(1).some((l) => l.includes(`,${server.id},server,3,`))).toBe(true);
    const byDeployment = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily.csv?${RANGE}`,
      headers: user.auth,
    });
    expect(byDeployment.body.split('\r\n')[0]).toBe('date,deployment,calls,spent_usd');
  });

  it('refuses hostile filters', async () => {
    const user = await registerUser(h);
    for (const query of [
      `api_key_id=${'x'.repeat(65)}`,
      `deployment=${'a'.repeat(65)}`,
      'deployment=%00',
      'group_by=everything',
    ]) {
      const res = await h.callApi({
        method: 'GET',
        url: `/v1/usage/daily.csv?${RANGE}&${query}`,
        headers: user.auth,
      });
      expect(res.statusCode, query).toBe(400);
    }
    // Another organization's key id filters to nothing, never to its usage.
    const other = await registerUser(h);
    const res = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily?${RANGE}&api_key_id=${other.playgroundKey.id}`,
      headers: user.auth,
    });
    expect(res.json().totals.calls).toBe(0);
  });
});
