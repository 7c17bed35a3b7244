import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLocalUrl, readSiteConfig, unsafeProductionSettings } from '../../src/config/env';

describe('readSiteConfig', () => {
  it('defaults to the local stack with the Auth emulator when nothing is configured', () => {
    const config = readSiteConfig({});
    expect(config.apiBaseUrl).toBe('http://localhost:4010/v1');
    expect(config.servicesBaseUrl).toBe('http://localhost:4020');
    expect(config.firebase.projectId).toBe('demo-visionapi');
    expect(config.firebase.authEmulatorHost).toBe('127.0.0.1:9099');
    expect(config.firebase.measurementId).toBe('');
    expect(config.calendlyUrl).toBe('');
  });

  it('uses a real Firebase project, without the emulator, when an API key is given', () => {
    const config = readSiteConfig({
      FIREBASE_API_KEY: 'AIzaReal',
      FIREBASE_PROJECT_ID: 'acme-prod',
      API_BASE_URL: 'https://api.example.com/v1',
      CALENDLY_URL: ' https://calendly.com/acme/intro ',
    });
    expect(config.firebase.authEmulatorHost).toBe('');
    expect(config.firebase.apiKey).toBe('AIzaReal');
    expect(config.firebase.authDomain).toBe('acme-prod.firebaseapp.com');
    expect(config.apiBaseUrl).toBe('https://api.example.com/v1');
    expect(config.calendlyUrl).toBe('https://calendly.com/acme/intro');
  });
});

/** Everything a public build needs (README, "Deploying"). */
const PRODUCTION = {
  SITE_URL: 'https://docs.example.com',
  API_BASE_URL: 'https://api.example.com/v1',
  SERVICES_BASE_URL: 'https://services.example.com',
  FIREBASE_API_KEY: 'AIzaReal',
  FIREBASE_PROJECT_ID: 'acme-prod',
  FIREBASE_APP_ID: '1:1234:web:abcd',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
};

describe('isLocalUrl', () => {
  it.each([
    'http://localhost:3000',
    'http://127.0.0.1:4010/v1',
    '127.0.0.1:9099',
    'http://[::1]:4020',
    'http://0.0.0.0:4010',
    'http://docs.localhost',
  ])('treats %s as local', (url) => {
    expect(isLocalUrl(url)).toBe(true);
  });

  it.each([
    'https://docs.example.com',
    'https://localhost.example.com',
    'https://api.example.com/v1',
  ])('treats %s as public', (url) => {
    expect(isLocalUrl(url)).toBe(false);
  });
});

describe('unsafeProductionSettings', () => {
  it('accepts a local build with no configuration, whatever NODE_ENV says', () => {
    expect(unsafeProductionSettings({})).toEqual([]);
    expect(unsafeProductionSettings({ NODE_ENV: 'production' })).toEqual([]);
    expect(unsafeProductionSettings({ SITE_URL: 'http://localhost:3001' })).toEqual([]);
  });

  it('accepts a public build with real settings', () => {
    expect(unsafeProductionSettings(PRODUCTION)).toEqual([]);
    expect(readSiteConfig(PRODUCTION).firebase.authEmulatorHost).toBe('');
  });

  it('names every local-stack setting of a public build, even with NODE_ENV=development', () => {
    const problems = unsafeProductionSettings({
      SITE_URL: 'https://docs.example.com',
      NODE_ENV: 'development',
    });
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'FIREBASE_API_KEY',
      'FIREBASE_PROJECT_ID',
      'STRIPE_PUBLISHABLE_KEY',
      'API_BASE_URL',
      'SERVICES_BASE_URL',
    ]);
  });

  it('refuses the Auth emulator, a demo project and local hosts even when everything is set', () => {
    const problems = unsafeProductionSettings({
      ...PRODUCTION,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_PROJECT_ID: 'demo-visionapi',
      API_BASE_URL: 'http://localhost:4010/v1',
      SERVICES_BASE_URL: 'http://127.0.0.1:4020',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^FIREBASE_PROJECT_ID is "demo-visionapi"/),
      expect.stringMatching(/^FIREBASE_AUTH_EMULATOR_HOST is set \(127\.0\.0\.1:9099\)/),
      expect.stringMatching(/^API_BASE_URL points at localhost:4010/),
      expect.stringMatching(/^SERVICES_BASE_URL points at 127\.0\.0\.1:4020/),
    ]);
  });

  it('refuses a Stripe secret key and a services URL that is not a URL', () => {
    const problems = unsafeProductionSettings({
      ...PRODUCTION,
      STRIPE_PUBLISHABLE_KEY: 'sk_live_oops',
      SERVICES_BASE_URL: 'services.example.com',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^STRIPE_PUBLISHABLE_KEY does not start with pk_/),
      'SERVICES_BASE_URL is not a URL (services.example.com)',
    ]);
  });

  it('lets an explicit staging build use the emulator and the sandbox', () => {
    expect(
      unsafeProductionSettings({ SITE_URL: 'https://staging.example.com', STAGING_BUILD: '1' }),
    ).toEqual([]);
    // Only `1` opts in: a typo does not silently ship the sandbox.
    expect(
      unsafeProductionSettings({ SITE_URL: 'https://staging.example.com', STAGING_BUILD: 'yes' }),
    ).not.toEqual([]);
  });

  it('makes readSiteConfig throw with every variable and the way out', () => {
    expect(() => readSiteConfig({ SITE_URL: 'https://docs.example.com' })).toThrow(
      /Refusing to build https:\/\/docs\.example\.com[\s\S]*FIREBASE_API_KEY[\s\S]*STAGING_BUILD=1/,
    );
  });
});

describe('docusaurus build with a public SITE_URL and nothing else', () => {
  it('fails at config load, naming each missing variable', () => {
    const started = Date.now();
    const result = spawnSync(
      'node_modules/.bin/docusaurus',
      ['build', '--out-dir', path.join(tmpdir(), `never-built-${process.pid}`)],
      {
        cwd: path.resolve(__dirname, '../..'),
        // Only what a shell needs: none of the site's variables leak in from the caller.
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          SITE_URL: 'https://docs.example.com',
        },
        encoding: 'utf8',
        // About 6 s on this machine; far more when other suites share its two cores.
        timeout: 60_000,
      },
    );
    const output = `${result.stdout}${result.stderr}`;
    expect(result.status, output).not.toBe(0);
    expect(result.status, output).not.toBeNull();
    for (const name of [
      'FIREBASE_API_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'API_BASE_URL',
      'SERVICES_BASE_URL',
      'STAGING_BUILD=1',
    ])
      expect(output).toContain(name);
    // Refused before compiling anything: no bundler output, well under a real build's time.
    expect(output).not.toMatch(/Compiling|Generated static files/i);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 65_000);
});
