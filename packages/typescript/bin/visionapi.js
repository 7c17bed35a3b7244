#!/usr/bin/env node
// The `visionapi` command: the compiled CLI (src/cli.ts, built to dist/ by `npm run build`).
import { main } from '../dist/cli.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`visionapi: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
