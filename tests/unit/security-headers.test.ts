import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteConfig } from '../../src/config/env';
import {
  firebaseHostingConfig,
  renderHeadersFile,
} from '../../src/plugins/security-headers/formats';
import { cspHash, inlineCode } from '../../src/plugins/security-headers/inlineScripts';
import {
  cspDirectives,
  headerRules,
  permissionsPolicy,
  serializeCsp,
} from '../../src/plugins/security-headers/policy';
import { waitForLaterPostBuilds } from '../../src/plugins/security-headers/postBuildOrder';
import { contentType, headersFor, parseHeadersFile } from '../../scripts/static-server.mjs';

const ROOT = path.resolve(__dirname, '../..');
const LOCAL = readSiteConfig({});
const PRODUCTION = readSiteConfig({
  SITE_URL: 'https://docs.example.com',
  API_BASE_URL: 'https://api.example.com/v1',
  SERVICES_BASE_URL: 'https://services.example.com',
  FIREBASE_API_KEY: 'AIzaReal',
  FIREBASE_PROJECT_ID: 'acme-prod',
  FIREBASE_AUTH_DOMAIN: 'auth.example.com',
  FIREBASE_APP_ID: '1:1234:web:abcd',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
});
const FULL = readSiteConfig({
  SITE_URL: 'http://localhost:3000',
  FIREBASE_MEASUREMENT_ID: 'G-TEST123',
  CALENDLY_URL: 'https://calendly.com/acme/intro',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
});

describe('inline script hashes', () => {
  it('hashes an inline script exactly as Chromium does', () => {
    // The hash Chromium printed when it refused this script under the site's policy.
    expect(inlineCode('<script>window.__injected = "script";</script>').scriptHashes).toEqual([
      "'sha256-/VkuEFDBTetrddYl7GQXsqlmxfZCDnu0BU4Dk/v+bYI='",
    ]);
  });

  it('hashes the text the browser sees: line endings normalised, raw text up to </script', () => {
    const { scriptHashes } = inlineCode(
      '<head><script>a = "</b>";\r\nb = 1</script></head><body><script type="module">c()</script></body>',
    );
    expect(scriptHashes).toEqual([cspHash('a = "</b>";\nb = 1'), cspHash('c()')]);
  });

  it('skips external, empty and data-block scripts, comments and attribute text', () => {
    const html = [
      '<script src="/assets/js/main.js"></script>',
      '<script></script>',
      '<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>',
      '<!-- <script>commented()</script> -->',
      '<div title="<script>notAScript()</script>"></div>',
      '<script type="text/javascript">counted()</script>',
    ].join('');
    expect(inlineCode(html).scriptHashes).toEqual([cspHash('counted()')]);
  });

  it('reports inline code that no hash can allow', () => {
    const { unhashable } = inlineCode(
      '<body onload="go()"><a href=" javascript:void 0">x</a><img src=x onerror=alert(1)></body>',
    );
    expect(unhashable).toEqual([
      '<body onload="…">',
      '<a href="javascript:…">',
      '<img onerror="…">',
    ]);
  });
});

describe('Content-Security-Policy', () => {
  const hashes = ["'sha256-abc='", "'sha256-def='"];

  it('allows scripts by hash, never inline wholesale, and is never framed', () => {
    const csp = cspDirectives(PRODUCTION, hashes);
    expect(csp['script-src']).toEqual(expect.arrayContaining(["'self'", ...hashes]));
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
  });

  it('talks to the local stack and the Auth emulator in a local build', () => {
    const csp = cspDirectives(LOCAL, hashes);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'http://localhost:4010',
      'http://localhost:4020',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firebaseinstallations.googleapis.com',
      'http://127.0.0.1:9099',
    ]);
    expect(csp['frame-src']).toEqual(['http://127.0.0.1:9099']);
    // Nothing configured, nothing allowed: no Stripe, analytics or Calendly hosts.
    expect(serializeCsp(csp)).not.toMatch(/stripe|google-analytics|googletagmanager|calendly/);
  });

  it('allows the configured production hosts, and not the emulator', () => {
    const csp = cspDirectives(PRODUCTION, hashes);
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining([
        'https://api.example.com',
        'https://services.example.com',
        'https://api.stripe.com',
      ]),
    );
    expect(serializeCsp(csp)).not.toContain('127.0.0.1');
    expect(csp['frame-src']).toEqual([
      'https://auth.example.com',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(csp['script-src']).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://apis.google.com']),
    );
  });

  it('allows analytics and Calendly hosts only when they are configured', () => {
    const csp = cspDirectives(FULL, []);
    expect(csp['script-src']).toContain('https://*.googletagmanager.com');
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining(['https://*.google-analytics.com', 'https://firebase.googleapis.com']),
    );
    expect(csp['frame-src']).toContain('https://calendly.com');
    expect(csp['img-src']).toEqual(expect.arrayContaining(['data:', 'blob:']));
    expect(serializeCsp(cspDirectives(PRODUCTION, []))).not.toMatch(/googletagmanager|calendly/);
  });

  it('serialises directives in order, separated by semicolons', () => {
    expect(serializeCsp({ 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'] })).toBe(
      "default-src 'self'; img-src 'self' data:",
    );
  });
});

