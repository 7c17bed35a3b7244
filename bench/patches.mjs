#!/usr/bin/env node
/**
 * npm run bench:patches — what each framework patch of src/plugins/ still saves, by turning it
 * off alone (SITE_PATCHES_OFF=<name>, src/plugins/patchSwitches.ts) and measuring the pages it
 * targets against the build with every patch on, in one run:
 *
 * - JS: gzip bytes of JavaScript a first load fetches before the network is idle (as bench:pages
 *   and the JS budgets count them);
 * - main thread at 4× CPU: Lighthouse mobile's main-thread work (its trace's wall times × 4), and
 *   the same trace's CPU time × 4 (thread time: unlike wall time, it does not grow when other
 *   processes share the machine, so it is the figure the verdict uses);
 * - Lighthouse mobile performance score and Total Blocking Time;
 * - and, because a whole page's main-thread time varies by ±50–100 ms from one load to the next
 *   here (more than most patches save), the work a patch targets, measured on its own in a phone
 *   viewport at 4× CPU (--probes runs, default 7): the time spent in `localeCompare` (the ICU
 *   collator start-up shallow-memo-compare avoids), the blocking time of long tasks, the
 *   IntersectionObservers made while loading (each Docusaurus
 *   Link makes one: lean-sidebar-links) and the time until the page has hydrated.
 *
 * The median of --runs Lighthouse rounds (default 3), the two builds interleaved, order flipped
 * each round. A patch pays when it saves at least 1 KB gzip (JS, CSS and HTML of a first load) or
 * 10 ms of main-thread time at 4× CPU on one of its pages (issue 36); the last table says which
 * do.
 *
 *   node bench/patches.mjs [--build-only] [--bytes-only] [--patches a,b] [--routes /a/,/b/]
 *                          [--runs N] [--probes N]
 *
 * Builds (production, into bench-results/patches/<all-on|off-name>/) are made when missing:
 * --build-only makes them and measures nothing (a long, CPU-heavy step: run it apart from the
 * measurement). Pages are served gzip-compressed with their headers (scripts/static-server.mjs),
 * without the local stack: the pricing call fails alike in both builds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS, startServer } from './common.mjs';
import { lighthouseRun, mainThreadFigures, traceCpuFigures } from './lighthouse.mjs';
import { measurePage } from './pageWeight.mjs';

const DOCS = '/dashboard/public-deployment/object-detection/';
/** Each switchable patch (src/plugins/patchSwitches.ts) and the pages it targets. */
export const PATCH_TARGETS = {
  'prism-languages': [DOCS, '/'],
  'shallow-memo-compare': [DOCS],
  'search-a11y': [DOCS],
  'core-render': [DOCS],
  'lazy-progress-bar': [DOCS, '/'],
  'lean-sidebar-links': [DOCS],
  'client-generated-trim': [DOCS, '/'],
  'utils-common-esm': [DOCS, '/'],
  'route-chunk-manifest': [DOCS, '/'],
  'docs-chunk': [DOCS],
  'route-styles': [DOCS, '/'],
  'idle-prefetch': [DOCS],
};
/** What a patch must save on one of its pages to stay (issue 36). */
const PAYS = { gzipBytes: 1024, mainThreadMs: 10 };

const args = process.argv.slice(2);
const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const RUNS = Number(opt('--runs') ?? 3);
const PROBES = Number(opt('--probes') ?? 7);
const NAMES = opt('--patches')?.split(',') ?? Object.keys(PATCH_TARGETS);
// --routes /a/,/b/: only those of each patch's pages (a shorter run: the docs page alone).
const ROUTES = opt('--routes')?.split(',');
// --bytes-only: gzip bytes alone (no timing, so no quiet machine needed: a few page loads).
const BYTES_ONLY = args.includes('--bytes-only');
for (const name of NAMES) if (!PATCH_TARGETS[name]) throw new Error(`unknown patch ${name}`);
const ROOT = path.resolve('bench-results/patches');
const PORT = Number(process.env.BENCH_PORT ?? 3051);

function build(off) {
  const dir = path.join(ROOT, off ? `off-${off}` : 'all-on');
  if (existsSync(path.join(dir, 'index.html'))) return dir;
  console.log(`building ${path.relative(process.cwd(), dir)} …`);
  const result = spawnSync('node_modules/.bin/docusaurus', ['build', '--out-dir', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, SITE_PATCHES_OFF: off ?? '' },
  });
  if (result.status !== 0) throw new Error(`the build without ${off} failed`);
  return dir;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Gzip bytes of a page's HTML (as a static host compresses it). */
async function htmlGzip(url) {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  return gzipSync(body, { level: 9 }).length;
}

/**
 * One load in a phone's viewport at 4× CPU, with the page's own counters: time in
 * localeCompare, long tasks' blocking time, IntersectionObservers made, time to hydration.
 */
async function probe(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const probe = { localeCompare: 0, blocking: 0, observers: 0, hydrated: 0 };
      window.__probe = probe;
      const compare = String.prototype.localeCompare;
      String.prototype.localeCompare = function (...args) {
        const start = performance.now();
        try {
          return compare.apply(this, args);
        } finally {
          probe.localeCompare += performance.now() - start;
        }
      };
      const Observer = window.IntersectionObserver;
      window.IntersectionObserver = class extends Observer {
        constructor(...args) {
          super(...args);
          probe.observers += 1;
        }
      };
      new PerformanceObserver((list) => {
        for (const task of list.getEntries()) probe.blocking += Math.max(0, task.duration - 50);
      }).observe({ type: 'longtask', buffered: true });
      // On the document: an init script runs before <html> exists.
      new MutationObserver(() => {
        if (!probe.hydrated && document.documentElement?.dataset.hasHydrated === 'true')
          probe.hydrated = performance.now();
      }).observe(document, {
        attributes: true,
        subtree: true,
        attributeFilter: ['data-has-hydrated'],
      });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(3000);
    return await page.evaluate(() => window.__probe);
  } finally {
    await context.close();
  }
}

