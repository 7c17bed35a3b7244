/**
 * `visionapi listen` in-process against a scripted event stream and a local receiver: each event
 * arrives at the receiver as a webhook delivery that the SDK's `unwrap()` verifies with the
 * secret printed at the start; a stream cut mid-way is reopened with Last-Event-ID and what the
 * server resends is forwarded once, nothing lost; ^C ends it with 0; wrong command lines exit 2
 * and a refused key 1. `client.events.stream()`'s parser and reconnection are tested here too.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../packages/typescript/src/cli';
import { SseParser, VisionAPI, unwrap } from '../../../packages/typescript/src/index';

const ADMIN = 'va_admin_0123456789abcdefSECRETadmin';
const id = (n: number) => `evt_${String(n).padStart(24, '0')}`;
const body = (n: number, type = 'job.succeeded') =>
  JSON.stringify({ type, timestamp: '2026-11-27T03:00:00.000Z', data: { object: 'job', n } });
const frame = (n: number, type = 'job.succeeded') =>
  `id: ${id(n)}\nevent: ${type}\ndata: ${body(n, type)}\n\n`;

interface Connection {
  headers: http.IncomingHttpHeaders;
  url: string;
}

/** An event stream whose n-th connection runs `script[n]` (the last one repeats). */
async function streamServer(
  script: Array<(res: http.ServerResponse, req: http.IncomingMessage) => void>,
) {
  const connections: Connection[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    connections.push({ headers: req.headers, url: req.url ?? '' });
    const step = script[Math.min(connections.length - 1, script.length - 1)]!;
    step(res, req);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const open = (res: http.ServerResponse, ...frames: string[]) => {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  res.write(': connected\n\n');
  for (const text of frames) res.write(text);
};

/** A local webhook receiver: records each delivery, answers `status`. */
async function receiver(status = 200) {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function until<T>(what: () => T, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = what();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function runListen(argv: string[], apiUrl: string) {
  const controller = new AbortController();
  const out = { stdout: '', stderr: '' };
  const done = main(['listen', ...argv], {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    env: { VISIONAPI_ADMIN_KEY: ADMIN, VISIONAPI_API_URL: apiUrl },
    signal: controller.signal,
  });
  return { out, done, stop: () => controller.abort() };
}

describe('visionapi listen', () => {
  it('forwards each event as a webhook delivery that unwrap() verifies, across a cut stream, once each', async () => {
    const stream = await streamServer([
      // The first connection sends two events and is cut.
      (res) => {
        open(res, frame(1), frame(2));
        setTimeout(() => res.socket?.destroy(), 100);
      },
      // The second resumes after the last one received: the server resends it (an overlap)
      // and goes on.
      (res) => {
        open(res, frame(2), frame(3, 'job.failed'), frame(4, 'balance.low'));
      },
    ]);
    const local = await receiver();
    cleanup.push(stream.close, local.close);
    const run = runListen(
      ['--forward-to', local.url, '--events', 'job.succeeded,job.failed,balance.low'],
      stream.url,
    );
    await until(
      () => local.received.length,
      (n) => n >= 4,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    run.stop();
    expect(await run.done).toBe(0);

    const secret =
      /Ready! Your webhook signing secret is (whsec_[A-Za-z0-9+/=]+) \(\^C to quit\)/.exec(
        run.out.stdout,
      )?.[1];
    expect(secret, run.out.stdout).toBeDefined();
    expect(local.received.map((r) => r.headers['webhook-id'])).toEqual([
      id(1),
      id(2),
      id(3),
      id(4),
    ]);
    for (const [i, delivery] of local.received.entries()) {
      expect(delivery.headers['content-type']).toBe('application/json');
      const event = await unwrap(
        delivery.body,
        delivery.headers as Record<string, string>,
        secret!,
      );
      expect(event.data).toEqual({ object: 'job', n: i + 1 });
      expect(delivery.body).toBe(body(i + 1, event.type));
    }
    // A wrong secret does not verify what was forwarded.
    await expect(
      unwrap(
        local.received[0]!.body,
        local.received[0]!.headers as Record<string, string>,
        `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
      ),
    ).rejects.toThrow('No signature');

    expect(stream.connections).toHaveLength(2);
    expect(stream.connections[0]!.headers.authorization).toBe(`Bearer ${ADMIN}`);
    expect(stream.connections[0]!.headers['last-event-id']).toBeUndefined();
    expect(stream.connections[0]!.url).toBe(
      '/v1/events/stream?types=job.succeeded%2Cjob.failed%2Cbalance.low',
    );
    expect(stream.connections[1]!.headers['last-event-id']).toBe(id(2));
    const lines = run.out.stdout.split('\n').filter((line) => line.includes('] POST '));
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}  job\\.failed\\s+${id(3)}  \\[200\\] POST ${local.url}$`,
      ),
    );
    expect(run.out.stdout).toContain('Lost the event stream');
    expect(run.out.stdout).toContain(`Reconnected, resuming after ${id(2)}`);
    expect(run.out.stdout).not.toContain(ADMIN);
  });

  it('prints the local error or status, and the JSON with --print-json', async () => {
    const stream = await streamServer([(res) => open(res, frame(1, 'test'))]);
    const failing = await receiver(500);
    cleanup.push(stream.close, failing.close);
    const run = runListen(['--forward-to', failing.url, '--print-json'], stream.url);
    await until(
      () => failing.received.length,
      (n) => n >= 1,
    );
    await until(
      () => run.out.stderr,
      (text) => text.includes('[500]'),
    );
    run.stop();
    expect(await run.done).toBe(0);
    expect(JSON.parse(run.out.stdout.trim())).toEqual({
      id: id(1),
      ...JSON.parse(body(1, 'test')),
    });
    expect(run.out.stderr).toContain('Ready! Your webhook signing secret is whsec_');

    // Nothing listens on the forward URL: the line says so, and it goes on.
    const closed = await receiver();
    await closed.close();
    const stream2 = await streamServer([(res) => open(res, frame(7))]);
    cleanup.push(stream2.close);
    const run2 = runListen(['--forward-to', closed.url], stream2.url);
    await until(
      () => run2.out.stdout,
      (text) => text.includes(id(7)),
    );
    run2.stop();
    expect(await run2.done).toBe(0);
    expect(run2.out.stdout).toMatch(/\[error: ECONNREFUSED \(is your server running\?\)\]/);
  });

  it('goes on from new events when the server cannot resume, saying so', async () => {
    const stream = await streamServer([
      (res) => {
        open(res, frame(1));
        setTimeout(() => res.socket?.destroy(), 50);
      },
      (res) => {
        res.writeHead(410, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error_message: 'Too much was missed.', code: 'gone', request_id: 'r' }),
        );
      },
      (res) => open(res, frame(9)),
    ]);
    const local = await receiver();
    cleanup.push(stream.close, local.close);
    const run = runListen(['--forward-to', local.url], stream.url);
    await until(
      () => local.received.length,
      (n) => n >= 2,
    );
    run.stop();
    expect(await run.done).toBe(0);
    expect(run.out.stdout).toContain(
      'Could not resume: Too much was missed. Going on with new events.',
    );
    expect(stream.connections[1]!.headers['last-event-id']).toBe(id(1));
    expect(stream.connections[2]!.headers['last-event-id']).toBeUndefined();
  });

  it('exits 1 when the key is refused, and 2 on a wrong command line before connecting', async () => {
    const stream = await streamServer([
      (res) => {
        res.writeHead(401, { 'content-type': 'application/json', 'x-should-retry': 'false' });
        res.end(
          JSON.stringify({
            error_message: 'The admin key is invalid.',
            code: 'unauthenticated',
            request_id: 'req_1',
          }),
        );
      },
    ]);
    cleanup.push(stream.close);
    const refused = runListen(['--forward-to', 'http://localhost:4242/webhooks'], stream.url);
    expect(await refused.done).toBe(1);
    expect(refused.out.stderr).toBe(
      'visionapi: unauthenticated: The admin key is invalid. (request req_1)\n',
    );
    for (const argv of [
      [],
      ['--forward-to'],
      ['--forward-to', 'ftp://localhost/hook'],
      ['--forward-to', 'localhost:4242'],
      ['--forward-to', 'not a url'],
      ['--forward-to', `http://localhost/${'a'.repeat(3000)}`],
      ['--forward-to', 'http://user:pw@localhost/hook'],
      ['--forward-to', 'http://localhost/hook', '--events', 'job.done'],
      ['--forward-to', 'http://localhost/hook', '--events', ','],
      ['--forward-to', 'http://localhost/hook', 'extra'],
    ]) {
      const run = runListen(argv, stream.url);
      expect(await run.done, argv.join(' ').slice(0, 60)).toBe(2);
    }
    expect(stream.connections).toHaveLength(1);
  });
});

describe('client.events.stream()', () => {
  it('parses frames split anywhere, CRLF and CR line ends, comments and multi-line data', () => {
    const parser = new SseParser();
    const text = `: hi\r\nid: ${id(1)}\r\nevent: test\r\ndata: {"a":\r\ndata: 1}\r\n\r\nretry: 5\rid: ${id(2)}\rdata: x\r\r\n`;
    const frames = [];
    for (const char of text) frames.push(...parser.push(char));
    expect(frames).toEqual([
      { id: id(1), event: 'test', data: '{"a":\n1}' },
      { id: id(2), event: null, data: 'x' },
    ]);
    expect(() => new SseParser().push(`data: ${'x'.repeat(1024 * 1024 + 10)}`)).toThrow('1 MiB');
  });

  it('reopens a silent connection (no heartbeat) and resumes after the last event', async () => {
    const stream = await streamServer([
      (res) => open(res, frame(1)), // then silence
      (res) => open(res, frame(2)),
    ]);
    cleanup.push(stream.close);
    const client = new VisionAPI({ adminKey: ADMIN, apiUrl: stream.url });
    const controller = new AbortController();
    const got: string[] = [];
    for await (const event of client.events.stream({
      signal: controller.signal,
      idleTimeout: 300,
      initialRetryDelay: 10,
    })) {
      got.push(event.id);
      expect(event.event.data).toEqual({ object: 'job', n: got.length });
      if (got.length === 2) controller.abort();
    }
    expect(got).toEqual([id(1), id(2)]);
    expect(stream.connections[1]!.headers['last-event-id']).toBe(id(1));
  });

  it('waits out a 429 (Retry-After) and refuses an unknown type before connecting', async () => {
    const stream = await streamServer([
      (res) => {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(
          JSON.stringify({
            error_message: 'Too many streams.',
            code: 'rate_limited',
            request_id: 'r',
          }),
        );
      },
      (res) => open(res, frame(5)),
    ]);
    cleanup.push(stream.close);
    const client = new VisionAPI({ adminKey: ADMIN, apiUrl: stream.url });
    const started = Date.now();
    const iterator = client.events.stream();
    const first = await iterator.next();
    expect(first.value).toMatchObject({ id: id(5), type: 'job.succeeded' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    await iterator.return(undefined);
    await expect(client.events.stream({ types: ['job.done' as 'test'] }).next()).rejects.toThrow(
      'not an event type',
    );
  });
});
