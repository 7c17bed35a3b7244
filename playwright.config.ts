import { defineConfig, devices } from '@playwright/test';
import chromium from './scripts/chromium.json';

// Debian's Chromium headless shell (`apt-get install chromium-headless-shell`), with the flags the
// benchmarks use too; Playwright never downloads a browser here. The shell is the same engine and
// version as Debian's Chromium without the desktop browser around it, what Playwright runs
// headless tests in by default: the same 63 tests took 66-72 s in it against 91-95 s in the full
// browser's headless mode (2 cores). The benchmarks keep the full browser (Lighthouse).
const CHROMIUM = process.env.CHROMIUM_PATH ?? chromium.headlessShell;
// The production build is served on its own port so a running `npm start` (port 3000) never
// stands in for it.
export const SITE_URL = 'http://localhost:3001';
const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: /\.e2e\.ts$/,
  outputDir: './test-results',
  fullyParallel: true,
  // Three on two cores: in the headless shell two workers left the CPU idle a fifth of the time
  // (vmstat); three ran the whole suite in 331-350 s against 398 s, every test passing in three
  // runs in a row.
  workers: 3,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: SITE_URL,
    // A failed test keeps its trace (actions, network, console, sources) without the screencast:
    // encoding a JPEG per frame roughly doubled the suite's time on 2 cores. And without DOM
    // snapshots unless E2E_TRACE_SNAPSHOTS=1: the trace is recorded for every test, and every
    // action, evaluate and waitForTimeout serialised the whole DOM twice. Measured on 2 cores:
    // 20 Tab presses on the API reference (about 12,000 elements) 1.1–2.5 s without, 22–23 s
    // with; on a deployment page about twice the time. A failure still leaves its screenshot and
    // the page's ARIA snapshot (error-context.md); rerun with E2E_TRACE_SNAPSHOTS=1 for the DOM.
    trace: {
      mode: 'retain-on-failure',
      screenshots: false,
      snapshots: process.env.E2E_TRACE_SNAPSHOTS === '1',
    },
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM,
      args: chromium.flags,
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // Auth emulator + account backend + services host, on a fresh embedded database each run.
      command: 'node scripts/stack/run.mjs stack',
      // The runner's readiness port answers 200 only once every part of the stack answers; locally
      // it also lets a running stack be reused.
      url: 'http://127.0.0.1:4011/',
      // E-mail links (invitations, verification) open the build these tests serve.
      env: { PGLITE_DIR: `.data/e2e-${Date.now()}`, SITE_URL },
      reuseExistingServer: !CI,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      // Served as a static host serves it, with the headers the build ships (its _headers file:
      // CSP, HSTS, …), so every test runs under them.
      command: `node scripts/static-server.mjs ${process.env.SITE_BUILD_DIR ?? 'build-test'} 3001 localhost`,
      url: `${SITE_URL}/`,
      reuseExistingServer: !CI,
      timeout: 60_000,
    },
  ],
});
