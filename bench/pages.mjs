#!/usr/bin/env node
/**
 * npm run bench:pages — what each public page costs a first-time visitor, in one run.
 *
 * For each route: the JavaScript and CSS fetched before the network is idle (raw bytes and gzip,
 * bench/pageWeight.mjs), then Lighthouse performance (mobile and desktop, the median of --runs,
 * default 3) with Debian's Chromium, signed out and after accepting every cookie. It serves a
 * production build itself (BENCH_BUILD_DIR, default build/; run `npm run build` first),
 * gzip-compressed with the build's headers as the README's deployment section serves it, and the
 * local stack beside it (started here unless one answers) so the pages read real prices and
 * balances. The bare Docusaurus classic site of the same version is built and measured in the
 * same run: the docs pages' JS ratio against it is the last line.
 *
 *   node bench/pages.mjs [--no-lighthouse] [--audits] [--routes /,/pricing/] [--runs N]
 *                        [--desktop-only | --mobile-only] [--signed-out-only] [--baseline-lighthouse]
 *                        [--record-budget]
 *
 * Default routes: home, pricing, sign-in, sign-up, the deployments overview and every deployment
 * page of the built sitemap. --record-budget writes bench/js-budget.json (each page's gzip JS
 * plus 3 %, and the bare site's figure of this run), which tests/e2e/js-budget.e2e.ts enforces.
 * --baseline-lighthouse also scores the bare site's docs page.
 *
 * Variants: "(session)" rows load the page with the signed-in session marker set, which makes
 * the identity SDK load: the first-load cost for a returning signed-in reader.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS, startServer } from './common.mjs';
import { lighthouseRun, mainThreadFigures, traceCpuFigures } from './lighthouse.mjs';
import { compareSameContent } from './sameContent.mjs';
import { PUBLIC_PAGES_WITHOUT_DEPLOYMENTS, deploymentPages, measurePage } from './pageWeight.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3031);
const ORIGIN = `http://localhost:${PORT}`;
const BUILD_DIR = process.env.BENCH_BUILD_DIR ?? 'build';
const args = process.argv.slice(2);
const withLighthouse = !args.includes('--no-lighthouse');
// --audits: also print each Lighthouse run's metrics and the audits that did not pass.
const withAudits = args.includes('--audits');
const desktopOnly = args.includes('--desktop-only');
const mobileOnly = args.includes('--mobile-only');
const signedOutOnly = args.includes('--signed-out-only');
const baselineLighthouse = args.includes('--baseline-lighthouse');
const recordBudget = args.includes('--record-budget');
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 3;
const routesArg = args.includes('--routes') ? args[args.indexOf('--routes') + 1] : null;
// --same-content: only the docs pages' main-thread work against bare Docusaurus rendering the
// same Markdown (bench/sameContent.mjs), over --runs rounds (default 5 here).
const sameContent = args.includes('--same-content');
/** The docs page of issue 36's figures. */
const SAME_CONTENT_DEFAULT_ROUTE = '/dashboard/public-deployment/object-detection/';

if (!existsSync(path.join(BUILD_DIR, 'index.html'))) {
  console.error(`No build in ${BUILD_DIR}/: run \`npm run build\` first.`);
  process.exit(1);
}
const ROUTES = routesArg
  ? routesArg.split(',')
  : sameContent
    ? [SAME_CONTENT_DEFAULT_ROUTE]
    : [...PUBLIC_PAGES_WITHOUT_DEPLOYMENTS, ...deploymentPages(BUILD_DIR)];
const SESSION_MARKER = ['visionapi:session', '1'];
/** "Accept All Cookies", as the banner stores it (src/consent/store.ts). */
/**
 * The local stack (account API, services host, Auth emulator) the served build calls, allowing
 * this benchmark's origin. Reused when one already answers (its CORS_ORIGINS must include
 * ORIGIN); otherwise started here and stopped at the end.
 */
async function ensureStack() {
  const ready = () =>
    fetch('http://127.0.0.1:4011/')
      .then((r) => r.ok)
      .catch(() => false);
  if (await ready()) return null;
  const stack = spawn(process.execPath, ['scripts/stack/run.mjs', 'stack'], {
    stdio: 'ignore',
    detached: true,
    env: {
      ...process.env,
      PGLITE_DIR: `.data/bench-${Date.now()}`,
      CORS_ORIGINS: ['http://localhost:3000', 'http://localhost:3001', ORIGIN].join(','),
    },
  });
  for (let i = 0; i < 200; i += 1) {
    if (await ready()) return stack;
    await new Promise((r) => setTimeout(r, 500));
  }
  process.kill(-stack.pid);
  throw new Error('the local stack did not come up (readiness port 4011)');
}

