/**
 * Builds both apps on a fresh database (PGlite in memory, or a new PostgreSQL
 * database when DATABASE_URL is set), signs emulator-style ID tokens, and
 * records every answer so the suite can check them against the OpenAPI
 * documents.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { AssignableRole } from '@contract';
import type {
  FastifyInstance,
  FastifyLoggerOptions,
  InjectOptions,
  LightMyRequestResponse,
} from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { buildAccountApp } from '../../server/src/app';
import { createDeps } from '../../server/src/bootstrap';
import { readServerConfig, type ServerConfig } from '../../server/src/config';
import type { TokenVerifier } from '../../server/src/auth/firebase';
import type { DatabaseOptions } from '../../server/src/db/client';
import { loggerOptions } from '../../server/src/lib/log';
import type { StripeOverrides } from '../../server/src/payments/provider';
import { startMailCatcher } from '../../scripts/stack/mail-catcher.mjs';
import { buildServicesApp, type ServicesDeps } from '../../server/src/services/app';
import type { Renderer } from '../../server/src/services/render/pool';

export const PROJECT_ID = 'demo-visionapi';
/** The site's origin in local mode, as a browser sends it. */
export const SITE_ORIGIN = 'http://localhost:3000';

export interface RecordedAnswer {
  app: 'api' | 'services';
  method: string;
  url: string;
  statusCode: number;
  contentType: string | undefined;
  body: string;
}

/** Every answer of every harness in this test file. */
export const recordedAnswers: RecordedAnswer[] = [];

/**
 * A copy of this run's migrated template (./global-setup.ts: a PGlite data directory), beside it;
 * a harness outside vitest (bench/) has none and migrates an empty database in memory.
 */
function copyPgliteTemplate(): string | undefined {
  const template = process.env.VAPI_TEST_PGLITE_TEMPLATE;
  if (!template) return undefined;
  const dir = mkdtempSync(`${template}-copy-`);
  cpSync(template, dir, { recursive: true });
  return dir;
}

