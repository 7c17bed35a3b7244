/**
 * npm run seed:scale -- --calls N: adds to the running local stack (npm run stack with
 * DATABASE_URL set to its PostgreSQL database) one organization with N metered calls over the last
 * 365 days across 25 keys, 8 deployments and 50 members, plus N/10 audit entries, consistent with
 * the ledger and the usage rollups (bulk SQL: scripts/scale/seed-organization.ts). Its owner is a
 * new user of the Auth emulator who registers the organization and makes its keys through the API;
 * the rest is written to the database directly. The last line printed is a JSON object
 * `{"organization_id","email","password"}` to sign in with.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/src/db/client';
import { stackUrls } from '../stack/demo-account.mjs';
import { STACK } from '../stack/env.mjs';
import { SCALE_KEYS, seedOrganization } from './seed-organization';

const MAX_CALLS = 50_000_000;

function callsArgument(): number {
  const args = process.argv.slice(2);
  const i = args.indexOf('--calls');
  const calls = Number(i >= 0 ? args[i + 1] : '10000');
  if (!Number.isInteger(calls) || calls < 1 || calls > MAX_CALLS) {
    throw new Error(`--calls takes a whole number from 1 to ${MAX_CALLS.toLocaleString('en-US')}`);
  }
  return calls;
}

async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function main() {
  const calls = callsArgument();
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'seed:scale needs DATABASE_URL: the PostgreSQL database the running stack uses (npm run stack with DATABASE_URL set)',
    );
  }
  const urls = stackUrls();
  const identity = `http://127.0.0.1:${STACK.authEmulatorPort}/identitytoolkit.googleapis.com/v1`;
  const suffix = randomBytes(4).toString('hex');
  const email = `scale-owner-${suffix}@example.com`;
  const password = randomBytes(12).toString('base64url');
  const uid = `scale-owner-${suffix}`;
  await call(`${identity}/projects/${STACK.projectId}/accounts`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner' },
    body: { localId: uid, email, password, displayName: 'Scale Owner', emailVerified: true },
  }).catch((error: Error) => {
    throw new Error(`the Auth emulator is not reachable (start the stack first): ${error.message}`);
  });
  const signedIn = await call(`${identity}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    body: { email, password, returnSecureToken: true },
  });
  const auth = { authorization: `Bearer ${String(signedIn.idToken)}` };
  const organization = await call(`${urls.api}/organization`, {
    method: 'POST',
    headers: auth,
    body: {
      name: `Scale Co. ${suffix}`,
      website: 'https://scale.example.com',
      country: 'India',
      state: 'Karnataka',
      address: '1 MG Road, Bengaluru 560001',
    },
  });
  const existing = (await call(`${urls.api}/api-key`, { headers: auth })) as {
    api_keys?: Array<{ id: string }>;
  };
  const keyIds = (existing.api_keys ?? []).map((k) => k.id);
  for (let i = keyIds.length; i < SCALE_KEYS; i++) {
    const made = await call(`${urls.api}/api-key`, {
      method: 'POST',
      headers: auth,
      body: { name: `scale-key-${i}` },
    });
    keyIds.push(String(made.id));
  }
  const handle = await openDatabase({ url, poolSize: 2 });
  try {
    const found = (await handle.db.execute(
      sql`select organization_id::text as id from api_keys where id = ${keyIds[0]}::uuid`,
    )) as unknown as { rows: Array<{ id: string }> };
    const organizationId = found.rows[0]?.id;
    if (!organizationId) {
      throw new Error(
        'the organization made through the API is not in DATABASE_URL: point it at the database the stack uses',
      );
    }
    const t0 = performance.now();
    await seedOrganization(handle.db, { organizationId, ownerUid: uid, keyIds, calls });
    console.error(
      `seeded ${String(organization.name)}: ${calls.toLocaleString('en-US')} calls, ` +
        `${Math.floor(calls / 10).toLocaleString('en-US')} audit entries in ` +
        `${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    console.log(JSON.stringify({ organization_id: organizationId, email, password }));
  } finally {
    await handle.close();
  }
}

main().catch((error: Error) => {
  console.error(`seed:scale failed: ${error.message}`);
  process.exit(1);
});
