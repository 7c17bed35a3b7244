/**
 * The same-content baseline of `npm run bench:pages -- --same-content`: bare Docusaurus (the
 * classic site of bench/baseline-site, same version as the product) rendering a docs page's own
 * Markdown copy, the one the product's build writes beside the page (`<page>.md`, by
 * src/plugins/docs-for-machines). Whatever the product's page costs beyond that page is the cost
 * of the site's frame, not of its content.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const BASELINE_SITE = path.resolve('bench/baseline-site');
const ROOT = path.resolve('bench-results/same-content');

/** The page's Markdown copy in a build: /a/b/ → <build>/a/b.md. */
export function markdownCopy(buildDir, route) {
  const file = path.join(buildDir, `${route.replace(/\/$/, '')}.md`);
  if (!existsSync(file))
    throw new Error(`${file} is missing: the build writes each docs page's Markdown`);
  return readFileSync(file, 'utf8');
}

/**
 * Builds (once per content) the bare site with the page's Markdown as `docs/<slug>.md`, and
 * returns its build folder and the page's route in it.
 */
export function sameContentSite(buildDir, route) {
  const markdown = markdownCopy(buildDir, route);
  const slug = route.split('/').filter(Boolean).pop();
  const config = readFileSync(path.join(BASELINE_SITE, 'docusaurus.config.js'), 'utf8');
  const hash = createHash('sha256').update(markdown).update(config).digest('hex').slice(0, 12);
  const dir = path.join(ROOT, slug);
  const outDir = path.join(dir, 'build');
  const stamp = path.join(dir, 'content-hash');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== hash) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const site = path.join(dir, 'site');
    cpSync(BASELINE_SITE, site, { recursive: true });
    writeFileSync(path.join(site, 'docs', `${slug}.md`), markdown);
    // Plain CommonMark for .md files (the copy is Markdown, not MDX); nothing else changes.
    writeFileSync(
      path.join(site, 'docusaurus.config.js'),
      `${config}\nmodule.exports.markdown = { format: 'detect' };\n`,
    );
    const build = spawnSync(
      path.resolve('node_modules/.bin/docusaurus'),
      ['build', site, '--out-dir', outDir],
      { stdio: 'ignore' },
    );
    if (build.status !== 0) throw new Error(`the same-content site of ${route} did not build`);
    writeFileSync(stamp, hash);
  }
  return { outDir, route: `/docs/${slug}/` };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Goals of issue 36 for a docs page against its same-content bare page. */
export const GOALS = { mainThread: 1.1, styleLayout: 1.2 };

/**
 * Lighthouse mobile on each docs route and on its same-content bare page, `rounds` times,
 * interleaved (the order flips every round), first visits with the service worker allowed.
 * Prints every run and the medians, and returns the medians.
 *
 * @param {{
 *   routes: string[], rounds: number, origin: string, buildDir: string,
 *   serveBare: (outDir: string) => Promise<{ origin: string, stop: () => void }>,
 *   run: (url: string) => Promise<ReturnType<typeof import('./lighthouse.mjs').mainThreadFigures>>,
 * }} options
 */
export async function compareSameContent({ routes, rounds, origin, buildDir, serveBare, run }) {
  const summary = [];
  for (const route of routes) {
    const bare = sameContentSite(buildDir, route);
    const served = await serveBare(bare.outDir);
    const runs = { ours: [], bare: [] };
    try {
      for (let round = 0; round < rounds; round += 1) {
        const order = round % 2 === 0 ? ['ours', 'bare'] : ['bare', 'ours'];
        for (const which of order) {
          const url = which === 'ours' ? `${origin}${route}` : `${served.origin}${bare.route}`;
          const figures = await run(url);
          runs[which].push(figures);
          console.log(
            `${route} ${which.padEnd(4)} round ${round + 1}: main thread ${figures.mainThread.toFixed(0)} ms, ` +
              `style & layout ${figures.styleLayout.toFixed(0)} ms, scripting ${figures.scripting.toFixed(0)} ms, ` +
              `TBT ${figures.tbt.toFixed(0)} ms, perf ${figures.perf}, ${figures.requests} requests; ` +
              `CPU ${figures.cpu.toFixed(0)} ms, style & layout CPU ${figures.cpuStyleLayout.toFixed(0)} ms`,
          );
        }
      }
    } finally {
      served.stop();
    }
    const medians = (list) =>
      Object.fromEntries(Object.keys(list[0]).map((key) => [key, median(list.map((f) => f[key]))]));
    const ours = medians(runs.ours);
    const base = medians(runs.bare);
    summary.push({ route, ours, bare: base });
  }
  console.log(
    `\nA docs page against bare Docusaurus rendering the same Markdown: Lighthouse mobile (main-thread times at its simulated 4× CPU), first visit with the service worker allowed, median of ${rounds} interleaved runs`,
  );
  const ms = (value) => `${value.toFixed(0)} ms`;
  console.table(
    summary.map(({ route, ours, bare }) => ({
      route,
      'main thread': `${ms(ours.mainThread)} / ${ms(bare.mainThread)} = ${(ours.mainThread / bare.mainThread).toFixed(2)}×`,
      'style & layout': `${ms(ours.styleLayout)} / ${ms(bare.styleLayout)} = ${(ours.styleLayout / bare.styleLayout).toFixed(2)}×`,
      scripting: `${ms(ours.scripting)} / ${ms(bare.scripting)}`,
      TBT: `${ms(ours.tbt)} / ${ms(bare.tbt)}`,
      perf: `${ours.perf} / ${bare.perf}`,
      requests: `${ours.requests} / ${bare.requests}`,
    })),
  );
  console.log(
    'The same runs in CPU time (trace thread time as measured, not slowed down: the page’s own work, whatever else runs on the machine):',
  );
  console.table(
    summary.map(({ route, ours, bare }) => ({
      route,
      'main thread CPU': `${ms(ours.cpu)} / ${ms(bare.cpu)} = ${(ours.cpu / bare.cpu).toFixed(2)}×`,
      'style & layout CPU': `${ms(ours.cpuStyleLayout)} / ${ms(bare.cpuStyleLayout)} = ${(ours.cpuStyleLayout / bare.cpuStyleLayout).toFixed(2)}×`,
    })),
  );
  for (const { route, ours, bare } of summary) {
    const met = [
      ours.mainThread <= GOALS.mainThread * bare.mainThread,
      ours.styleLayout <= GOALS.styleLayout * bare.styleLayout,
      ours.tbt <= bare.tbt,
    ];
    console.log(
      `${route}: main thread ≤ ${GOALS.mainThread}× ${met[0] ? 'met' : 'NOT met'}, style & layout ≤ ${GOALS.styleLayout}× ${met[1] ? 'met' : 'NOT met'}, TBT no worse ${met[2] ? 'met' : 'NOT met'}`,
    );
  }
  return summary;
}