/** Stops the stack ensureStack started (it may have exited already: another answered on 4011). */
function stopStack(stack) {
  try {
    process.kill(-stack.pid);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

// The baseline: a bare Docusaurus classic site of the same version (bench/baseline-site).
const BASELINE_DIR = path.resolve('bench-results/baseline-build');
const BASELINE_PORT = Number(process.env.BENCH_BASELINE_PORT ?? PORT + 1);
const SAME_CONTENT_PORT = BASELINE_PORT + 1;
async function baselineDocsPage(browser) {
  if (!existsSync(`${BASELINE_DIR}/index.html`)) {
    const build = spawnSync(
      'node_modules/.bin/docusaurus',
      ['build', 'bench/baseline-site', '--out-dir', BASELINE_DIR],
      { stdio: 'ignore' },
    );
    if (build.status !== 0) throw new Error('baseline site build failed');
  }
  const server = await startServer(BASELINE_DIR, BASELINE_PORT);
  const origin = `http://localhost:${BASELINE_PORT}`;
  try {
    const transfer = await measureTransfer(browser, '/docs/intro/', origin);
    if (baselineLighthouse) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1)
        runs.push(await lighthouseScores('/docs/intro/', 'desktop', origin));
      console.log(
        `bare Docusaurus /docs/intro/ desktop perf: ${summarise(runs.map((r) => r.perf))}`,
      );
    }
    return transfer;
  } finally {
    process.kill(-server.pid);
  }
}

async function measureTransfer(browser, route, origin = ORIGIN) {
  const session = route.endsWith('#session');
  return measurePage(browser, `${origin}${route.replace(/#session$/, '')}`, {
    init: session
      ? (context) =>
          context.addInitScript(([key, value]) => localStorage.setItem(key, value), SESSION_MARKER)
      : undefined,
  });
}

/** One Lighthouse run's category scores (bench/lighthouse.mjs). */
async function lighthouseScores(route, formFactor, origin = ORIGIN, accepted = false) {
  const lhr = await lighthouseRun(`${origin}${route}`, formFactor, { accepted });
  const c = lhr.categories;
  const score = (cat) => Math.round((cat?.score ?? 0) * 100);
  if (withAudits) printAudits(route, formFactor, lhr);
  return {
    perf: score(c.performance),
    a11y: score(c.accessibility),
    bp: score(c['best-practices']),
    seo: score(c.seo),
  };
}

/** "95 98 99 (median 98)" for several runs, the score alone for one. */
function summarise(scores) {
  if (scores.length === 1) return String(scores[0]);
  const sorted = [...scores].sort((a, b) => a - b);
  return `${scores.join(' ')} (median ${sorted[Math.floor(sorted.length / 2)]})`;
}

function median(scores) {
  const sorted = [...scores].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Scores a page RUNS times: perf as summarise() gives it, a11y/BP/SEO from the first run. */
async function scoreRuns(route, formFactor, accepted = false) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1)
    runs.push(await lighthouseScores(route, formFactor, ORIGIN, accepted));
  const [first] = runs;
  return {
    text: `${summarise(runs.map((r) => r.perf))}/${first.a11y}/${first.bp}/${first.seo}`,
    median: median(runs.map((r) => r.perf)),
  };
}