async function lighthouse(url) {
  const { lhr, trace } = await lighthouseRun(url, 'mobile', {
    categories: ['performance'],
    withTrace: true,
  });
  const figures = {
    ...mainThreadFigures(lhr),
    ...traceCpuFigures(trace),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
  };
  return { ...figures, cpu4: figures.cpu * 4 };
}

const allOn = build(null);
const dirs = Object.fromEntries(NAMES.map((name) => [name, build(name)]));
if (args.includes('--build-only')) process.exit(0);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
const servers = [];
const rows = [];
try {
  const on = await startServer(allOn, PORT);
  servers.push(on);
  for (const [i, name] of NAMES.entries()) {
    const port = PORT + 1 + (i % 8);
    const off = await startServer(dirs[name], port);
    try {
      for (const route of PATCH_TARGETS[name].filter((r) => !ROUTES || ROUTES.includes(r))) {
        const urls = {
          on: `http://localhost:${PORT}${route}`,
          off: `http://localhost:${port}${route}`,
        };
        const weight = {};
        for (const which of ['on', 'off']) {
          const { js, css } = await measurePage(browser, urls[which]);
          weight[which] = { js: js.gzip, css: css.gzip, html: await htmlGzip(urls[which]) };
        }
        if (BYTES_ONLY) {
          const row = {
            patch: name,
            page: route,
            'JS saved (gzip)': weight.off.js - weight.on.js,
            'CSS + HTML saved (gzip)':
              weight.off.css + weight.off.html - weight.on.css - weight.on.html,
          };
          rows.push(row);
          console.log(JSON.stringify(row));
          continue;
        }
        const probes = { on: [], off: [] };
        for (let round = 0; round < PROBES; round += 1) {
          for (const which of round % 2 ? ['off', 'on'] : ['on', 'off'])
            probes[which].push(await probe(browser, urls[which]));
        }
        const p = (which, key) => median(probes[which].map((run) => run[key]));
        const runs = { on: [], off: [] };
        for (let round = 0; round < RUNS; round += 1) {
          for (const which of round % 2 ? ['off', 'on'] : ['on', 'off'])
            runs[which].push(await lighthouse(urls[which]));
        }
        const m = (which, key) => median(runs[which].map((run) => run[key]));
        const row = {
          patch: name,
          page: route,
          'JS saved (gzip)': weight.off.js - weight.on.js,
          'CSS + HTML saved (gzip)':
            weight.off.css + weight.off.html - weight.on.css - weight.on.html,
          'main thread saved, CPU ×4 (ms)': Math.round(m('off', 'cpu4') - m('on', 'cpu4')),
          'main thread saved, Lighthouse (ms)': Math.round(
            m('off', 'mainThread') - m('on', 'mainThread'),
          ),
          'style & layout saved, CPU ×4 (ms)': Math.round(
            4 * (m('off', 'cpuStyleLayout') - m('on', 'cpuStyleLayout')),
          ),
          'TBT saved (ms)': Math.round(m('off', 'tbt') - m('on', 'tbt')),
          'LCP saved (ms)': Math.round(m('off', 'lcp') - m('on', 'lcp')),
          'perf on / off': `${m('on', 'perf')} / ${m('off', 'perf')}`,
          'localeCompare saved (ms, 4×)': Math.round(
            p('off', 'localeCompare') - p('on', 'localeCompare'),
          ),
          'blocking saved (ms, 4×)': Math.round(p('off', 'blocking') - p('on', 'blocking')),
          'observers saved': p('off', 'observers') - p('on', 'observers'),
          'hydrated sooner (ms, 4×)': Math.round(p('off', 'hydrated') - p('on', 'hydrated')),
          // The spread of this page's main thread from one Lighthouse run to the next (all-on).
          'noise, CPU ×4 (ms)': Math.round(
            median(runs.on.map((run) => Math.abs(run.cpu4 - m('on', 'cpu4')))),
          ),
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    } finally {
      process.kill(-off.pid);
    }
  }
} finally {
  await browser.close();
  for (const server of servers) process.kill(-server.pid);
}

console.log(
  `\nEach patch turned off alone, against every patch on (Lighthouse mobile, median of ${RUNS} interleaved runs; JS gzip before network idle). Positive = what the patch saves.`,
);
console.table(rows);
const verdicts = NAMES.map((name) => {
  const own = rows.filter((row) => row.patch === name);
  const pays = own.some(
    (row) =>
      row['JS saved (gzip)'] + row['CSS + HTML saved (gzip)'] >= PAYS.gzipBytes ||
      [
        row['main thread saved, CPU ×4 (ms)'],
        row['localeCompare saved (ms, 4×)'],
        row['blocking saved (ms, 4×)'],
      ].some((ms) => ms >= PAYS.mainThreadMs),
  );
  const verdict = BYTES_ONLY
    ? 'not by bytes alone: run without --bytes-only'
    : 'NO (≥ 1 KB gzip or ≥ 10 ms at 4× CPU on none of its pages)';
  return { patch: name, pays: pays ? 'yes' : verdict };
});
console.table(verdicts);
