/**
 * The Python SDK's own tests (packages/python/tests, unittest, standard library only) run in the
 * unit suite, so `npm test` covers both SDKs.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PYTHON_PACKAGE = path.resolve(__dirname, '../../../packages/python');

describe('the Python SDK', () => {
  it('passes its unit tests (python3 -m unittest)', () => {
    const run = spawnSync('python3', ['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.'], {
      cwd: PYTHON_PACKAGE,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output).toMatch(/Ran [1-9]\d* tests/);
    // Only test_stack.py's 7 tests are skipped: they need the servers of tests/server/sdk.test.ts.
    expect(output).toMatch(/\nOK \(skipped=7\)\n/);
  }, 60_000);
});
