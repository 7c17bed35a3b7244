import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS } from './common.mjs';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
const page = await context.newPage();
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.invalidationTracking', 'toplevel'] });
await page.goto(process.argv[2], { waitUntil: 'networkidle' });
await page.waitForTimeout(2500);
const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
await browser.close();
const mains = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
let best = null, bestN = 0;
for (const m of mains) { const n = traceEvents.filter((e) => e.pid === m.pid && e.tid === m.tid).length; if (n > bestN) { best = m; bestN = n; } }
const evs = traceEvents.filter((e) => e.pid === best.pid && e.tid === best.tid).sort((a, b) => a.ts - b.ts);
const t0 = evs[0].ts;
const fcp = evs.find((e) => e.name === 'firstContentfulPaint');
for (const e of evs) {
  if (e.ph !== 'X' || e.ts < (fcp?.ts ?? 0)) continue;
  if ((e.name === 'Layout' || e.name === 'Paint' || e.name === 'UpdateLayoutTree') && e.dur > 35000) {
    console.log(JSON.stringify(e.args).slice(0,300)); console.log(`${e.name} ${(e.dur / 1000).toFixed(0)} ms at ${((e.ts - t0) / 1000).toFixed(0)}`, JSON.stringify(e.args?.beginData?.stackTrace?.slice(0, 3) ?? e.args?.data?.stackTrace?.slice(0,3) ?? '').slice(0, 300), e.args?.beginData?.dirtyObjects ?? '', e.args?.elementCount ?? '');
    // invalidations since previous 150ms
    const inv = evs.filter((x) => x.ts < e.ts && x.ts > e.ts - 150000 && /Invalidat|ScheduleStyle|StyleRecalcInvalidation|LayoutInvalidation/.test(x.name));
    const seen = new Set();
    for (const x of inv) {
      const d = x.args?.data ?? {};
      const st = d.stackTrace?.[0] ? `${d.stackTrace[0].functionName}@${d.stackTrace[0].url.split('/').pop()}:${d.stackTrace[0].lineNumber}:${d.stackTrace[0].columnNumber}` : '';
      const key = `${x.name} ${d.reason ?? ''} ${d.nodeName ?? ''} ${st}`;
      if (seen.has(key)) continue; seen.add(key);
      console.log('    ', key.slice(0, 200));
      if (seen.size > 40) break;
    }
  }
}
