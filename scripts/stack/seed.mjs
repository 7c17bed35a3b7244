#!/usr/bin/env node
/**
 * Seeds the running local stack (npm start / npm run stack) with the demo account through its
 * public APIs. Safe to run again: it adds only what is missing. `npm start` runs the same step
 * once everything answers.
 *
 *   demo@example.com / demo1234
 */
import { ensureDemoAccount, stackUrls } from './demo-account.mjs';
import { STACK } from './env.mjs';

async function main() {
  const urls = stackUrls();
  const emulator = `http://127.0.0.1:${STACK.authEmulatorPort}/`;
  for (const url of [
    emulator,
    `${urls.api.replace(/\/v1$/, '')}/health`,
    `${urls.services}/health`,
  ]) {
    await fetch(url).catch(() => {
      throw new Error(
        `${url} is not reachable: start the stack first (npm start or npm run stack).`,
      );
    });
  }
  for (const line of await ensureDemoAccount(urls)) console.log(line);
}

main().catch((error) => {
  console.error(`seed failed: ${error.message}`);
  process.exit(1);
});