function printAudits(route, formFactor, lhr) {
  const a = lhr.audits;
  const metric = (id) => a[id]?.displayValue ?? '-';
  console.log(
    `\n${route} (${formFactor}): FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
      `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
  );
  for (const [category, { auditRefs }] of Object.entries(lhr.categories)) {
    for (const ref of auditRefs) {
      const audit = a[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9 || ref.weight === 0) continue;
      const items = (audit.details?.items ?? [])
        .slice(0, 4)
        .map((item) => item.node?.snippet ?? item.node?.selector ?? item.url ?? '')
        .filter(Boolean);
      console.log(`  [${category}] ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
      items.forEach((item) => console.log(`      ${String(item).slice(0, 160)}`));
    }
  }
  const lcp = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcp)
    console.log(`  LCP element: ${lcp.selector ?? ''} ${String(lcp.snippet ?? '').slice(0, 120)}`);
  const observed = a.metrics?.details?.items?.[0];
  if (observed) {
    console.log(
      `  observed: FCP ${Math.round(observed.observedFirstContentfulPaint)} ms, LCP ${Math.round(observed.observedLargestContentfulPaint)} ms, DCL ${Math.round(observed.observedDomContentLoaded)} ms, load ${Math.round(observed.observedLoad)} ms`,
    );
  }
  const phases = a['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? [];
  if (phases.length) {
    console.log(
      `  LCP phases: ${phases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')}`,
    );
  }
  const tasks = (a['long-tasks']?.details?.items ?? []).slice(0, 6);
  for (const t of tasks) {
    console.log(
      `  long task ${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ms  ${t.url ?? ''}`,
    );
  }
  const bootup = (a['bootup-time']?.details?.items ?? []).slice(0, 4);
  for (const b of bootup) {
    console.log(
      `  bootup ${String(b.url).slice(-48)}: total ${Math.round(b.total)} ms, scripting ${Math.round(b.scripting)} ms, parse ${Math.round(b.scriptParseCompile)} ms`,
    );
  }
}

if (sameContent) {
  const stack = await ensureStack();
  const server = await startServer(BUILD_DIR, PORT);
  try {
    await compareSameContent({
      routes: ROUTES,
      rounds: args.includes('--runs') ? RUNS : 5,
      origin: ORIGIN,
      buildDir: BUILD_DIR,
      serveBare: async (outDir) => {
        const bare = await startServer(outDir, SAME_CONTENT_PORT);
        return {
          origin: `http://localhost:${SAME_CONTENT_PORT}`,
          stop: () => process.kill(-bare.pid),
        };
      },
      run: async (url) => {
        const { lhr, trace } = await lighthouseRun(url, 'mobile', {
          categories: ['performance'],
          withTrace: true,
        });
        return { ...mainThreadFigures(lhr), ...traceCpuFigures(trace) };
      },
    });
  } finally {
    process.kill(-server.pid);
    if (stack) stopStack(stack);
  }
  process.exit(0);
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
const baseline = await baselineDocsPage(browser);
// Always: without the account API, pricing shows its error and loads the notification code.
const stack = await ensureStack();
const server = await startServer(BUILD_DIR, PORT);
const rows = [];
const weights = {};
const medians = [];
const isDocsPage = (route) => route.startsWith('/dashboard/');
try {
  for (const route of ROUTES) {
    const t = await measureTransfer(browser, route);
    if (!route.endsWith('#session')) weights[route] = t.js.gzip;
    const row = {
      route: route.replace(/#session$/, ' (session)'),
      js: `${kb(t.js.raw)} / ${kb(t.js.gzip)} gz (${t.js.files})`,
      'vs bare': `${(t.js.gzip / baseline.js.gzip).toFixed(2)}×`,
      css: `${kb(t.css.raw)} / ${kb(t.css.gzip)} gz`,
    };
    if (withLighthouse && !route.endsWith('#session')) {
      const variants = signedOutOnly ? [false] : [false, true];
      for (const accepted of variants) {
        const suffix = accepted ? ' (cookies accepted)' : '';
        if (!desktopOnly) {
          const mobile = await scoreRuns(route, 'mobile', accepted);
          row[`mobile${suffix}`] = mobile.text;
          medians.push({ route: `${route}${suffix}`, formFactor: 'mobile', median: mobile.median });
        }
        if (!mobileOnly) {
          const desktop = await scoreRuns(route, 'desktop', accepted);
          row[`desktop${suffix}`] = desktop.text;
          medians.push({
            route: `${route}${suffix}`,
            formFactor: 'desktop',
            median: desktop.median,
          });
        }
      }
    }
    rows.push(row);
    console.log(JSON.stringify(row));
  }
} finally {
  await browser.close();
  process.kill(-server.pid);
  if (stack) stopStack(stack);
}
console.log(
  `\nBare Docusaurus classic docs page: JS ${kb(baseline.js.raw)} / ${kb(baseline.js.gzip)} gz, ` +
    `CSS ${kb(baseline.css.gzip)} gz`,
);
console.log(
  `JS and CSS fetched before network idle (raw / gzip, files); Lighthouse perf/a11y/best-practices/SEO, ${RUNS} run(s) each`,
);
console.log(
  process.env.BENCH_SERVER === 'docusaurus'
    ? 'Served by `docusaurus serve` (uncompressed).'
    : "Served gzip-compressed with the build's headers, as a static host serves it (scripts/static-server.mjs).",
);
console.table(rows);
if (medians.length > 0) {
  const below = medians.filter((m) => m.median < 90);
  console.log(
    `Lighthouse performance medians below 90: ${
      below.length === 0
        ? 'none'
        : below.map((m) => `${m.route} ${m.formFactor} ${m.median}`).join(', ')
    }`,
  );
}
const docs = Object.entries(weights).filter(([route]) => isDocsPage(route));
if (docs.length > 0) {
  const heaviest = docs.reduce((a, b) => (b[1] > a[1] ? b : a));
  const mean = docs.reduce((sum, [, bytes]) => sum + bytes, 0) / docs.length;
  console.log(
    `Docs pages' JS against the bare site (${kb(baseline.js.gzip)} gz): mean ${(mean / baseline.js.gzip).toFixed(3)}×, ` +
      `heaviest ${(heaviest[1] / baseline.js.gzip).toFixed(3)}× (${heaviest[0]})`,
  );
}
if (recordBudget) {
  const budget = {
    $comment:
      'Gzip bytes of JS a signed-out first load fetches, per public page: this run plus 3 %. Written by `npm run bench:pages -- --record-budget`; checked by tests/e2e/js-budget.e2e.ts.',
    measured: new Date().toISOString().slice(0, 10),
    bareDocusaurusDocsPage: baseline.js.gzip,
    pages: Object.fromEntries(
      Object.entries(weights)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([route, bytes]) => [route, Math.ceil(bytes * 1.03)]),
    ),
  };
  writeFileSync('bench/js-budget.json', `${JSON.stringify(budget, null, 2)}\n`);
  console.log('Wrote bench/js-budget.json');
}
