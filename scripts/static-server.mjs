#!/usr/bin/env node
/**
 * Serves a Docusaurus build the way the static hosts it is deployed to do (Firebase Hosting,
 * Netlify, Cloudflare Pages, any CDN), for `npm run serve:stack`, the browser tests and the
 * benchmarks:
 * - the build's own `_headers` file (written by src/plugins/security-headers: CSP, HSTS, …) applied
 *   to every response, so pages run under the headers they ship with;
 * - directory paths served from their index.html, paths without their trailing slash redirected
 *   (query kept), unknown paths answered with 404.html and status 404;
 * - text assets gzip-compressed when the browser asks (`docusaurus serve` sends everything
 *   uncompressed, three times the bytes a visitor downloads).
 *
 *   node scripts/static-server.mjs <dir> <port> [host]     (host: localhost)
 */
import { createServer } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const HEADERS_FILE = '_headers';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.svg',
  '.xml',
  '.txt',
  '.md',
]);

/**
 * The Content-Type a file is served with, by its extension (the build's `_headers` says the same
 * for the docs for machines' `.md` and `.txt` files; a unit test checks they agree).
 *
 * @param {string} file
 */
export function contentType(file) {
  return TYPES[path.extname(file)] ?? 'application/octet-stream';
}

/**
 * Parses a Netlify / Cloudflare Pages `_headers` file: a path pattern (`/*` matches everything
 * below, `*` anywhere else any run of characters), then indented `Name: value` lines.
 */
export function parseHeadersFile(text) {
  const rules = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon < 0 || rules.length === 0) throw new Error(`${HEADERS_FILE}: cannot read "${line}"`);
    rules.at(-1).headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

function patternMatches(pattern, pathname) {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === pathname;
  let at = 0;
  for (const [i, part] of parts.entries()) {
    const found = i === 0 ? (pathname.startsWith(part) ? 0 : -1) : pathname.indexOf(part, at);
    if (found < 0) return false;
    at = found + part.length;
  }
  return parts.at(-1) === '' || pathname.endsWith(parts.at(-1));
}

/**
 * The headers of every rule matching the path, later rules winning for the same name.
 *
 * @param {{ pattern: string, headers: Record<string, string> }[]} rules
 * @param {string} pathname
 * @returns {Record<string, string>}
 */
export function headersFor(rules, pathname) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const rule of rules) {
    if (patternMatches(rule.pattern, pathname)) Object.assign(headers, rule.headers);
  }
  return headers;
}

function fileStat(file) {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

/** A request handler for the build in `dir`. Files are re-read when they change on disk. */
export function createStaticServer(dir) {
  const root = path.resolve(dir);
  const cache = new Map();
  // Content (and its gzip copy) per file, kept while its size and mtime stay the same: a rebuild
  // is served at once.
  function load(file, stat, gzip) {
    const key = `${gzip ? 'gz' : 'raw'}:${file}`;
    const stamp = `${stat.size}:${stat.mtimeMs}`;
    const cached = cache.get(key);
    if (cached?.stamp === stamp) return cached.body;
    const raw = readFileSync(file);
    const body = gzip ? gzipSync(raw, { level: 9 }) : raw;
    cache.set(key, { stamp, body });
    return body;
  }
  function headerRules() {
    const file = path.join(root, HEADERS_FILE);
    const stat = fileStat(file);
    return stat ? parseHeadersFile(load(file, stat, false).toString('utf8')) : [];
  }

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const common = headersFor(headerRules(), url.pathname);
    const send = (status, file) => {
      const stat = fileStat(file);
      const ext = path.extname(file);
      const headers = { ...common, 'Content-Type': contentType(file) };
      const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      if (COMPRESSIBLE.has(ext)) headers.Vary = 'Accept-Encoding';
      if (gzip) headers['Content-Encoding'] = 'gzip';
      const body = stat ? load(file, stat, gzip) : Buffer.from('Not found');
      headers['Content-Length'] = body.length;
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    };

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...common, Allow: 'GET, HEAD' }).end();
      return;
    }
    let decoded;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, common).end();
      return;
    }
    const target = path.join(root, decoded);
    if ((target !== root && !target.startsWith(root + path.sep)) || decoded.includes('\0')) {
      res.writeHead(403, common).end();
      return;
    }
    const notFound = path.join(root, '404.html');
    const stat = fileStat(target);
    if (stat?.isDirectory()) {
      const index = path.join(target, 'index.html');
      if (!fileStat(index)?.isFile()) return send(404, notFound);
      if (!url.pathname.endsWith('/')) {
        res.writeHead(301, { ...common, Location: `${url.pathname}/${url.search}` }).end();
        return;
      }
      return send(200, index);
    }
    // The hosting configuration is read by the host, not served.
    if (stat?.isFile() && path.basename(target) !== HEADERS_FILE) return send(200, target);
    return send(404, notFound);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, port, host = 'localhost'] = process.argv.slice(2);
  if (!dir || !port) {
    console.error('Usage: node scripts/static-server.mjs <dir> <port> [host]');
    process.exit(2);
  }
  if (!fileStat(path.join(dir, 'index.html'))) {
    console.error(
      `${dir} holds no build (no index.html): run npm run build (or build:test) first.`,
    );
    process.exit(1);
  }
  createStaticServer(dir)
    .listen(Number(port), host, () => {
      const applied = fileStat(path.join(dir, HEADERS_FILE))
        ? `with the headers in ${path.join(dir, HEADERS_FILE)}`
        : `without headers (${dir} has no ${HEADERS_FILE})`;
      console.log(`Serving ${dir} on http://${host}:${port}/ ${applied}`);
    })
    .on('error', (error) => {
      console.error(`Could not serve ${dir} on port ${port}: ${error.message}`);
      process.exit(1);
    });
}
