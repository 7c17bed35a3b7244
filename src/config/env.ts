/**
 * Build-time configuration, read from environment variables exactly once (by
 * docusaurus.config.ts) and handed to the browser through `customFields`.
 * Defaults describe the local stack started by `npm start`, so a fresh
 * checkout works with no configuration at all.
 *
 * This file runs in Node only. Browser code reads the result through
 * `useSiteConfig()` / `getSiteConfig()` in `src/config/index.ts`.
 */
import type { SiteConfig } from './types';

export const LOCAL_PORTS = {
  site: 3000,
  api: 4010,
  services: 4020,
  authEmulator: 9099,
} as const;

export const DEMO_FIREBASE_PROJECT_ID = 'demo-visionapi';

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Set to `1` to build for a non-local SITE_URL with the emulator, sandbox or local hosts (staging). */
export const STAGING_BUILD_VAR = 'STAGING_BUILD';

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/** True for URLs (or `host:port` strings) that only mean something on the builder's machine. */
export function isLocalUrl(value: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`).hostname;
  } catch {
    return false;
  }
  return (
    LOCAL_HOSTNAMES.has(hostname) || hostname.endsWith('.localhost') || hostname.startsWith('127.')
  );
}

function checkPublicUrl(env: NodeJS.ProcessEnv, name: string, role: string): string | undefined {
  const value = read(env, name);
  if (!value)
    return `${name} is not set: browsers would call the local ${role} on their own machine`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name} is not a URL (${value})`;
  }
  if (isLocalUrl(value))
    return `${name} points at ${url.host}: browsers would call their own machine`;
  return undefined;
}

/**
 * What makes this environment unsafe to build for a public site, one line per variable (empty when
 * it is fine). A non-local SITE_URL means the build is meant for real visitors, so it must not point
 * their browsers at the Auth emulator (which accepts unsigned tokens), the sandbox payment provider
 * (which credits wallets without a payment) or localhost hosts. `STAGING_BUILD=1` allows it on
 * purpose; `NODE_ENV` plays no part. Local builds (the default SITE_URL) are never refused.
 */
export function unsafeProductionSettings(env: NodeJS.ProcessEnv): string[] {
  const siteUrl = read(env, 'SITE_URL');
  if (!siteUrl || isLocalUrl(siteUrl) || read(env, STAGING_BUILD_VAR) === '1') return [];
  const problems: string[] = [];
  if (!read(env, 'FIREBASE_API_KEY'))
    problems.push('FIREBASE_API_KEY is not set: browsers would sign in against the Auth emulator');
  const projectId = read(env, 'FIREBASE_PROJECT_ID');
  if (!projectId || projectId.startsWith('demo-'))
    problems.push(
      `FIREBASE_PROJECT_ID is ${projectId ? `"${projectId}", an emulator-only demo project` : 'not set'}: set the Firebase project's id`,
    );
  const emulatorHost = read(env, 'FIREBASE_AUTH_EMULATOR_HOST');
  if (emulatorHost)
    problems.push(
      `FIREBASE_AUTH_EMULATOR_HOST is set (${emulatorHost}): browsers would sign in against the Auth emulator`,
    );
  const stripeKey = read(env, 'STRIPE_PUBLISHABLE_KEY');
  if (!stripeKey)
    problems.push(
      'STRIPE_PUBLISHABLE_KEY is not set: buying credits would use the sandbox payment provider',
    );
  else if (!stripeKey.startsWith('pk_'))
    problems.push(
      'STRIPE_PUBLISHABLE_KEY does not start with pk_: only a publishable key may be shipped to browsers',
    );
  for (const problem of [
    checkPublicUrl(env, 'API_BASE_URL', 'account backend'),
    checkPublicUrl(env, 'SERVICES_BASE_URL', 'services host'),
  ])
    if (problem) problems.push(problem);
  return problems;
}

/** The error a refused production build stops with: every problem, then the two ways out. */
export function unsafeProductionMessage(siteUrl: string, problems: string[]): string {
  return [
    `Refusing to build ${siteUrl} (a non-local SITE_URL) with settings meant for the local stack:`,
    ...problems.map((problem) => `  - ${problem}`),
    `Set them (README, "Deploying"), or set ${STAGING_BUILD_VAR}=1 if this is a staging build that may use them.`,
  ].join('\n');
}

/**
 * Reads the site's configuration. Throws (before anything is compiled, since docusaurus.config.ts
 * calls it at load) when a non-local SITE_URL is combined with local-stack settings.
 */
export function readSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const problems = unsafeProductionSettings(env);
  if (problems.length > 0)
    throw new Error(unsafeProductionMessage(read(env, 'SITE_URL') ?? '', problems));
  const firebaseApiKey = read(env, 'FIREBASE_API_KEY');
  // Without a real Firebase project the site talks to the local Auth emulator.
  const emulatorHost =
    read(env, 'FIREBASE_AUTH_EMULATOR_HOST') ??
    (firebaseApiKey ? undefined : `127.0.0.1:${LOCAL_PORTS.authEmulator}`);
  const projectId = read(env, 'FIREBASE_PROJECT_ID') ?? DEMO_FIREBASE_PROJECT_ID;

  return {
    siteUrl: read(env, 'SITE_URL') ?? `http://localhost:${LOCAL_PORTS.site}`,
    apiBaseUrl: read(env, 'API_BASE_URL') ?? `http://localhost:${LOCAL_PORTS.api}/v1`,
    servicesBaseUrl: read(env, 'SERVICES_BASE_URL') ?? `http://localhost:${LOCAL_PORTS.services}`,
    firebase: {
      apiKey: firebaseApiKey ?? 'demo-api-key',
      authDomain: read(env, 'FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
      projectId,
      appId: read(env, 'FIREBASE_APP_ID') ?? '',
      measurementId: read(env, 'FIREBASE_MEASUREMENT_ID') ?? '',
      authEmulatorHost: emulatorHost ?? '',
    },
    calendlyUrl: read(env, 'CALENDLY_URL') ?? '',
    stripePublishableKey: read(env, 'STRIPE_PUBLISHABLE_KEY') ?? '',
  };
}
