/**
 * The `visionapi` command in-process against a scripted server: what it prints, its exit codes,
 * how `--param` values are typed, and that no secret reaches the terminal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, redact } from '../../../packages/typescript/src/cli';
import { errorBody, startFakeServer, type FakeServer } from './fake-server';

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const ADMIN = 'va_admin_0123456789abcdefSECRETadmin';
const LIVE_SECRET = 'va_live_0123456789abcdefSECRETlive';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());

async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    env: {
      VISIONAPI_API_KEY: 'va_test_0123456789abcdefSECRETtest',
      VISIONAPI_ADMIN_KEY: ADMIN,
      VISIONAPI_SERVICES_URL: server.url,
      VISIONAPI_API_URL: server.url,
    },
  });
  return { code, stdout, stderr };
}

describe('visionapi run', () => {
  it('prints the JSON answer, typing each --param by the deployment’s schema', async () => {
    const answer = { sandbox: true, predictions: [{ label: 'car', score: 0.9 }] };
    server.script({ status: 200, body: answer });
    const out = await cli(
      'run',
      'zero-shot-object-detection',
      PNG_1PX,
      '--param',
      'queries=red car',
      '-p',
      'queries=person',
      '--param',
      'confidence_threshold=0.25',
      '--idempotency-key',
      'cli-key-1',
    );
    expect(out).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(out.stdout)).toEqual(answer);
    const body = JSON.parse(server.requests[0]!.body.toString());
    expect(body).toMatchObject({ queries: ['red car', 'person'], confidence_threshold: 0.25 });
    expect(server.requests[0]!.headers['idempotency-key']).toBe('cli-key-1');
  });

  it('exits 1 with the error code, message and request id on stderr', async () => {
    server.script({
      status: 403,
      body: errorBody('key_cap_reached', 'The key reached its monthly cap.'),
      headers: { 'x-should-retry': 'false' },
    });
    const out = await cli('run', 'object-detection', PNG_1PX);
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(
      'visionapi: key_cap_reached: The key reached its monthly cap. (request req_key_cap_reached)\n',
    );
  });

  it('exits 2 on a wrong command line, before any request', async () => {
    server.script({ status: 200, body: {} });
    for (const argv of [
      ['run', 'object-detection'],
      ['run', 'no-such-deployment', PNG_1PX],
      ['run', 'object-detection', PNG_1PX, '--param', 'max_results=many'],
      ['run', 'object-detection', PNG_1PX, '--param', 'unknown=1'],
      ['run', 'object-detection', PNG_1PX, '--frobnicate'],
      ['usage', '--by', 'week'],
      ['launch'],
      ['run', 'object-detection', 'x'.repeat(5000)],
    ]) {
      const out = await cli(...argv);
      expect(out.code, argv.join(' ')).toBe(2);
      expect(out.stderr).toMatch(/^visionapi: /);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('prints help and exits 0', async () => {
    const out = await cli('--help');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('visionapi run <deployment> <image>');
    expect(out.stdout).toContain('VISIONAPI_ADMIN_KEY');
  });
});

describe('account commands', () => {
  it('keys list never prints a secret, as a table or as JSON', async () => {
    const key = {
      id: 'k1',
      name: 'Playground key',
      mode: 'live',
      redacted: 'va_live_…live',
      key: LIVE_SECRET,
      disabled: false,
      monthly_cap_usd: 5,
      created_at: '2026-01-01T00:00:00.000Z',
      last_used_at: null,
    };
    server.script({ status: 200, body: { api_keys: [key] } });
    const table = await cli('keys', 'list');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^id\s+name\s+mode\s+redacted\s+status\s+cap/);
    expect(table.stdout).toContain('Playground key');
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${ADMIN}`);
    const json = await cli('keys', 'list', '--json');
    expect(JSON.parse(json.stdout)[0]).toMatchObject({ id: 'k1', redacted: 'va_live_…live' });
    for (const out of [table, json]) expect(out.stdout).not.toContain('SECRET');
  });

  it('usage reads the daily aggregate by key, deployment or day over the range asked', async () => {
    const usage = {
      days: [{ date: '2026-03-02', calls: 3, spent_usd: 0.03, deployments: [], keys: [] }],
      by_deployment: [{ deployment: 'object-detection', calls: 3, spent_usd: 0.03 }],
      by_key: [{ api_key_id: 'k1', name: 'ci', calls: 3, spent_usd: 0.03 }],
      test_calls: { calls: 2, by_key: [] },
      totals: { calls: 3, spent_usd: 0.03, purchased_usd: 10 },
    };
    server.script({ status: 200, body: usage });
    const byKey = await cli('usage', '--by', 'key', '--from', '2026-03-01', '--to', '2026-03-31');
    expect(byKey.code).toBe(0);
    expect(byKey.stdout).toMatch(/key\s+key_id\s+calls\s+spent_usd\nci\s+k1\s+3\s+0\.03\n/);
    expect(byKey.stdout).toContain('total: 3 calls, $0.03 spent; 2 free test-key calls');
    expect(server.requests[0]!.url).toBe(
      '/v1/usage/daily?start_date=2026-03-01T00%3A00%3A00.000Z&end_date=2026-03-31T23%3A59%3A59.999Z',
    );
    const byDay = await cli('usage', '--by', 'day', '--json');
    expect(JSON.parse(byDay.stdout)).toMatchObject({
      by: 'day',
      rows: [{ date: '2026-03-02', calls: 3 }],
    });
    const byDeployment = await cli('usage');
    expect(byDeployment.stdout).toMatch(/^deployment\s+calls\s+spent_usd\nobject-detection/);
  });

  it('whoami names the organization and role, and shows credentials redacted', async () => {
    server.script({ status: 200, body: { id: 'org_1', name: 'Acme', role: 'developer' } });
    const out = await cli('whoami');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Acme (org_1) as developer, with admin key va_admin_…dmin');
    expect(out.stdout).not.toContain('SECRET');
    expect(redact('va_live_short')).toBe('va_live_…');
  });

  it('exits 1 with connection_error when the API cannot be reached', async () => {
    server.script({ cut: true });
    const out = await cli('whoami', '--max-retries', '0');
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/^visionapi: connection_error: /);
  });
});
