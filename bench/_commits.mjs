import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS } from './common.mjs';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
const page = await browser.newPage({ viewport: { width: 1350, height: 940 } });
await page.addInitScript(() => {
  const commits = [];
  window.__commits = commits;
  const name = (f) => {
    const t = f.type;
    if (!t) return f.tag === 5 ? null : null;
    if (typeof t === 'string') return null;
    return t.displayName || t.name || (t.render && (t.render.displayName || t.render.name)) || (t.type && (t.type.displayName || t.type.name)) || (t._context ? 'Provider' : t.$$typeof ? String(t.$$typeof) : '?');
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(r) { return 1; },
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
    onCommitFiberRoot(id, root) {
      const start = performance.now();
      const changed = [];
      let rendered = 0;
      const walk = (f) => {
        while (f) {
          const a = f.alternate;
          if (a && (f.flags & 1) && f.memoizedProps !== a.memoizedProps) rendered += 1;
          if (a && f.memoizedState !== a.memoizedState && (f.tag === 0 || f.tag === 1 || f.tag === 11 || f.tag === 15)) {
            // which hook changed
            let h = f.memoizedState, ha = a.memoizedState, i = 0, which = [];
            while (h && ha) { if (h.memoizedState !== ha.memoizedState && h.queue) which.push(i); h = h.next; ha = ha.next; i++; }
            if (which.length) changed.push(`${name(f)}[${which.join(',')}]`);
          }
          if (a && f.tag === 10 && f.memoizedProps?.value !== a.memoizedProps?.value) changed.push(`ctx:${name(f._debugOwner || f.return) ?? '?'}`);
          if (f.child) walk(f.child);
          f = f.sibling;
        }
      };
      walk(root.current.child);
      commits.push({ at: Math.round(start), rendered, changed: [...new Set(changed)].slice(0, 15) });
    },
  };
});
await page.goto(process.argv[2], { waitUntil: 'networkidle' });
await page.waitForTimeout(2000);
for (const c of await page.evaluate(() => window.__commits)) console.log(JSON.stringify(c));
await browser.close();