describe('other headers', () => {
  it('turns powerful features off, keeping payment for Stripe only', () => {
    expect(permissionsPolicy(LOCAL)).toMatch(/camera=\(\).*microphone=\(\).*payment=\(\)$/);
    expect(permissionsPolicy(LOCAL)).toContain('geolocation=()');
    expect(permissionsPolicy(PRODUCTION)).toMatch(/payment=\(self "https:\/\/js\.stripe\.com"\)$/);
  });

  it('sends HSTS, nosniff and the referrer policy everywhere, and keeps sw.js uncached', () => {
    const rules = headerRules(LOCAL, []);
    const everywhere = rules[0]!;
    expect(everywhere).toMatchObject({
      prefix: '/',
      headers: {
        'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
      },
    });
    expect(rules).toContainEqual({ path: '/sw.js', headers: { 'Cache-Control': 'no-cache' } });
  });
});

describe('hosting files', () => {
  const rules = headerRules(PRODUCTION, ["'sha256-abc='"]);

  it('writes a _headers file that reads back as the same headers per path', () => {
    const parsed = parseHeadersFile(renderHeadersFile(rules));
    const page = headersFor(parsed, '/pricing/');
    expect(page['Content-Security-Policy']).toBe(rules[0]!.headers['Content-Security-Policy']);
    expect(page['Cache-Control']).toBeUndefined();
    expect(headersFor(parsed, '/sw.js')).toMatchObject({
      'Cache-Control': 'no-cache',
      'X-Frame-Options': 'DENY',
    });
    expect(headersFor(parsed, '/assets/js/main.1234.js')['Cache-Control']).toMatch(/immutable/);
  });

  it("names the docs for machines' types, at any depth, as the local server serves them", () => {
    const parsed = parseHeadersFile(renderHeadersFile(rules));
    for (const [file, type] of [
      ['/dashboard/public-deployment/object-detection.md', 'text/markdown; charset=utf-8'],
      ['/dashboard/api-reference.md', 'text/markdown; charset=utf-8'],
      ['/llms.txt', 'text/plain; charset=utf-8'],
      ['/llms-full.txt', 'text/plain; charset=utf-8'],
      ['/dashboard/public-deployment/object-detection/llms.txt', 'text/plain; charset=utf-8'],
    ] as const) {
      const headers = headersFor(parsed, file);
      expect(headers['Content-Type'], file).toBe(type);
      expect(contentType(file), `static-server.mjs for ${file}`).toBe(type);
      // The security headers still apply to them.
      expect(headers['X-Content-Type-Options'], file).toBe('nosniff');
    }
    for (const path of ['/dashboard/api-reference/', '/openapi/services.json', '/sw.js']) {
      expect(headersFor(parsed, path)['Content-Type'], path).toBeUndefined();
    }
  });

  it('writes a Firebase Hosting config that firebase-tools accepts', () => {
    const require = createRequire(import.meta.url);
    const { getValidator } = require('firebase-tools/lib/firebaseConfigValidate') as {
      getValidator: () => ((data: unknown) => boolean) & { errors?: unknown };
    };
    const validate = getValidator();
    const config = firebaseHostingConfig(rules);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
    expect(config.hosting.headers.map((h) => h.source)).toEqual([
      '**',
      '/sw.js',
      '/assets/**',
      '**/*.md',
      '**/*.txt',
    ]);
    expect(config.hosting.headers.at(-2)!.headers).toEqual([
      { key: 'Content-Type', value: 'text/markdown; charset=utf-8' },
    ]);
    expect(config.hosting.headers.at(-1)!.headers).toEqual([
      { key: 'Content-Type', value: 'text/plain; charset=utf-8' },
    ]);
    expect(config.hosting.headers[0]!.headers).toContainEqual({
      key: 'Content-Security-Policy',
      value: rules[0]!.headers['Content-Security-Policy'],
    });

    // The repository's firebase.json keeps its emulator block and refuses to deploy without
    // the build's headers.
    const repository = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
    expect(validate(repository), JSON.stringify(validate.errors)).toBe(true);
    expect(repository.emulators.auth).toEqual({ host: '127.0.0.1', port: 9099 });
    const [guard] = repository.hosting.predeploy as string[];
    const run = spawnSync('sh', ['-c', guard!], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('--config build/firebase.json');
  });
});

describe('waitForLaterPostBuilds', () => {
  type Hook = { name: string; postBuild?: (props: never) => Promise<void> | void };

  /** Docusaurus' executePluginsPostBuild: every hook started in list order, awaited together. */
  function runLikeDocusaurus(plugins: Hook[]): Promise<unknown> {
    return Promise.all(
      plugins.map(async (plugin) => {
        if (!plugin.postBuild) return;
        await plugin.postBuild({} as never);
      }),
    );
  }

  it('finishes after the hooks of the plugins listed after it', async () => {
    const events: string[] = [];
    const later = (name: string, ms: number): Hook => ({
      name,
      postBuild: async () => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        events.push(name);
      },
    });
    const plugins: Hook[] = [
      later('before', 5),
      { name: 'headers', postBuild: async () => {} },
      later('redirects', 30),
      { name: 'no-hook' },
      later('pwa', 10),
    ];
    plugins[1]!.postBuild = async () => {
      await waitForLaterPostBuilds(plugins, 'headers');
      events.push('headers');
    };
    await runLikeDocusaurus(plugins);
    expect(events.indexOf('headers')).toBeGreaterThan(events.indexOf('redirects'));
    expect(events.indexOf('headers')).toBeGreaterThan(events.indexOf('pwa'));
  });

  it('fails instead of waiting forever when the hooks are not started together', async () => {
    const plugins: Hook[] = [
      { name: 'headers', postBuild: () => waitForLaterPostBuilds(plugins, 'headers') },
      { name: 'redirects', postBuild: async () => {} },
    ];
    // One hook after the other: the later hook cannot start before this one finishes.
    const serially = async () => {
      for (const plugin of plugins) await plugin.postBuild?.({} as never);
    };
    await expect(serially()).rejects.toThrow(/redirects were not started together/);
  });
});
