#!/usr/bin/env node
/**
 * The benchmarks' static server: serves a Docusaurus build the way a static host does (Firebase
 * Hosting, Netlify, any CDN): text assets gzip-compressed when the browser asks for it, directory
 * paths served from their index.html, paths without their trailing slash redirected, unknown paths
 * answered with 404.html. `docusaurus serve` sends everything uncompressed, which made every page
 * (and the bare Docusaurus baseline) download three times the bytes a visitor would.
 *
 *   node bench/static-server.mjs <dir> <port>
 */
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const [dir, portArg] = process.argv.slice(2);
const root = path.resolve(dir);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.xml',
  '.txt',
]);
const gzipped = new Map();

function send(req, res, file, status = 200) {
  const ext = path.extname(file);
  const headers = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    Vary: 'Accept-Encoding',
  };
  let body;
  if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(file), { level: 9 }));
    body = gzipped.get(file);
    headers['Content-Encoding'] = 'gzip';
  } else {
    body = readFileSync(file);
  }
  headers['Content-Length'] = body.length;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  const target = path.join(root, decodeURIComponent(pathname));
  if (!target.startsWith(root)) {
    res.writeHead(403).end();
    return;
  }
  const isDir = existsSync(target) && statSync(target).isDirectory();
  if (isDir && !pathname.endsWith('/') && existsSync(path.join(target, 'index.html'))) {
    res.writeHead(301, { Location: `${pathname}/` }).end();
    return;
  }
  const file = isDir ? path.join(target, 'index.html') : target;
  if (existsSync(file) && statSync(file).isFile()) send(req, res, file);
  else send(req, res, path.join(root, '404.html'), 404);
}).listen(Number(portArg), 'localhost');
