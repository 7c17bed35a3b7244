#!/usr/bin/env node
/**
 * npm run bench:pages — what each page costs a first-time visitor.
 *
 * For each route: the JavaScript and CSS fetched before the network is idle (raw bytes and gzip),
 * then Lighthouse scores (mobile and desktop) with Debian's Chromium. It serves a production
 * build itself (BENCH_BUILD_DIR, default build/; run `npm run build` first).
 *
 *   node bench/pages.mjs [--no-lighthouse] [--audits] [--routes /,/pricing/] [--runs N]
 *                        [--desktop-only] [--baseline-lighthouse]
 *
 * Lighthouse varies a few points between runs: --runs N scores each page N times and prints every
 * score and the median. --baseline-lighthouse also scores the bare Docusaurus docs page, which
 * shows what this machine gives the framework alone.
 *
 * Variants: "(session)" rows load the page with the signed-in session marker set, which makes
 * the identity SDK load: the first-load cost for a returning signed-in reader.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS, startServer } from './common.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3031);
const ORIGIN = `http://localhost:${PORT}`;
const BUILD_DIR = process.env.BENCH_BUILD_DIR ?? 'build';
const args = process.argv.slice(2);
const withLighthouse = !args.includes('--no-lighthouse');
// --audits: also print each Lighthouse run's metrics and the audits that did not pass.
const withAudits = args.includes('--audits');
const desktopOnly = args.includes('--desktop-only');
const baselineLighthouse = args.includes('--baseline-lighthouse');
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 1;
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

// The baseline: a bare Docusaurus classic site of the same version (bench/baseline-site).
const BASELINE_DIR = path.resolve('bench-results/baseline-build');
const BASELINE_PORT = Number(process.env.BENCH_BASELINE_PORT ?? PORT + 1);
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
    if (!kind || !response.url().startsWith(origin)) return;
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
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await context.close();
  return totals;
}

async function lighthouseScores(route, formFactor, origin = ORIGIN) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const desktopConfig = (await import('lighthouse/core/config/desktop-config.js')).default;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...FLAGS],
  });
  try {
    const result = await lighthouse(
      `${origin}${route}`,
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
    if (withAudits) printAudits(route, formFactor, result.lhr);
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

/** "95 98 99 (median 98)" for several runs, the score alone for one. */
function summarise(scores) {
  if (scores.length === 1) return String(scores[0]);
  const sorted = [...scores].sort((a, b) => a - b);
  return `${scores.join(' ')} (median ${sorted[Math.floor(sorted.length / 2)]})`;
}

/** Scores a page RUNS times: perf as summarise() gives it, a11y/BP/SEO from the first run. */
async function scoreRuns(route, formFactor) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await lighthouseScores(route, formFactor));
  const [first] = runs;
  return `${summarise(runs.map((r) => r.perf))}/${first.a11y}/${first.bp}/${first.seo}`;
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

const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
const baseline = await baselineDocsPage(browser);
const server = await startServer(BUILD_DIR, PORT);
const rows = [];
const budget = baseline.js.gzip * 1.15;
try {
  for (const route of ROUTES) {
    const t = await measureTransfer(browser, route);
    const row = {
      route: route.replace(/#session$/, ' (session)'),
      js: `${kb(t.js.raw)} / ${kb(t.js.gzip)} gz (${t.js.files})`,
      'vs bare': `${((t.js.gzip / baseline.js.gzip - 1) * 100).toFixed(1)}%`,
      css: `${kb(t.css.raw)} / ${kb(t.css.gzip)} gz`,
    };
    if (withLighthouse && !route.endsWith('#session')) {
      if (!desktopOnly) row.mobile = await scoreRuns(route, 'mobile');
      row.desktop = await scoreRuns(route, 'desktop');
    }
    rows.push(row);
    console.log(JSON.stringify(row));
  }
} finally {
  await browser.close();
  process.kill(-server.pid);
}
console.log(
  `\nBare Docusaurus classic docs page: JS ${kb(baseline.js.raw)} / ${kb(baseline.js.gzip)} gz, ` +
    `CSS ${kb(baseline.css.gzip)} gz; budget (+15%): ${kb(budget)} gz`,
);
console.log(
  'JS and CSS fetched before network idle (raw / gzip, files); Lighthouse perf/a11y/best-practices/SEO',
);
console.log(
  process.env.BENCH_SERVER === 'docusaurus'
    ? 'Served by `docusaurus serve` (uncompressed).'
    : "Served gzip-compressed with the build's headers, as a static host serves it (scripts/static-server.mjs).",
);
console.table(rows);
