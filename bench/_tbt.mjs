// Quick: main-thread long tasks after first paint, from a Chromium trace, N runs.
import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS } from './common.mjs';
const [url, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 5);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
const results = [];
for (let i = 0; i < runs; i += 1) {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'loading', 'blink.user_timing'] });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2500);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
  await context.close();
  const main = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // pick the renderer main thread that has the most events
  let best = null, bestN = 0;
  for (const m of main) { const n = traceEvents.filter((e) => e.pid === m.pid && e.tid === m.tid).length; if (n > bestN) { best = m; bestN = n; } }
  const evs = traceEvents.filter((e) => e.pid === best.pid && e.tid === best.tid);
  const fcp = evs.find((e) => e.name === 'firstContentfulPaint');
  const t0 = evs.find((e) => e.name === 'navigationStart' || e.name === 'markAsMainFrame')?.ts ?? Math.min(...evs.filter((e) => e.ph === 'X').map((e) => e.ts));
  const tasks = evs.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.dur > 50000 && e.ts > (fcp?.ts ?? 0));
  const label = (t) => {
    const kid = evs.filter((e) => e.ph === 'X' && e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.dur > 5000 && e.name !== 'ThreadControllerImpl::RunTask').sort((a, b) => b.dur - a.dur)[0];
    return kid ? `${kid.name}${kid.args?.data?.functionName ? ' ' + kid.args.data.functionName : ''}${kid.args?.data?.url ? ' ' + kid.args.data.url.split('/').pop() : ''}` : '?';
  };
  const tbt = tasks.reduce((s, t) => s + (t.dur / 1000 - 50), 0);
  results.push(tbt);
  console.log(`run ${i + 1}: FCP ${fcp ? ((fcp.ts - t0) / 1000).toFixed(0) : '?'} ms, blocking ${tbt.toFixed(0)} ms: ` + tasks.map((t) => `${(t.dur / 1000).toFixed(0)}@${((t.ts - t0) / 1000).toFixed(0)} ${label(t)}`).join('; '));
}
results.sort((a, b) => a - b);
console.log(`median blocking after FCP: ${results[Math.floor(results.length / 2)].toFixed(0)} ms`);
await browser.close();