/** A fresh database per harness, so runs are repeatable on PGlite and PostgreSQL alike. */
export async function freshDatabase(): Promise<{
  options: DatabaseOptions;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = copyPgliteTemplate();
    return {
      options: dir ? { pgliteDir: dir } : {},
      drop: async () => {
        if (dir) rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `vapi_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = process.env.VAPI_TEST_PG_TEMPLATE;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    options: { url: target.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // FORCE ends this suite's own connections; one of another role still attached (seen
        // once on a shared machine: 42501) is waited for briefly, then left to the next run's
        // cleanup rather than failing a suite whose tests passed.
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '42501' || attempt === 5) {
              if ((error as { code?: string }).code !== '42501') throw error;
              console.warn(`[test] database ${name} left behind: ${(error as Error).message}`);
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

export interface HarnessOptions extends StripeOverrides {
  stripe?: boolean;
  config?: Partial<ServerConfig>;
  /** Replaces the worker pool of the services host. */
  renderer?: Renderer;
  /** Log lines of both apps (the servers' own logger settings) go here. */
  log?: (line: string) => void;
  /** The resolver of `image_url` fetches (default: the system's). */
  imageUrlLookup?: ServicesDeps['imageUrlLookup'];
}

export const STRIPE_TEST_CONFIG = {
  secretKey: 'sk_test_fake_0000000000000000000000000000',
  webhookSecret: 'whsec_test_fake_secret',
};

export async function createHarness(options: HarnessOptions = {}) {
  const base = readServerConfig({
    STACK_MODE: 'local',
    FIREBASE_PROJECT_ID: PROJECT_ID,
  } as NodeJS.ProcessEnv);
  const config: ServerConfig = {
    ...base,
    rateLimit: { max: 100_000, timeWindowMs: 60_000 },
    userRateLimit: { max: 100_000, timeWindowMs: 60_000 },
    feedbackRateLimit: { max: 100_000, timeWindowMs: 60_000 },
    servicesRateLimit: { max: 100_000, timeWindowMs: 60_000 },
    servicesIpRateLimit: { max: 100_000, timeWindowMs: 60_000 },
    renderThreads: 2,
    renderQueue: 1_000,
    stripe: options.stripe ? STRIPE_TEST_CONFIG : null,
    ...options.config,
  };
  const database = await freshDatabase();
  // A real SMTP inbox per harness, on free ports: e-mail is read back from it.
  const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  config.smtpUrl = `smtp://127.0.0.1:${mail.smtpPort}`;
  const { deps, database: handle } = await createDeps(config, {
    database: database.options,
    createPaymentIntent: options.createPaymentIntent,
    createSetupIntent: options.createSetupIntent,
    chargeSavedCard: options.chargeSavedCard,
    describePaymentMethod: options.describePaymentMethod,
    verifier: emulatorTokenVerifier,
  });
  const logLine = options.log;
  const serverOptions = logLine
    ? {
        logger: {
          // loggerOptions is typed as any `logger` setting (boolean included); it returns options.
          ...(loggerOptions('debug') as FastifyLoggerOptions),
          stream: { write: (line: string) => logLine(line) },
        },
      }
    : {};
  const api = await buildAccountApp(deps, serverOptions);
  const services = await buildServicesApp(
    { ...deps, renderer: options.renderer, imageUrlLookup: options.imageUrlLookup },
    serverOptions,
  );
  await Promise.all([api.ready(), services.ready()]);

  const record =
    (app: 'api' | 'services', instance: FastifyInstance) =>
    async (request: InjectOptions): Promise<LightMyRequestResponse> => {
      // Image calls come from the site's origin unless a test says otherwise, as the browser
      // sends them: the in-browser key accepts the site's own origins only.
      if (app === 'services' && !(request.headers && 'origin' in request.headers)) {
        request = { ...request, headers: { origin: SITE_ORIGIN, ...request.headers } };
      }
      const response = await instance.inject(request);
      recordedAnswers.push({
        app,
        method: (request.method ?? 'GET').toUpperCase(),
        url: String(request.url),
        statusCode: response.statusCode,
        contentType: response.headers['content-type'] as string | undefined,
        body: response.body,
      });
      return response;
    };

  return {
    api,
    services,
    db: deps.db,
    deps,
    config,
    mail,
    callApi: record('api', api),
    callServices: record('services', services),
    async close() {
      await deps.billing.idle();
      await Promise.all([api.close(), services.close()]);
      deps.mailer.close();
      await mail.close();
      await handle.close();
      await database.drop();
    },
  };
}
export type Harness = Awaited<ReturnType<typeof createHarness>>;

/**
 * Both apps of one "process" (account API and services host) on a database that outlives them:
 * tests of a restart of every process close one and boot another on the same database.
 */
export async function bootProcess(
  config: ServerConfig,
  database: DatabaseOptions,
  renderer: Renderer,
) {
  const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  const { deps, database: handle } = await createDeps(
    { ...config, smtpUrl: `smtp://127.0.0.1:${mail.smtpPort}` },
    { database, verifier: emulatorTokenVerifier },
  );
  const api = await buildAccountApp(deps);
  const services = await buildServicesApp({ ...deps, renderer });
  await Promise.all([api.ready(), services.ready()]);
  return {
    db: deps.db,
    callApi: (request: InjectOptions) => api.inject(request),
    callServices: (request: InjectOptions) => services.inject(request),
    mail,
    async close() {
      await deps.billing.idle();
      await Promise.all([api.close(), services.close()]);
      deps.mailer.close();
      await mail.close();
      await handle.close();
    },
  };
}

/**
 * Stands in for firebase-admin in app.inject tests: firebase-admin checks
 * emulator tokens against a running emulator, which tests/server/stack.test.ts
 * covers. This double applies the same claim checks to unsigned tokens.
 */
/** Users whose tokens issued before a moment are revoked (as Firebase's `tokensValidAfterTime`). */
export const revokedBefore = new Map<string, number>();

export const emulatorTokenVerifier: TokenVerifier = {
  async verifyIdToken(idToken, options = {}) {
    const [header, payload, signature] = idToken.split('.');
    if (!header || !payload || signature === undefined) throw new Error('malformed token');
    const h = JSON.parse(Buffer.from(header, 'base64url').toString());
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const now = Date.now() / 1000;
    if (h.alg !== 'none') throw new Error('not an emulator token');
    if (p.aud !== PROJECT_ID || p.iss !== `https://securetoken.google.com/${PROJECT_ID}`)
      throw new Error('wrong project');
    if (typeof p.sub !== 'string' || !p.sub || p.exp <= now || p.iat > now + 60)
      throw new Error('expired or invalid');
    const revokedAt = revokedBefore.get(p.sub);
    if (options.checkRevoked && revokedAt !== undefined && p.auth_time * 1000 < revokedAt) {
      throw Object.assign(new Error('revoked'), { code: 'auth/id-token-revoked' });
    }
    return {
      uid: p.sub,
      email: p.email ?? null,
      emailVerified: p.email_verified === true,
      expiresAt: p.exp * 1000,
    };
  },
  async lookupEmailVerified() {
    return null;
  },
};

/** An ID token as the Auth emulator issues it (alg "none", no signature). */
export function emulatorToken(
  uid: string,
  claims: {
    email?: string;
    email_verified?: boolean;
    projectId?: string;
    expiresIn?: number;
    authTime?: number;
  } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const projectId = claims.projectId ?? PROJECT_ID;
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    email: claims.email ?? `${uid}@example.com`,
    email_verified: claims.email_verified ?? false,
    auth_time: claims.authTime ?? now - 10,
    user_id: uid,
    firebase: {
      identities: { email: [claims.email ?? `${uid}@example.com`] },
      sign_in_provider: 'password',
    },
    iat: now - 10,
    exp: now + (claims.expiresIn ?? 3600),
    aud: projectId,
    iss: `https://securetoken.google.com/${projectId}`,
    sub: uid,
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

export const ORGANIZATION = {
  name: 'Acme Vision Labs',
  website: 'https://acme.example.com',
  country: 'India',
  state: 'Karnataka',
};

export interface TestUser {
  uid: string;
  token: string;
  auth: { authorization: string };
  playgroundKey: { id: string; key: string };
}

/** A signed-in user with a registered organization. */
export async function registerUser(
  h: Harness,
  overrides: Record<string, unknown> = {},
  claims: { email_verified?: boolean } = {},
): Promise<TestUser> {
  const uid = `user-${randomUUID()}`;
  // Verified by default: buying credits needs a verified e-mail address.
  const token = emulatorToken(uid, { email_verified: claims.email_verified ?? true });
  const auth = { authorization: `Bearer ${token}` };
  const created = await h.callApi({
    method: 'POST',
    url: '/v1/organization',
    headers: auth,
    payload: { ...ORGANIZATION, ...overrides },
  });
  if (created.statusCode !== 200)
    throw new Error(`organization: ${created.statusCode} ${created.body}`);
  const keys = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: auth });
  const [playground] = keys.json().api_keys;
  return { uid, token, auth, playgroundKey: { id: playground.id, key: playground.key } };
}

/** A signed-in person with a verified address and no organization yet (an invitee). */
export interface Person {
  uid: string;
  email: string;
  auth: { authorization: string };
}

export function person(email = `${randomUUID()}@example.com`): Person {
  const uid = `user-${randomUUID()}`;
  const token = emulatorToken(uid, { email, email_verified: true });
  return { uid, email, auth: { authorization: `Bearer ${token}` } };
}

/** The single-use token in the newest invitation e-mail to `email` (the harness's inbox). */
export function invitationToken(h: Harness, email: string): string {
  const message = h.mail.messages.find((m: { to: string }) => m.to.includes(email));
  if (!message) throw new Error(`no invitation e-mail to ${email}`);
  const match = /[?&]token=([\w-]+)/.exec(message.text as string);
  if (!match) throw new Error(`no link in: ${message.text}`);
  return decodeURIComponent(match[1]!);
}

/** Buys credits through the sandbox provider (create order, confirm). */
export async function buyCredits(h: Harness, user: TestUser, usd: number) {
  const order = await h.callApi({
    method: 'POST',
    url: '/v1/credits',
    headers: user.auth,
    payload: { price_in_usd: usd },
  });
  if (order.statusCode !== 200) throw new Error(`order: ${order.body}`);
  const payment = await h.callApi({
    method: 'POST',
    url: '/v1/credits/sandbox/confirm',
    headers: user.auth,
    payload: { order_id: order.json().order_id },
  });
  if (payment.statusCode !== 200 || payment.json().status !== 'succeeded') {
    throw new Error(`confirm: ${payment.body}`);
  }
  return { order: order.json(), payment: payment.json().payment };
}

/** A small deterministic test picture (a sky-over-grass gradient). */
export async function testImage(
  format: 'png' | 'jpeg' | 'webp' = 'png',
  width = 96,
  height = 64,
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const sky = y < height / 2;
      raw[i] = sky ? 110 + (x % 30) : 60;
      raw[i + 1] = sky ? 160 : 140 + (y % 20);
      raw[i + 2] = sky ? 220 : 50;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart/form-data body by hand (no extra dependency). */
export function multipartBody(
  fields: Record<string, string | string[]>,
  file?: { name: string; filename: string; contentType: string; data: Buffer },
) {
  const boundary = `----vapi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`,
        ),
      );
    }
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The gateway's shared secret in the production-mode tests (stubs may check it). */
export const TEST_UPSTREAM_SECRET = 'test-upstream-shared-secret-of-40-characters';

