#!/usr/bin/env node
/**
 * npm run bench:profile — where a page's main-thread time goes during its first load.
 *
 * Serves a build made with hidden source maps (BUNDLE_SOURCEMAPS=1; default
 * bench-results/bundle-build, as `npm run bench:bundle` makes it), loads each route in Debian's
 * Chromium with the V8 sampling profiler on, and prints: the long tasks (> 50 ms) and their
 * blocking time, then self time per source (npm package or file under src/ and docs/), mapped
 * through the source maps.
 *
 *   node bench/profile.mjs [--routes /,/pricing/] [--top 25] [--runs 3] [--cpu-throttle 4] [--cookies]
 *                          [--mobile]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map';
import { ACCEPTED, CHROMIUM, FLAGS, groupSource, startServer } from './common.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3043);
const ORIGIN = `http://localhost:${PORT}`;
const DIR = path.resolve(process.env.BENCH_BUILD_DIR ?? 'bench-results/bundle-build');
const args = process.argv.slice(2);
const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const ROUTES = (
  opt('--routes') ?? '/,/pricing/,/dashboard/public-deployment/object-detection/'
).split(',');
const TOP = Number(opt('--top') ?? 25);
const RUNS = Number(opt('--runs') ?? 3);
// --detail <source>: also list the functions inside one source (as the table names it).
const DETAIL = opt('--detail');
// --tasks: list each long task (> 50 ms, as the page's PerformanceObserver reports them) with the
// sources its profiler samples fall in.
const TASKS = args.includes('--tasks');
// --callers <source>: which functions call into one source (e.g. "(appendChild)").
const CALLERS = opt('--callers');
// --cpu-throttle N: slow the CPU N times, as Lighthouse's mobile run does (4).
const THROTTLE = Number(opt('--cpu-throttle') ?? 1);
// --cookies: every cookie category accepted before the page loads (analytics, scheduling badge).
const COOKIES = args.includes('--cookies');
// --mobile: a phone's viewport (412 × 823, touch), as Lighthouse's mobile run uses: below the
// 996 px breakpoint the docs sidebar and table of contents render their mobile versions.
const MOBILE = args.includes('--mobile');
// --phases: with --tasks, split each long task by React phase (render, commit, passive effects)
// or, outside React, by the task's outermost function.
const PHASES = args.includes('--phases');
const REACT_PHASES = [
  ['flushPassiveEffects', 'passive effects'],
  ['commitRoot', 'commit'],
  ['commitRootImpl', 'commit'],
  ['workLoopSync', 'sync render'],
  ['workLoopConcurrentByScheduler', 'concurrent render'],
  ['workLoopConcurrent', 'concurrent render'],
];

if (!existsSync(path.join(DIR, 'index.html'))) {
  console.error(
    `No build in ${DIR}: run \`npm run bench:bundle\` (or BUNDLE_SOURCEMAPS=1 docusaurus build --out-dir ${DIR}).`,
  );
  process.exit(1);
}

const consumers = new Map();
async function consumerFor(url) {
  if (consumers.has(url)) return consumers.get(url);
  let consumer = null;
  try {
    const file = path.join(DIR, new URL(url).pathname);
    if (existsSync(`${file}.map`)) {
      consumer = await new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    }
  } catch {
    consumer = null;
  }
  consumers.set(url, consumer);
  return consumer;
}

async function sourceOf(frame) {
  if (!frame.url) return [frame.functionName ? `(${frame.functionName})` : '(native)', ''];
  if (!frame.url.startsWith(ORIGIN)) return [frame.url, ''];
  const consumer = await consumerFor(frame.url);
  if (!consumer) {
    return [
      new URL(frame.url).pathname,
      `${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`,
    ];
  }
  const pos = consumer.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  if (!pos.source) return [new URL(frame.url).pathname, ''];
  const clean = pos.source.replace(/^webpack:\/\/\/?/, '');
  return [groupSource(pos.source), `${frame.functionName || '(anonymous)'} ${clean}:${pos.line}`];
}

const originalNames = new Map();
/** The original name of the function a profile frame points at (its declaration line). */
async function originalName(frame) {
  const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}`;
  if (originalNames.has(key)) return originalNames.get(key);
  let name = frame.functionName || '(anonymous)';
  const consumer = frame.url?.startsWith(ORIGIN) ? await consumerFor(frame.url) : null;
  if (consumer) {
    const pos = consumer.originalPositionFor({
      line: frame.lineNumber + 1,
      column: frame.columnNumber,
    });
    const text = pos.source ? consumer.sourceContentFor(pos.source, true) : null;
    const line = text?.split('\n')[pos.line - 1] ?? '';
    name = /function\*?\s+([\w$]+)/.exec(line)?.[1] ?? pos.name ?? name;
  }
  originalNames.set(key, name);
  return name;
}

/** A sample's phase: the innermost React work loop on its stack, else its outermost function. */
async function phaseOf(node, parentOf) {
  let outer = node;
  for (let n = node; n; n = parentOf.get(n.id)) {
    const name = await originalName(n.callFrame);
    const phase = REACT_PHASES.find(([fn]) => fn === name);
    if (phase) return phase[1];
    if (n.callFrame.functionName !== '(root)') outer = n;
  }
  const [source] = await sourceOf(outer.callFrame);
  return `${await originalName(outer.callFrame)} (${source})`;
}

const server = await startServer(DIR, PORT);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
try {
  for (const route of ROUTES) {
    const selfBySource = new Map();
    const selfByFunction = new Map();
    const selfByCaller = new Map();
    const blocking = [];
    let scriptTotal = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext(
        MOBILE
          ? {
              viewport: { width: 412, height: 823 },
              deviceScaleFactor: 1.75,
              isMobile: true,
              hasTouch: true,
            }
          : { viewport: { width: 1350, height: 940 } },
      );
      const page = await context.newPage();
      if (COOKIES)
        await page.addInitScript(([key, value]) => localStorage.setItem(key, value), ACCEPTED);
      await page.addInitScript(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
        }).observe({ type: 'longtask', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      if (THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(ORIGIN + route, { waitUntil: 'load' });
      await page.waitForTimeout(2500);
      const [tasks, pageNow] = await page.evaluate(() => [window.__longTasks, performance.now()]);
      const { profile } = await cdp.send('Profiler.stop');
      blocking.push(tasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0));
      const dt = new Map();
      for (let i = 0; i < profile.samples.length; i += 1) {
        const id = profile.samples[i];
        dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
      }
      if (TASKS) {
        // Long tasks come from the page's PerformanceObserver (page clock); samples carry the
        // profiler's clock. Both are read at the end of the run, which aligns them to a few ms.
        const offset = profile.endTime / 1000 - pageNow;
        const byId = new Map(profile.nodes.map((node) => [node.id, node]));
        const samples = [];
        let at = profile.startTime / 1000;
        for (let i = 0; i < profile.samples.length; i += 1) {
          at += (profile.timeDeltas[i] ?? 0) / 1000;
          samples.push([at - offset, byId.get(profile.samples[i]).callFrame, profile.samples[i]]);
        }
        const parents = new Map();
        for (const node of profile.nodes)
          for (const child of node.children ?? []) parents.set(child, node);
        for (const [startTime, duration] of tasks) {
          const sources = new Map();
          for (let i = 1; i < samples.length; i += 1) {
            const [time, frame, id] = samples[i];
            if (time < startTime || time > startTime + duration) continue;
            if (frame.functionName === '(idle)') continue;
            const [own] = await sourceOf(frame);
            const source = PHASES ? `${await phaseOf(byId.get(id), parents)} › ${own}` : own;
            sources.set(source, (sources.get(source) ?? 0) + (time - samples[i - 1][0]));
          }
          const top = [...sources.entries()].sort((a, b) => b[1] - a[1]).slice(0, PHASES ? 12 : 6);
          console.log(
            `  run ${run + 1}: long task at ${startTime.toFixed(0)} ms, ${duration.toFixed(0)} ms: ` +
              top.map(([src, ms]) => `${src} ${ms.toFixed(0)}`).join(', '),
          );
        }
      }
      const parentOf = new Map();
      for (const node of profile.nodes)
        for (const child of node.children ?? []) parentOf.set(child, node);
      for (const node of profile.nodes) {
        const us = dt.get(node.id) ?? 0;
        if (!us) continue;
        const name = node.callFrame.functionName;
        if (name === '(idle)' || name === '(program)' || name === '(root)') continue;
        const [source, fn] = await sourceOf(node.callFrame);
        selfBySource.set(source, (selfBySource.get(source) ?? 0) + us / 1000 / RUNS);
        if (CALLERS && source === CALLERS) {
          let parent = parentOf.get(node.id);
          let caller = '(root)';
          while (parent) {
            const [parentSource, parentFn] = await sourceOf(parent.callFrame);
            if (parentSource !== CALLERS && parentFn) {
              caller = parentFn;
              break;
            }
            parent = parentOf.get(parent.id);
          }
          selfByCaller.set(caller, (selfByCaller.get(caller) ?? 0) + us / 1000 / RUNS);
        }
        if (DETAIL && source === DETAIL) {
          selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + us / 1000 / RUNS);
        }
        scriptTotal += us / 1000 / RUNS;
      }
      await context.close();
    }
    const sorted = [...selfBySource.entries()].sort((a, b) => b[1] - a[1]);
    console.log(`\n${route}`);
    console.log(
      `  long-task blocking time (>50 ms share) per run: ${blocking.map((b) => `${b.toFixed(0)} ms`).join(', ')}`,
    );
    console.log(`  sampled self time (mean of ${RUNS} runs): ${scriptTotal.toFixed(0)} ms`);
    for (const [source, ms] of sorted.slice(0, TOP)) {
      console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${source}`);
    }
    if (CALLERS) {
      console.log(`  callers of ${CALLERS}:`);
      const callers = [...selfByCaller.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP);
      for (const [fn, ms] of callers) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${fn}`);
    }
    if (DETAIL) {
      console.log(`  inside ${DETAIL}:`);
      const fns = [...selfByFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP);
      for (const [fn, ms] of fns) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${fn}`);
    }
  }
} finally {
  await browser.close();
  process.kill(-server.pid);
}
