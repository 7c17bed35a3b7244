#!/usr/bin/env node
/**
 * Starts the local stack with prefixed, coloured logs and a clean shutdown on
 * Ctrl-C / SIGTERM:
 *
 *   node scripts/stack/run.mjs dev     Auth emulator + API/services (watch) + `docusaurus start` (port 3000)
 *   node scripts/stack/run.mjs stack   Auth emulator + API/services only (Playwright's webServer)
 *   node scripts/stack/run.mjs serve   Auth emulator + API/services + the build in build/ (port 3001), served
 *                                      with its own security headers (scripts/static-server.mjs)
 *
 * Every mode also runs the mail catcher (SMTP 1025, inbox http://127.0.0.1:1080/).
 *
 * Ports: account API 4010 (/v1), services 4020, Auth emulator 9099 (hub 4400,
 * logging 4500), mail 1025/1080, readiness 4011 (200 once everything answers),
 * site 3000 (dev) or 3001 (served build).
 */
import http from 'node:http';
import { concurrently } from 'concurrently';
import waitOn from 'wait-on';
import { DEMO, ensureDemoAccount } from './demo-account.mjs';
import { STACK, stackEnv } from './env.mjs';

const MODES = {
  dev: {
    server: 'watch',
    site: `node_modules/.bin/docusaurus start --port ${STACK.sitePort} --no-open`,
  },
  stack: { server: 'run', site: null },
  // Like a static host: the headers the build ships (build/_headers: CSP, HSTS, …), gzip, 404.html.
  serve: { server: 'run', site: `node scripts/static-server.mjs build ${STACK.servedSitePort}` },
};

const mode = process.argv[2] ?? 'stack';
const DEV_GENERATED_DIR = '.docusaurus-dev';
// The demo account is created once everything answers: always for `dev` and `serve`, and for
// `stack` with --seed (Playwright's stack does not want it).
const seed = mode !== 'stack' || process.argv.includes('--seed');
const selected = MODES[mode];
if (!selected) {
  console.error(`Unknown mode "${mode}". Use one of: ${Object.keys(MODES).join(', ')}.`);
  process.exit(2);
}

const env = stackEnv(process.env);
// Links in e-mails (invitations, the Auth emulator's verification and password mails) open the
// site this mode serves; Playwright's `stack` sets SITE_URL to the build it serves.
env.SITE_URL ||= `http://localhost:${mode === 'serve' ? STACK.servedSitePort : STACK.sitePort}`;
const bin = (name) => `node_modules/.bin/${name}`;
const commands = [
  {
    name: 'auth',
    prefixColor: 'yellow',
    command: `${bin('firebase')} emulators:start --only auth --project ${STACK.projectId}`,
    env,
  },
  {
    name: 'mail',
    prefixColor: 'blue',
    command: 'node scripts/stack/mail-catcher.mjs',
    env: {
      ...env,
      MAIL_SMTP_PORT: String(STACK.mailSmtpPort),
      MAIL_WEB_PORT: String(STACK.mailWebPort),
    },
  },
  {
    name: 'api',
    prefixColor: 'cyan',
    command:
      selected.server === 'watch'
        ? `${bin('tsx')} watch --clear-screen=false server/src/server.ts`
        : `${bin('tsx')} server/src/server.ts`,
    env,
  },
];
if (selected.site) {
  // The dev server keeps its generated files apart from the build's (.docusaurus/), so running
  // `npm run build` beside `npm start` never rewrites what the dev server is serving.
  const siteEnv =
    mode === 'dev' ? { ...env, DOCUSAURUS_GENERATED_FILES_DIR_NAME: DEV_GENERATED_DIR } : env;
  commands.push({ name: 'site', prefixColor: 'magenta', command: selected.site, env: siteEnv });
}

const { result } = concurrently(commands, {
  prefix: 'name',
  killOthersOn: ['failure'],
  restartTries: 0,
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = true;
  });
}

// `npm run` may die on SIGTERM without passing it on: stop with it rather than linger.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid && !stopping) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();

const resources = [
  `tcp:127.0.0.1:${STACK.authEmulatorPort}`,
  `http-get://127.0.0.1:${STACK.mailWebPort}/messages`,
  `http-get://localhost:${STACK.apiPort}/health`,
  `http-get://localhost:${STACK.servicesPort}/health`,
];
if (mode === 'dev') resources.push(`http-get://localhost:${STACK.sitePort}/`);
if (mode === 'serve') resources.push(`http-get://localhost:${STACK.servedSitePort}/`);

// Readiness of the whole stack (every part answers, demo account set up): 503 until then, 200
// after. Playwright waits on it and reuses a running stack through it.
let ready = false;
const readiness = http.createServer((_req, res) => {
  res
    .writeHead(ready ? 200 : 503, { 'content-type': 'text/plain' })
    .end(ready ? 'ready' : 'starting');
});
readiness.on('error', (error) =>
  console.error(`[stack] readiness port ${STACK.readyPort}: ${error.message}`),
);
readiness.listen(STACK.readyPort, '127.0.0.1');
readiness.unref();

const started = Date.now();
waitOn({ resources, timeout: 300_000, interval: 500, validateStatus: (s) => s >= 200 && s < 500 })
  .then(async () => {
    let demo = null;
    if (seed) {
      try {
        demo = await ensureDemoAccount();
      } catch (error) {
        console.error(`[stack] the demo account could not be set up: ${error.message}`);
      }
    }
    const site =
      mode === 'dev'
        ? `http://localhost:${STACK.sitePort}/`
        : mode === 'serve'
          ? `http://localhost:${STACK.servedSitePort}/`
          : null;
    const lines = [
      `Stack ready (${mode}) in ${Math.round((Date.now() - started) / 1000)} s:`,
      ...(site
        ? [
            `  site          ${site}${mode === 'dev' ? '  (dev server, hot reload)' : '  (production build)'}`,
          ]
        : []),
      `  account API   http://localhost:${STACK.apiPort}/v1   OpenAPI: http://localhost:${STACK.apiPort}/v1/openapi.json · health: /health`,
      `  services      http://localhost:${STACK.servicesPort}      OpenAPI: http://localhost:${STACK.servicesPort}/openapi.json (sandbox answers)`,
      `  Auth emulator http://127.0.0.1:${STACK.authEmulatorPort}  (project ${STACK.projectId})`,
      `  mail inbox    http://127.0.0.1:${STACK.mailWebPort}/  (every e-mail the stack sends; SMTP 127.0.0.1:${STACK.mailSmtpPort})`,
      demo
        ? `  demo account  ${DEMO.email} / ${DEMO.password}${site ? `  (sign in at ${site}sign-in/)` : '  (no site in this mode: npm start or npm run serve:stack serve one)'}`
        : '  demo account  npm run seed (demo@example.com / demo1234)',
      '  Stop with Ctrl-C.',
    ];
    console.log(`\n${lines.join('\n')}\n`);
    ready = true;
    if (demo && process.env.STACK_VERBOSE_SEED) console.log(demo.join('\n'));
  })
  .catch((error) => {
    if (!stopping) console.error(`[stack] not ready: ${error.message}`);
  });

result.then(
  () => process.exit(0),
  (events) => {
    if (stopping) process.exit(0);
    const failed = events.find((e) => e.exitCode !== 0);
    console.error(
      `[stack] ${failed?.command.name ?? 'a process'} exited with ${failed?.exitCode}; stopped the rest.`,
    );
    process.exit(1);
  },
);