/**
 * The services host's settings in production mode (no local mode): real-looking secrets and an
 * upstream for every deployment, as a deployment of the metering gateway sets them.
 */

export function productionServicesConfig(upstream: string, extra: Record<string, string> = {}) {
  return readServerConfig({
    FIREBASE_PROJECT_ID: 'visionapi-prod',
    STRIPE_SECRET_KEY: 'sk_test_gateway',
    STRIPE_WEBHOOK_SECRET: 'whsec_gateway',
    API_KEY_HMAC_SECRET: 'a-production-hmac-secret-of-at-least-32-chars',
    UI_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    SMTP_URL: 'smtp://127.0.0.1:1',
    SERVER_ROLE: 'services',
    SERVICES_UPSTREAM_URL: upstream,
    UPSTREAM_SHARED_SECRET: TEST_UPSTREAM_SECRET,
    ...extra,
  } as NodeJS.ProcessEnv);
}

/** A new person invited to `orgId` with `role` by `owner`, who accepts: a member of that role. */
export async function addMember(
  h: Harness,
  owner: TestUser,
  orgId: string,
  role: AssignableRole,
): Promise<Person> {
  const member = person();
  const sent = await h.callApi({
    method: 'POST',
    url: '/v1/team/invitations',
    headers: { ...owner.auth, 'x-organization-id': orgId },
    payload: { email: member.email, role },
  });
  if (sent.statusCode !== 200) throw new Error(`invite: ${sent.statusCode} ${sent.body}`);
  const joined = await h.callApi({
    method: 'POST',
    url: '/v1/invitations/accept',
    headers: member.auth,
    payload: { token: invitationToken(h, member.email) },
  });
  if (joined.statusCode !== 200) throw new Error(`accept: ${joined.statusCode} ${joined.body}`);
  return member;
}
