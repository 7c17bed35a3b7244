#!/usr/bin/env node
/**
 * npm run bench:bundle — what each page's JavaScript is made of.
 *
 * Builds the site with hidden source maps (BUNDLE_SOURCEMAPS=1, into bench-results/bundle-build;
 * pass --no-build to reuse it), serves it, loads each route in Debian's Chromium and records the
 * scripts fetched before network idle. Each script's minified bytes are attributed to the source
 * files its map names; gzip is the file's own ratio applied to each share. Prints the largest
 * contributors per route, grouped by npm package or by file under src/ and docs/.
 *
 *   node bench/bundle.mjs [--no-build] [--routes /,/pricing/] [--top 25] [--detail theme-classic]
 *
 * --detail: sources whose path contains the text are listed file by file instead of by package.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map';
import { CHROMIUM, FLAGS, groupSource, startServer } from './common.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3041);
const ORIGIN = `http://localhost:${PORT}`;
const DIR = path.resolve(process.env.BENCH_BUILD_DIR ?? 'bench-results/bundle-build');
const args = process.argv.slice(2);
const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const ROUTES = (opt('--routes') ?? '/,/dashboard/public-deployment/object-detection/').split(',');
const TOP = Number(opt('--top') ?? 25);
const DETAIL = opt('--detail');
/** A source's row: its package or src/ file, or the file itself when --detail names it. */
const sourceKey = (source) =>
  DETAIL && source.includes(DETAIL) ? source.replace(/^.*node_modules\//, '') : groupSource(source);

if (!args.includes('--no-build')) {
  const build = spawnSync('node_modules/.bin/docusaurus', ['build', '--out-dir', DIR], {
    env: { ...process.env, BUNDLE_SOURCEMAPS: '1' },
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Minified bytes per source file for one script. */
async function attribute(file) {
  const code = readFileSync(file, 'utf8');
  const mapFile = `${file}.map`;
  const shares = new Map();
  if (!existsSync(mapFile)) {
    shares.set(`(no map) ${path.basename(file)}`, Buffer.byteLength(code));
    return shares;
  }
  const lines = code.split('\n');
  const raw = JSON.parse(readFileSync(mapFile, 'utf8'));
  await SourceMapConsumer.with(raw, null, (consumer) => {
    let last = null;
    consumer.eachMapping((m) => {
      if (last && last.generatedLine === m.generatedLine) {
        const bytes = m.generatedColumn - last.generatedColumn;
        const key = last.source ? sourceKey(last.source) : '(runtime)';
        shares.set(key, (shares.get(key) ?? 0) + bytes);
      } else if (last) {
        const bytes = (lines[last.generatedLine - 1]?.length ?? 0) - last.generatedColumn;
        const key = last.source ? sourceKey(last.source) : '(runtime)';
        shares.set(key, (shares.get(key) ?? 0) + bytes);
      }
      last = m;
    });
    if (last) {
      const bytes = (lines[last.generatedLine - 1]?.length ?? 0) - last.generatedColumn;
      const key = last.source ? sourceKey(last.source) : '(runtime)';
      shares.set(key, (shares.get(key) ?? 0) + bytes);
    }
  });
  return shares;
}

const server = await startServer(DIR, PORT);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
try {
  for (const route of ROUTES) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts = new Set();
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().startsWith(ORIGIN))
        scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`${ORIGIN}${route}`, { waitUntil: 'networkidle' });
    await context.close();

    const totals = new Map();
    let all = 0;
    const files = [];
    for (const script of scripts) {
      const file = path.join(DIR, script);
      const body = readFileSync(file);
      const ratio = gzipSync(body, { level: 9 }).length / body.length;
      const gz = body.length * ratio;
      all += gz;
      files.push({ file: script, gz });
      for (const [key, bytes] of await attribute(file))
        totals.set(key, (totals.get(key) ?? 0) + bytes * ratio);
    }
    console.log(`\n${route}: ${(all / 1024).toFixed(1)} KB gz in ${scripts.size} scripts`);
    for (const f of files.sort((a, b) => b.gz - a.gz))
      console.log(`  ${(f.gz / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
    console.log('  largest sources (gzip share):');
    [...totals.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .forEach(([key, bytes]) =>
        console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${key}`),
      );
  }
} finally {
  await browser.close();
  process.kill(-server.pid);
}
