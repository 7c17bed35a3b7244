/**
 * What the page benchmarks share: Debian's Chromium and its flags (scripts/chromium.json, as
 * Playwright), serving a build, and naming a source-map source by npm package or site file.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

// Shared with playwright.config.ts: scripts/chromium.json.
const chromium = JSON.parse(
  readFileSync(new URL('../scripts/chromium.json', import.meta.url), 'utf8'),
);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? chromium.path;
export const FLAGS = chromium.flags;

/**
 * Serves `dir` on `port` (detached: stop it with `process.kill(-server.pid)`): gzip-compressed,
 * as a static host serves the deployed build, with its headers (scripts/static-server.mjs), or with BENCH_SERVER=
 * docusaurus through `docusaurus serve` (uncompressed).
 */
export async function startServer(dir, port) {
  const server =
    process.env.BENCH_SERVER === 'docusaurus'
      ? spawn(
          'node_modules/.bin/docusaurus',
          ['serve', '--dir', dir, '--port', String(port), '--host', 'localhost', '--no-open'],
          { stdio: 'ignore', detached: true },
        )
      : spawn(process.execPath, ['scripts/static-server.mjs', dir, String(port)], {
          stdio: 'ignore',
          detached: true,
        });
  for (let i = 0; i < 100; i += 1) {
    const ok = await fetch(`http://localhost:${port}/`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 300));
  }
  process.kill(-server.pid);
  throw new Error(`could not serve ${dir} on port ${port} (is it built? is the port free?)`);
}

/** A source-map source as an npm package (Docusaurus packages down to their folder) or a file. */
export function groupSource(source) {
  const clean = source.replace(/^webpack:\/\/\/?/, '').replace(/^(\.\/)+/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = clean.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    if (pkg === '@docusaurus' || pkg.startsWith('@docusaurus/'))
      return `${pkg}/${rest.slice(2, 4).join('/')}`;
    return pkg;
  }
  return clean;
}

// Every cookie category accepted (its own module: the TypeScript tests import it too).
export { ACCEPTED } from './acceptedCookies.mjs';
