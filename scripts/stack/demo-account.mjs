/**
 * The demo account of the local stack, created through the stack's public APIs and safe to run
 * again: each step checks what is already there first. The user has a fixed uid, so after a
 * restart (the Auth emulator keeps no data) it owns the same organization in the embedded
 * database as before.
 *
 *   demo@example.com / demo1234 (e-mail verified), organization "Demo Vision Co.", a "Server key"
 *   besides the playground key, a $25 sandbox purchase and a few metered image calls; a second
 *   organization, "Demo Robotics Lab", and a pending invitation of teammate@example.com (as a
 *   developer) so the team pages have something to show.
 */
import sharp from 'sharp';
import { STACK } from './env.mjs';

export const DEMO = {
  email: 'demo@example.com',
  password: 'demo1234',
  uid: 'demo-user-0001',
  displayName: 'Demo User',
};

const SECOND_ORGANIZATION = {
  name: 'Demo Robotics Lab',
  website: 'https://robotics.example.com',
  country: 'India',
  state: 'Maharashtra',
};
const DEMO_TEAMMATE = { email: 'teammate@example.com', role: 'developer' };

const EMULATOR = `http://127.0.0.1:${STACK.authEmulatorPort}`;
const IDENTITY = `${EMULATOR}/identitytoolkit.googleapis.com/v1`;

export function stackUrls(env = process.env) {
  return {
    api: env.API_BASE_URL ?? `http://localhost:${STACK.apiPort}/v1`,
    services: env.SERVICES_BASE_URL ?? `http://localhost:${STACK.servicesPort}`,
  };
}

async function call(url, init = {}) {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, body };
}

function fail(step, res) {
  return new Error(`${step}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
}

async function signInWithPassword() {
  return call(`${IDENTITY}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    body: { email: DEMO.email, password: DEMO.password, returnSecureToken: true },
  });
}

/** Signs the demo user in, creating it (verified, fixed uid) with the emulator's admin API. */
export async function signInDemoUser() {
  let res = await signInWithPassword();
  let created = false;
  if (res.status !== 200) {
    const made = await call(`${IDENTITY}/projects/${STACK.projectId}/accounts`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner' },
      body: {
        localId: DEMO.uid,
        email: DEMO.email,
        password: DEMO.password,
        displayName: DEMO.displayName,
        emailVerified: true,
      },
    });
    if (made.status !== 200) throw fail('Auth emulator: create the demo user', made);
    created = true;
    res = await signInWithPassword();
  }
  if (res.status !== 200) throw fail('Auth emulator: sign in', res);
  return { uid: res.body.localId, token: res.body.idToken, created };
}

