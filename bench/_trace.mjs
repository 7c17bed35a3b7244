import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS } from './common.mjs';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1350, height: 940 } });
const page = await context.newPage();
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'blink.user_timing', 'loading'] });
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
const buf = await browser.stopTracing();
await browser.close();
const { traceEvents } = JSON.parse(buf.toString());
// renderer main thread: thread with CrRendererMain
const mainTid = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const evs = traceEvents.filter((e) => e.pid === mainTid.pid && e.tid === mainTid.tid && e.ph === 'X');
const nav = traceEvents.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser');
const t0 = Math.min(...evs.map((e) => e.ts));
const tasks = evs.filter((e) => (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') && e.dur > 20000);
for (const t of tasks) {
  console.log(`task at ${((t.ts - t0) / 1000).toFixed(0)} ms, ${(t.dur / 1000).toFixed(1)} ms`);
  const kids = evs.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.dur > 2000 && e.name !== 'ThreadControllerImpl::RunTask');
  for (const k of kids.slice(0, 25)) {
    const d = k.args?.data ?? {};
    const depth = kids.filter((p) => p !== k && p.ts <= k.ts && p.ts + p.dur >= k.ts + k.dur).length;
    console.log(`  ${'  '.repeat(depth)}${k.name} ${(k.dur / 1000).toFixed(1)} ms ${d.url ?? ''} ${d.functionName ?? ''} ${d.type ?? ''}${d.stackTrace?.[0] ? ' from ' + d.stackTrace[0].functionName + ' ' + d.stackTrace[0].url.slice(-30) + ':' + d.stackTrace[0].lineNumber : ''}`.slice(0, 220));
  }
}
