#!/usr/bin/env node
/**
 * Seeds the running local stack (npm start / npm run stack) through its public
 * APIs: a verified demo user in the Auth emulator, its organization and keys,
 * a sandbox purchase and a few metered image calls.
 *
 *   demo@example.com / demo1234
 */
import sharp from 'sharp';
import { STACK } from './env.mjs';

const EMULATOR = `http://127.0.0.1:${STACK.authEmulatorPort}`;
const API = process.env.API_BASE_URL ?? `http://localhost:${STACK.apiPort}/v1`;
const SERVICES = process.env.SERVICES_BASE_URL ?? `http://localhost:${STACK.servicesPort}`;
const EMAIL = 'demo@example.com';
const PASSWORD = 'demo1234';

async function call(url, init = {}) {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, body };
}

async function signIn() {
  const path = `${EMULATOR}/identitytoolkit.googleapis.com/v1`;
  const credentials = { email: EMAIL, password: PASSWORD, returnSecureToken: true };
  let res = await call(`${path}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    body: credentials,
  });
  if (res.status !== 200) {
    res = await call(`${path}/accounts:signUp?key=demo-api-key`, {
      method: 'POST',
      body: { ...credentials, displayName: 'Demo User' },
    });
    if (res.status !== 200)
      throw new Error(`Auth emulator sign-up failed: ${JSON.stringify(res.body)}`);
  }
  // Mark the e-mail verified with the emulator's admin API (any bearer "owner" works there).
  const verified = await call(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${STACK.projectId}/accounts:update`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner' },
      body: { localId: res.body.localId, emailVerified: true },
    },
  );
  if (verified.status !== 200)
    throw new Error(`Could not verify the e-mail: ${JSON.stringify(verified.body)}`);
  // Sign in again so the token carries email_verified: true.
  const again = await call(`${path}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    body: credentials,
  });
  return { uid: again.body.localId, token: again.body.idToken };
}

async function main() {
  for (const url of [`${EMULATOR}/`, `${API.replace(/\/v1$/, '')}/health`, `${SERVICES}/health`]) {
    await fetch(url).catch(() => {
      throw new Error(
        `${url} is not reachable: start the stack first (npm start or npm run stack).`,
      );
    });
  }
  const { uid, token } = await signIn();
  const auth = { authorization: `Bearer ${token}` };
  console.log(`user          ${EMAIL} / ${PASSWORD} (uid ${uid}, e-mail verified)`);

  let org = await call(`${API}/organization`, { headers: auth });
  if (org.status === 404) {
    org = await call(`${API}/organization`, {
      method: 'POST',
      headers: auth,
      body: {
        name: 'Demo Vision Co.',
        website: 'https://demo.example.com',
        country: 'India',
        state: 'Karnataka',
        address: '1 MG Road, Bengaluru 560001',
      },
    });
    if (org.status !== 200) throw new Error(`organization: ${JSON.stringify(org.body)}`);
    console.log(`organization  ${org.body.name} (created)`);
  } else {
    console.log(`organization  ${org.body.name} (already there)`);
  }
  await call(`${API}/organization/verify`, { method: 'POST', headers: auth });

  let keys = (await call(`${API}/api-key`, { headers: auth })).body.api_keys;
  if (!keys.some((k) => k.name === 'Server key')) {
    await call(`${API}/api-key`, { method: 'POST', headers: auth, body: { name: 'Server key' } });
    keys = (await call(`${API}/api-key`, { headers: auth })).body.api_keys;
  }
  for (const key of keys) {
    console.log(
      `api key       ${key.name.padEnd(16)} ${key.key}${key.used_for_ui ? '  (used for the browser)' : ''}${key.is_default ? '  (default)' : ''}`,
    );
  }

  const order = await call(`${API}/credits`, {
    method: 'POST',
    headers: auth,
    body: { price_in_usd: 25 },
  });
  if (order.status !== 200) throw new Error(`credits: ${JSON.stringify(order.body)}`);
  if (order.body.provider === 'sandbox') {
    const payment = await call(`${API}/credits/sandbox/confirm`, {
      method: 'POST',
      headers: auth,
      body: { order_id: order.body.order_id },
    });
    console.log(
      `purchase      $${payment.body.amount_usd} (${payment.body.status}, receipt ${payment.body.receipt_reference})`,
    );
  } else {
    console.log(
      `purchase      order ${order.body.order_id} created; Stripe is configured, so pay it on /settings/buy-credits/`,
    );
  }

  const image = await sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 150, b: 210 } },
  })
    .composite([
      {
        input: {
          create: { width: 320, height: 100, channels: 3, background: { r: 70, g: 140, b: 60 } },
        },
        top: 140,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
  const calls = [
    ['object-detection', {}],
    ['image-classification', { top_k: 3 }],
    ['zero-shot-image-classification', { candidate_labels: ['landscape', 'city', 'portrait'] }],
    ['depth-estimation', {}],
    ['image-segmentation/semantic', {}],
  ];
  const playground = keys.find((k) => k.used_for_ui);
  for (const [path, params] of calls) {
    const res = await call(`${SERVICES}/${path}`, {
      method: 'POST',
      headers: { 'api-key': playground.key },
      body: { image: image.toString('base64'), ...params },
    });
    console.log(
      `usage         ${path.padEnd(32)} ${res.status === 200 ? `$${res.body.usage.cost_usd}` : res.body.error_message}`,
    );
  }
  const balance = (await call(`${API}/credits/balance`, { headers: auth })).body;
  console.log(`balance       $${balance.remaining_credits}`);
}

main().catch((error) => {
  console.error(`seed failed: ${error.message}`);
  process.exit(1);
});
