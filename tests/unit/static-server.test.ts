import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from '../../scripts/static-server.mjs';

// A small build as Docusaurus writes it (trailingSlash: true), next to a sibling folder whose
// name starts like it, to check that paths cannot climb out.
const parent = mkdtempSync(path.join(tmpdir(), 'static-server-'));
const dir = path.join(parent, 'build');
const files: Record<string, string> = {
  'index.html': '<h1>Home</h1>',
  'pricing/index.html': '<h1>Pricing</h1>',
  '404.html': '<h1>Page not found</h1>',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'assets/js/main.1234.js': 'console.log(1)',
  'manifest.json': '{}',
  'img/logo.svg': '<svg/>',
  _headers: [
    '# comment',
    '/*',
    "  Content-Security-Policy: default-src 'self'",
    '  X-Content-Type-Options: nosniff',
    '/sw.js',
    '  Cache-Control: no-cache',
  ].join('\n'),
};
for (const [name, content] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  writeFileSync(path.join(dir, name), content);
}
mkdirSync(path.join(parent, 'build-secret'));
writeFileSync(path.join(parent, 'build-secret', 'index.html'), 'secret');

const server = createStaticServer(dir);
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(parent, { recursive: true, force: true });
});

const get = (pathname: string, init?: RequestInit) =>
  fetch(`${base}${pathname}`, { redirect: 'manual', ...init });

describe('static server', () => {
  it('serves pages with the build’s headers and the right content type', async () => {
    const response = await get('/pricing/');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<h1>Pricing</h1>');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBeNull();
  });

  it('adds the headers of every matching rule (sw.js stays uncached)', async () => {
    const response = await get('/sw.js');
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
  });

  it('redirects a path without its trailing slash, keeping the query', async () => {
    const response = await get('/pricing?plan=pro');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/pricing/?plan=pro');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
  });

  it('answers unknown paths with 404.html and the headers', async () => {
    const response = await get('/no/such/page/');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('<h1>Page not found</h1>');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
  });

  it('does not serve the hosting config or anything outside the build', async () => {
    expect((await get('/_headers')).status).toBe(404);
    expect((await get('/..%2fbuild-secret/index.html')).status).toBe(403);
    expect((await get('/%2e%2e/build-secret/')).status).not.toBe(200);
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('/', { method: 'POST' })).status).toBe(405);
  });

  it('compresses text when asked, as static hosts do', async () => {
    const response = await fetch(`${base}/img/logo.svg`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes it.
    expect(await response.text()).toBe('<svg/>');
  });

  it('serves a rebuilt file at once', async () => {
    expect(await (await get('/')).text()).toBe('<h1>Home</h1>');
    writeFileSync(path.join(dir, 'index.html'), '<h1>Home, rebuilt</h1>');
    expect(await (await get('/')).text()).toBe('<h1>Home, rebuilt</h1>');
  });
});
