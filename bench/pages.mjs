#!/usr/bin/env node
/**
 * npm run bench:pages — what each page costs a first-time visitor.
 *
 * For each route: the JavaScript and CSS fetched before the network is idle (raw bytes and gzip),
 * then Lighthouse scores (mobile and desktop) with Debian's Chromium. It serves a production
 * build itself (BENCH_BUILD_DIR, default build/; run `npm run build` first).
 *
 *   node bench/pages.mjs [--no-lighthouse] [--routes /,/pricing/]
 *
 * Variants: "(session)" rows load the page with the signed-in session marker set, which makes
 * the identity SDK load: the first-load cost for a returning signed-in reader.
 */
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const PORT = Number(process.env.BENCH_PORT ?? 3031);
const ORIGIN = `http://localhost:${PORT}`;
const BUILD_DIR = process.env.BENCH_BUILD_DIR ?? 'build';
const args = process.argv.slice(2);
const withLighthouse = !args.includes('--no-lighthouse');
const routesArg = args.includes('--routes') ? args[args.indexOf('--routes') + 1] : null;
const ROUTES = routesArg
  ? routesArg.split(',')
  : [
      '/',
      '/pricing/',
      '/dashboard/public-deployment/',
      '/dashboard/public-deployment/object-detection/',
      '/dashboard/public-deployment/object-detection/#session',
      '/terms/',
      '/sign-in/',
      '/settings/api-keys/',
      '/settings/usage/',
      '/settings/buy-credits/',
    ];
const SESSION_MARKER = ['visionapi:session', '1'];

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function startServer() {
  const server = spawn(
    'node_modules/.bin/docusaurus',
    ['serve', '--dir', BUILD_DIR, '--port', String(PORT), '--host', 'localhost', '--no-open'],
    { stdio: 'ignore', detached: true },
  );
  for (let i = 0; i < 100; i += 1) {
    const ok = await fetch(`${ORIGIN}/`).then((r) => r.ok).catch(() => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 300));
  }
  process.kill(-server.pid);
  throw new Error(`could not serve ${BUILD_DIR} on ${ORIGIN} (is it built? is the port free?)`);
}

async function measureTransfer(browser, route) {
  const session = route.endsWith('#session');
  const path = route.replace(/#session$/, '');
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (session) {
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), SESSION_MARKER);
  }
  const page = await context.newPage();
  const totals = { js: { raw: 0, gzip: 0, files: 0 }, css: { raw: 0, gzip: 0, files: 0 } };
  const pending = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : null;
    if (!kind || !response.url().startsWith(ORIGIN)) return;
    pending.push(
      response
        .body()
        .then((body) => {
          totals[kind].raw += body.length;
          totals[kind].gzip += gzipSync(body, { level: 9 }).length;
          totals[kind].files += 1;
        })
        .catch(() => {}),
    );
  });
  await page.goto(`${ORIGIN}${path}`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await context.close();
  return totals;
}

async function lighthouseScores(route, formFactor) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const desktopConfig = (await import('lighthouse/core/config/desktop-config.js')).default;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...FLAGS],
  });
  try {
    const result = await lighthouse(
      `${ORIGIN}${route}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const c = result.lhr.categories;
    const score = (cat) => Math.round((cat?.score ?? 0) * 100);
    return {
      perf: score(c.performance),
      a11y: score(c.accessibility),
      bp: score(c['best-practices']),
      seo: score(c.seo),
    };
  } finally {
    await chrome.kill();
  }
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
const rows = [];
try {
  for (const route of ROUTES) {
    const t = await measureTransfer(browser, route);
    const row = {
      route: route.replace(/#session$/, ' (session)'),
      js: `${kb(t.js.raw)} / ${kb(t.js.gzip)} gz (${t.js.files})`,
      css: `${kb(t.css.raw)} / ${kb(t.css.gzip)} gz`,
    };
    if (withLighthouse && !route.endsWith('#session')) {
      const mobile = await lighthouseScores(route, 'mobile');
      const desktop = await lighthouseScores(route, 'desktop');
      row.mobile = `${mobile.perf}/${mobile.a11y}/${mobile.bp}/${mobile.seo}`;
      row.desktop = `${desktop.perf}/${desktop.a11y}/${desktop.bp}/${desktop.seo}`;
    }
    rows.push(row);
    console.log(JSON.stringify(row));
  }
} finally {
  await browser.close();
  process.kill(-server.pid);
}
console.log('\nJS and CSS fetched before network idle (raw / gzip, files); Lighthouse perf/a11y/best-practices/SEO');
console.table(rows);
