/**
 * One Lighthouse run with Debian's Chromium in a fresh profile (a first visit: Lighthouse clears
 * the origin's storage and service workers first unless told otherwise), shared by the page
 * benchmarks, and the main-thread figures read from its report and its trace.
 */
import { chromium } from 'playwright-core';
import { ACCEPTED, CHROMIUM, FLAGS } from './common.mjs';

/**
 * The report (lhr) of one run. `accepted`: the page is opened once first with every cookie
 * accepted (in Lighthouse's own profile, which it keeps: it clears the cache, not the origin's
 * storage, with disableStorageReset).
 */
export async function lighthouseRun(
  url,
  formFactor,
  { accepted = false, categories, withTrace = false } = {},
) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const desktopConfig = (await import('lighthouse/core/config/desktop-config.js')).default;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...FLAGS],
  });
  try {
    if (accepted) await acceptCookies(chrome.port, url);
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: accepted,
        onlyCategories: categories ?? ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    return withTrace ? { lhr: result.lhr, trace: result.artifacts.Trace } : result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** Stores "Accept All Cookies" in the browser on `port` for the origin of `url`. */
async function acceptCookies(port, url) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), ACCEPTED);
    await page.close();
  } finally {
    await browser.close().catch(() => {});
  }
}

/**
 * Main-thread figures of a mobile run: the "Minimize main-thread work" breakdown (its times are the
 * trace's, multiplied by the 4× CPU slowdown Lighthouse's mobile run simulates), Total Blocking
 * Time, the performance score and the number of requests.
 */
export function mainThreadFigures(lhr) {
  const items = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  const group = (id) => items.find((item) => item.group === id)?.duration ?? 0;
  return {
    mainThread: items.reduce((sum, item) => sum + item.duration, 0),
    styleLayout: group('styleLayout'),
    scripting: group('scriptEvaluation') + group('scriptParseCompile'),
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    requests: lhr.audits['network-requests']?.details?.items?.length ?? 0,
  };
}

/**
 * The page's main-thread CPU time in a run's trace: the thread time (not the wall time) of its
 * tasks, and of its style recalculations and layouts, in milliseconds, as measured (no CPU
 * slowdown). Unlike Lighthouse's figures, which are wall times, these do not grow when other
 * processes (or the page's own service worker) compete for the CPU: on a shared machine they
 * tell the page's own work apart from the load around it.
 */
export function traceCpuFigures(trace) {
  const events = trace.traceEvents;
  const mainThreads = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const taskTime = new Map();
  for (const e of events) {
    const id = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && e.name === 'RunTask' && mainThreads.has(id))
      taskTime.set(id, (taskTime.get(id) ?? 0) + (e.tdur ?? 0));
  }
  // The page's renderer main thread: the one that worked most.
  const [main] = [...taskTime.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  const sum = (names) =>
    events
      .filter((e) => e.ph === 'X' && names.includes(e.name) && `${e.pid}:${e.tid}` === main)
      .reduce((total, e) => total + (e.tdur ?? 0), 0) / 1000;
  return { cpu: sum(['RunTask']), cpuStyleLayout: sum(['UpdateLayoutTree', 'Layout']) };
}
