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

export function readSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
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