/** A 320×240 picture (sky over grass) for the demo's metered calls. */
async function demoImage() {
  return sharp({
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
}

const DEMO_CALLS = [
  ['object-detection', {}],
  ['image-classification', { top_k: 3 }],
  ['zero-shot-image-classification', { candidate_labels: ['landscape', 'city', 'portrait'] }],
  ['depth-estimation', {}],
  ['image-segmentation/semantic', {}],
];

/**
 * Makes sure the demo account exists with its data; returns what it did, line by line.
 * `urls` default to the local stack's ports.
 */
export async function ensureDemoAccount(urls = stackUrls()) {
  const report = [];
  const { uid, token, created } = await signInDemoUser();
  const signedIn = { authorization: `Bearer ${token}` };
  let auth = signedIn;
  report.push(
    `user          ${DEMO.email} / ${DEMO.password} (uid ${uid}, e-mail verified${created ? ', created' : ''})`,
  );

  let org = await call(`${urls.api}/organization`, { headers: auth });
  if (org.status === 404) {
    org = await call(`${urls.api}/organization`, {
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
    if (org.status !== 200) throw fail('organization', org);
    report.push(`organization  ${org.body.name} (created)`);
  } else if (org.status === 200) {
    report.push(`organization  ${org.body.name} (already there)`);
  } else {
    throw fail('organization', org);
  }
  // Everything below acts on this organization by name, whichever one the user last selected.
  auth = { ...signedIn, 'x-organization-id': org.body.id };
  await call(`${urls.api}/organization/verify`, { method: 'POST', headers: auth });

  const listed = await call(`${urls.api}/api-key`, { headers: auth });
  if (listed.status !== 200) throw fail('api keys', listed);
  let keys = listed.body.api_keys;
  if (!keys.some((k) => k.name === 'Server key')) {
    const made = await call(`${urls.api}/api-key`, {
      method: 'POST',
      headers: auth,
      body: { name: 'Server key' },
    });
    if (made.status !== 200) throw fail('create the server key', made);
    report.push(`api key       Server key       ${made.body.key}  (shown once: copy it now)`);
    keys = (await call(`${urls.api}/api-key`, { headers: auth })).body.api_keys;
  }
  for (const key of keys) {
    const shown = key.key ?? key.redacted ?? '';
    report.push(
      `api key       ${key.name.padEnd(16)} ${shown}${key.used_for_ui ? '  (used for the browser)' : ''}${key.is_default ? '  (default)' : ''}`,
    );
  }

  const payments = await call(`${urls.api}/credits/payments?limit=1`, { headers: auth });
  if (payments.status !== 200) throw fail('payments', payments);
  if (payments.body.total_count === 0) {
    const order = await call(`${urls.api}/credits`, {
      method: 'POST',
      headers: auth,
      body: { price_in_usd: 25 },
    });
    if (order.status !== 200) throw fail('credits', order);
    if (order.body.provider === 'sandbox') {
      let settled = await call(`${urls.api}/credits/sandbox/confirm`, {
        method: 'POST',
        headers: auth,
        body: { order_id: order.body.order_id },
      });
      if (settled.status !== 200) throw fail('sandbox confirm', settled);
      // The sandbox settles like a card payment: `processing` for a moment, then fulfilled.
      for (let i = 0; i < 60 && settled.body.status === 'processing'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        settled = await call(`${urls.api}/credits/orders/${order.body.order_id}`, {
          headers: auth,
        });
      }
      if (settled.body.status !== 'succeeded') throw fail('sandbox purchase', settled);
      report.push(
        `purchase      $${settled.body.amount_usd} (${settled.body.status}, receipt ${settled.body.payment.receipt_reference})`,
      );
    } else {
      report.push(
        `purchase      order ${order.body.order_id} created; Stripe is configured, so pay it on /settings/buy-credits/`,
      );
    }
  } else {
    report.push(`purchase      ${payments.body.total_count} payment(s) already there`);
  }

  const usage = await call(`${urls.api}/transaction?limit=1`, { headers: auth });
  if (usage.status !== 200) throw fail('transactions', usage);
  const playground = keys.find((k) => k.used_for_ui);
  if (usage.body.totals.calls === 0 && playground?.key) {
    const image = (await demoImage()).toString('base64');
    for (const [path, params] of DEMO_CALLS) {
      const res = await call(`${urls.services}/${path}`, {
        method: 'POST',
        // The in-browser key accepts the site's own origin only.
        headers: { 'api-key': playground.key, origin: 'http://localhost:3000' },
        body: { image, ...params },
      });
      report.push(
        `usage         ${path.padEnd(32)} ${res.status === 200 ? `$${res.body.usage.cost_usd}` : res.body.error_message}`,
      );
    }
  } else {
    report.push(`usage         ${usage.body.totals.calls} metered call(s) already there`);
  }
  const balance = await call(`${urls.api}/credits/balance`, { headers: auth });
  report.push(`balance       $${balance.body.remaining_credits}`);

  const orgs = await call(`${urls.api}/organizations`, { headers: signedIn });
  if (orgs.status !== 200) throw fail('organizations', orgs);
  if (!orgs.body.organizations.some((o) => o.name === SECOND_ORGANIZATION.name)) {
    const second = await call(`${urls.api}/organizations`, {
      method: 'POST',
      headers: signedIn,
      body: SECOND_ORGANIZATION,
    });
    if (second.status !== 200) throw fail('second organization', second);
    // Creating it selected it: the demo opens on its first organization.
    const back = await call(`${urls.api}/organizations/select`, {
      method: 'POST',
      headers: signedIn,
      body: { organization_id: org.body.id },
    });
    if (back.status !== 200) throw fail('select the first organization', back);
    report.push(`organization  ${SECOND_ORGANIZATION.name} (created; switch in the account menu)`);
  } else {
    report.push(`organization  ${SECOND_ORGANIZATION.name} (already there)`);
  }

  const [members, invitations] = await Promise.all([
    call(`${urls.api}/team/members`, { headers: auth }),
    call(`${urls.api}/team/invitations`, { headers: auth }),
  ]);
  if (members.status !== 200) throw fail('members', members);
  if (invitations.status !== 200) throw fail('invitations', invitations);
  const invited =
    members.body.members.some((m) => m.email === DEMO_TEAMMATE.email) ||
    invitations.body.invitations.some((i) => i.email === DEMO_TEAMMATE.email);
  if (!invited) {
    const sent = await call(`${urls.api}/team/invitations`, {
      method: 'POST',
      headers: auth,
      body: DEMO_TEAMMATE,
    });
    if (sent.status !== 200) throw fail('invitation', sent);
    report.push(
      `invitation    ${DEMO_TEAMMATE.email} as ${DEMO_TEAMMATE.role} (sent to the local inbox)`,
    );
  } else {
    report.push(`invitation    ${DEMO_TEAMMATE.email} (already there)`);
  }
  return report;
}
