/**
 * The fetcher for URLs strangers give us (server/src/lib/safe-fetch.ts): every address that is
 * not public is refused in production mode — literal, by DNS, behind a redirect, in an IPv6 form —
 * a trickling server is cut at the total timeout, a large body at the byte limit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkUrl,
  forbiddenAddressReason,
  safeFetch,
  SafeFetchError,
  type LookupAll,
} from '../../server/src/lib/safe-fetch';

let server: http.Server;
let base: string;
let port: number;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://x');
    switch (url.pathname) {
      case '/image':
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.from('89504e470d0a1a0a', 'hex'));
        return;
      case '/redirect-local':
        response.writeHead(302, { location: `http://127.0.0.1:${port}/image` });
        response.end();
        return;
      case '/redirect-metadata':
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
        return;
      case '/redirect-mapped':
        response.writeHead(307, { location: 'http://[::ffff:10.0.0.1]/' });
        response.end();
        return;
      case '/loop':
        response.writeHead(302, { location: '/loop' });
        response.end();
        return;
      case '/big':
        response.writeHead(200, { 'content-type': 'image/png' });
        // No Content-Length: the limit is enforced while reading.
        for (let i = 0; i < 40; i++) response.write(Buffer.alloc(64 * 1024));
        response.end();
        return;
      case '/big-declared':
        response.writeHead(200, { 'content-length': String(50_000_000) });
        response.end();
        return;
      case '/trickle': {
        // A slowloris: one byte every 200 ms, forever.
        response.writeHead(200, { 'content-type': 'image/png' });
        const timer = setInterval(() => response.write('x'), 200);
        response.on('close', () => clearInterval(timer));
        return;
      }
      case '/missing':
        response.writeHead(404);
        response.end('no');
        return;
      default:
        response.writeHead(500);
        response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const production = { allowLoopback: false, maxBytes: 1_000_000 };
const local = { allowLoopback: true, maxBytes: 1_000_000 };

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SafeFetchError);
    return error as SafeFetchError;
  }
  throw new Error('the fetch was not refused');
}

describe('addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.3.4', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['169.254.169.254', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::1', '6to4'],
    ['224.0.0.1', 'multicast'],
  ])('%s is refused (%s)', (address, range) => {
    expect(forbiddenAddressReason(address, false)).toBe(range);
  });

  it('public addresses pass; loopback passes only in local mode, nothing else private', () => {
    expect(forbiddenAddressReason('93.184.216.34', false)).toBeNull();
    expect(forbiddenAddressReason('2606:2800:220:1::', false)).toBeNull();
    expect(forbiddenAddressReason('127.0.0.1', true)).toBeNull();
    expect(forbiddenAddressReason('::ffff:127.0.0.1', true)).toBeNull();
    expect(forbiddenAddressReason('10.0.0.1', true)).toBe('private');
    expect(forbiddenAddressReason('169.254.169.254', true)).toBe('linkLocal');
  });

  it('URLs: schemes, credentials, ports, length and numeric forms of loopback', () => {
    const reason = (raw: string) => {
      try {
        checkUrl(raw, false);
        return 'ok';
      } catch (error) {
        return (error as SafeFetchError).reason;
      }
    };
    expect(reason('https://images.example.com/a.png')).toBe('ok');
    expect(reason('file:///etc/passwd')).toBe('invalid_url');
    expect(reason('gopher://example.com/')).toBe('invalid_url');
    expect(reason('ftp://example.com/a.png')).toBe('invalid_url');
    expect(reason('https://user:secret@example.com/a.png')).toBe('invalid_url');
    expect(reason('not a url')).toBe('invalid_url');
    expect(reason(`https://example.com/${'a'.repeat(3000)}`)).toBe('invalid_url');
    expect(reason('https://example.com:22/a.png')).toBe('forbidden_address');
    // The WHATWG parser normalises these to 127.0.0.1: still loopback.
    expect(reason('http://2130706433/')).toBe('forbidden_address');
    expect(reason('http://0x7f.1/')).toBe('forbidden_address');
    expect(reason('http://127.1/')).toBe('forbidden_address');
    expect(reason('http://[::ffff:7f00:1]/')).toBe('forbidden_address');
    expect(reason('http://[::1]/')).toBe('forbidden_address');
    expect(reason('http://169.254.169.254/latest/meta-data/')).toBe('forbidden_address');
  });
});

describe('fetching', () => {
  it('local mode fetches from loopback, following a redirect', async () => {
    const result = await safeFetch(`${base}/redirect-local`, local);
    expect(result.status).toBe(200);
    expect(result.bytes.toString('hex')).toBe('89504e470d0a1a0a');
    expect(result.url).toBe(`${base}/image`);
  });

  it('production mode refuses loopback before connecting', async () => {
    const error = await refusal(safeFetch(`http://127.0.0.1:80/image`, production));
    expect(error.reason).toBe('forbidden_address');
  });

  it('a DNS name that resolves to a private address is refused (every answer is checked)', async () => {
    const lookup: LookupAll = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const error = await refusal(
      safeFetch('http://images.example.test/a.png', { ...production, lookup }),
    );
    expect(error.reason).toBe('forbidden_address');
    expect(error.message).toContain('private');
  });

  it('the checked address is the one connected to (no second resolution)', async () => {
    let calls = 0;
    // Rebinding: first a public-looking answer would pass… here loopback in local mode, then a
    // private one. The socket must use the first answer, and the name must be resolved once.
    const lookup: LookupAll = async () => {
      calls++;
      return calls === 1
        ? [{ address: '127.0.0.1', family: 4 }]
        : [{ address: '10.0.0.9', family: 4 }];
    };
    const result = await safeFetch(`http://rebind.example.test:${port}/image`, {
      ...local,
      lookup,
    });
    expect(result.status).toBe(200);
    expect(calls).toBe(1);
  });

  it('a redirect to the metadata service, or to an IPv6-mapped private address, is refused even in local mode', async () => {
    expect((await refusal(safeFetch(`${base}/redirect-metadata`, local))).reason).toBe(
      'forbidden_address',
    );
    expect((await refusal(safeFetch(`${base}/redirect-mapped`, local))).reason).toBe(
      'forbidden_address',
    );
  });

  it('more than 3 redirects are refused', async () => {
    expect((await refusal(safeFetch(`${base}/loop`, local))).reason).toBe('too_many_redirects');
  });

  it('a body over the limit is cut while reading, and a declared one before', async () => {
    expect((await refusal(safeFetch(`${base}/big`, local))).reason).toBe('too_large');
    expect((await refusal(safeFetch(`${base}/big-declared`, local))).reason).toBe('too_large');
  });

  it('a trickling server is cut at the total timeout', async () => {
    const started = Date.now();
    const error = await refusal(safeFetch(`${base}/trickle`, { ...local, totalTimeoutMs: 1_000 }));
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a non-2xx answer and an unknown host are unreachable', async () => {
    const missing = await refusal(safeFetch(`${base}/missing`, local));
    expect(missing.reason).toBe('unreachable');
    expect(missing.status).toBe(404);
    const lookup: LookupAll = async () => {
      throw Object.assign(new Error('no such host'), { code: 'ENOTFOUND' });
    };
    expect(
      (await refusal(safeFetch('http://nowhere.example.test/a.png', { ...production, lookup })))
        .reason,
    ).toBe('unreachable');
  });

  it('hostile input: huge, control characters, concurrent', async () => {
    expect(
      (await refusal(safeFetch(`http://${'a'.repeat(100_000)}.com/`, production))).reason,
    ).toBe('invalid_url');
    expect((await refusal(safeFetch('http://exa\u0000mple.com/', production))).reason).toBe(
      'invalid_url',
    );
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => safeFetch(`${base}/image`, local)),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
  });
});
