/**
 * A scripted HTTP server on an ephemeral loopback port for the SDK's unit tests: each request
 * takes the next step of the script (answer, delay, or cut the connection), and every request is
 * recorded with the moment it arrived.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export type Step =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { cut: true }
  | ((request: Recorded) => { status: number; body?: unknown; headers?: Record<string, string> });

export interface FakeServer {
  url: string;
  requests: Recorded[];
  /** Steps for the next requests, in order; the last one repeats. */
  script(...steps: Step[]): void;
  close(): Promise<void>;
}

export const errorBody = (code: string, message = `failed: ${code}`, extra: object = {}) => ({
  error_message: message,
  code,
  request_id: `req_${code}`,
  ...extra,
});

export async function startFakeServer(): Promise<FakeServer> {
  const requests: Recorded[] = [];
  let steps: Step[] = [{ status: 200, body: {} }];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      requests.push(recorded);
      const step = steps.length > 1 ? steps.shift()! : steps[0]!;
      if ('cut' in step) {
        req.socket.destroy();
        return;
      }
      const answer = typeof step === 'function' ? step(recorded) : step;
      const binary = Buffer.isBuffer(answer.body);
      const text = binary
        ? (answer.body as Buffer)
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body ?? {});
      res.writeHead(answer.status, {
        'content-type': binary
          ? 'application/octet-stream'
          : typeof answer.body === 'string'
            ? 'text/plain'
            : 'application/json',
        'x-request-id': `req_${requests.length}`,
        ...answer.headers,
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script(...next: Step[]) {
      steps = next;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
