/**
 * npm run bench:sdk: the SDKs' figures, in one run against the real servers (built in-process in
 * local mode, listening on ephemeral loopback ports, a test key):
 *   - the size of the TypeScript package (npm pack, gzip) and of the SDK bundled for a browser
 *     (esbuild, minified, gzip);
 *   - the cold start of the command line: `npx visionapi --version`, and `npx visionapi run`;
 *   - one call's wall time (image-classification, a 96 × 64 PNG), as separate processes: curl,
 *     `npx visionapi run` (the TypeScript SDK), `python3 -m visionapi run` (the Python SDK); and in
 *     this process, warm: the TypeScript SDK against a plain fetch.
 * Medians of RUNS; prints numbers, asserts nothing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { VisionAPI } from '../packages/typescript/src/index';
import { createHarness, registerUser, testImage } from '../tests/server/helpers';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** A process's wall time. Asynchronous: the servers answering it run in this process. */
function timed(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT) {
  return new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    child.on('close', (code) =>
      code === 0
        ? resolve(performance.now() - started)
        : reject(new Error(`${command} ${args.join(' ')}: ${stderr}`)),
    );
  });
}

function sizes() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'visionapi-bench-sdk-'));
  try {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
        cwd: path.join(ROOT, 'packages/typescript'),
        encoding: 'utf8',
      }),
    )[0];
    const bundle = path.join(dir, 'bundle.js');
    execFileSync(
      path.join(ROOT, 'node_modules/.bin/esbuild'),
      [
        path.join(ROOT, 'packages/typescript/dist/index.js'),
        '--bundle',
        '--minify',
        '--format=esm',
        '--platform=browser',
        `--outfile=${bundle}`,
        '--log-level=error',
      ],
      { cwd: ROOT },
    );
    const code = readFileSync(bundle);
    return {
      pack: { gzip: packed.size as number, unpacked: packed.unpackedSize as number },
      browser: { minified: code.length, gzip: gzipSync(code).length },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const stage = (text: string) => process.stderr.write(`[bench:sdk] ${text}\n`);
  const size = sizes();
  stage('sizes measured; starting the servers');
  const h = await createHarness();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'visionapi-bench-sdk-'));
  try {
    await h.api.listen({ port: 0, host: '127.0.0.1' });
    await h.services.listen({ port: 0, host: '127.0.0.1' });
    const services = `http://127.0.0.1:${(h.services.server.address() as AddressInfo).port}`;
    const user = await registerUser(h);
    const made = await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: user.auth,
      payload: { name: 'bench', mode: 'test' },
    });
    const key = made.json().key as string;
    const png = await testImage('png', 96, 64);
    const image = path.join(dir, 'scene.png');
    writeFileSync(image, png);
    const body = path.join(dir, 'body.json');
    writeFileSync(body, JSON.stringify({ image: png.toString('base64') }));
    const env = { VISIONAPI_API_KEY: key, VISIONAPI_SERVICES_URL: services };
    const url = `${services}/image-classification`;

    const sdk = new VisionAPI({ apiKey: key, servicesUrl: services });
    const fetchOnce = async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ image: png.toString('base64') }),
      });
      await response.json();
    };
    stage('servers ready; warming up');
    await sdk.imageClassification(png);
    await fetchOnce();
    stage('measuring');

    const rows: Record<string, number[]> = {
      'npx visionapi --version': [],
      'curl (process)': [],
      'npx visionapi run (process)': [],
      'node bin/visionapi.js run (process)': [],
      'python3 -m visionapi run (process)': [],
      'fetch, in process (warm)': [],
      'TypeScript SDK, in process (warm)': [],
    };
    for (let i = 0; i < RUNS; i++) {
      rows['npx visionapi --version']!.push(await timed('npx', ['visionapi', '--version'], env));
      rows['curl (process)']!.push(
        await timed(
          'curl',
          [
            '-sS',
            '--fail-with-body',
            '-o',
            '/dev/null',
            '-X',
            'POST',
            url,
            '-H',
            `api-key: ${key}`,
            '-H',
            'content-type: application/json',
            '--data-binary',
            `@${body}`,
          ],
          env,
        ),
      );
      rows['npx visionapi run (process)']!.push(
        await timed('npx', ['visionapi', 'run', 'image-classification', image], env),
      );
      rows['node bin/visionapi.js run (process)']!.push(
        await timed(
          'node',
          ['packages/typescript/bin/visionapi.js', 'run', 'image-classification', image],
          env,
        ),
      );
      rows['python3 -m visionapi run (process)']!.push(
        await timed(
          'python3',
          ['-m', 'visionapi', 'run', 'image-classification', image],
          env,
          path.join(ROOT, 'packages/python'),
        ),
      );
      let started = performance.now();
      await fetchOnce();
      rows['fetch, in process (warm)']!.push(performance.now() - started);
      started = performance.now();
      await sdk.imageClassification(png);
      rows['TypeScript SDK, in process (warm)']!.push(performance.now() - started);
    }

    console.log(
      `TypeScript package: npm pack ${(size.pack.gzip / 1024).toFixed(1)} KB gzip (${(size.pack.unpacked / 1024).toFixed(0)} KB unpacked)`,
    );
    console.log(
      `TypeScript SDK bundled for a browser (esbuild, minified): ${(size.browser.minified / 1024).toFixed(1)} KB, ${(size.browser.gzip / 1024).toFixed(1)} KB gzip`,
    );
    console.log(
      `\nOne image-classification call, median of ${RUNS} (os load ${os.loadavg()[0]!.toFixed(1)}):`,
    );
    for (const [label, values] of Object.entries(rows))
      console.log(`  ${label.padEnd(40)} ${ms(median(values))}`);
  } finally {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
