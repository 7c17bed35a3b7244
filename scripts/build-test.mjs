#!/usr/bin/env node
// Builds the site the browser tests run against (into build-test/): the production build with
// a test measurement id and booking URL, so consent-gated analytics and scheduling are exercised.
// Their hosts are unreachable; the tests stub or watch those requests.
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  FIREBASE_MEASUREMENT_ID: 'G-TEST123',
  FIREBASE_APP_ID: '1:000000000000:web:0123456789abcdef',
  CALENDLY_URL: 'https://calendly.com/visionapi-test/intro',
};
const result = spawnSync('node_modules/.bin/docusaurus', ['build', '--out-dir', 'build-test'], {
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
