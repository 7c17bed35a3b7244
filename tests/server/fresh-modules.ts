/**
 * Setup file of the server tests (vitest.server.config.mts), run in the test process before each
 * test file is imported.
 *
 * The server tests run with `isolate: false`: each of the workers runs file after file in one
 * process, so the server's dependencies under node_modules (Fastify, PGlite, drizzle, sharp,
 * firebase-admin, stripe: seconds of loading per file) load once per worker instead of once per
 * file. What a fresh process gave each file is kept by emptying vitest's module registry here:
 * every module of this repository (server/src, contract, the test helpers) is evaluated again
 * for each file, so module-level state (caches, rate-limit stores, the shared Fastify compilers,
 * `recordedAnswers`, `revokedBefore`) starts empty as before. vitest restores spies between
 * files itself. A file must still close what it opens (harnesses, servers, timers): what it
 * leaves running stays in the process for the files after it.
 */
import { vi } from 'vitest';

vi.resetModules();
