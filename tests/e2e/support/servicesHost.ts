/**
 * A services host of a test's own: the real server (`server/src/server.ts`, role `services`, local
 * mode, its own PGlite folder) on a free port, which the test can stop and start again. The stack's
 * services host (4020) keeps serving the tests that run beside it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
/** Start-up includes compiling the server and migrating a fresh database: slow on a busy machine. */
const START_TIMEOUT_MS = 150_000;
const STOP_TIMEOUT_MS = 15_000;

export interface ServicesHost {
  /** `http://127.0.0.1:<port>`, the same while it is stopped and started again. */
  readonly origin: string;
  /** Starts the process and resolves once its /health answers 200. */
  start(): Promise<void>;
  /** SIGTERM (the server drains and closes its database), resolved once the process has exited. */
  stop(): Promise<void>;
  /** Stops it if it runs and removes its database folder. */
  dispose(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

export async function createServicesHost(): Promise<ServicesHost> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'visionapi-e2e-services-'));
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  return {
    origin,
    async start() {
      if (child) throw new Error('the services host is already running');
      output = '';
      // Node itself, not a tsx wrapper, so the signal reaches the server.
      const started = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          STACK_MODE: 'local',
          SERVER_ROLE: 'services',
          SERVICES_PORT: String(port),
          HOST: '127.0.0.1',
          PGLITE_DIR: dataDir,
          SERVICES_WORKERS: '1',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (!(await answers(`${origin}/health`))) {
        if (started.exitCode !== null) {
          child = null;
          throw new Error(`the services host exited with ${started.exitCode}:\n${output}`);
        }
        if (Date.now() > deadline) {
          await stop();
          throw new Error(
            `the services host did not answer within ${START_TIMEOUT_MS} ms:\n${output}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    stop,
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
