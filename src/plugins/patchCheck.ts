/**
 * What `npm run check:patches` (scripts/check-patches.ts) runs for each plugin that depends on
 * framework or vendor internals: the plugin's own loaders, replacements and post-build steps,
 * applied to the installed files, in seconds instead of a production build.
 *
 * A check names the installed files it reads and the anchors its plugin depends on (a line it
 * rewrites, a section marker, an import): the runner looks for each anchor first and fails with the
 * plugin's name and the anchor that moved; then the check applies the plugin's own code to those
 * files and asserts what it must produce. Every check reads through `ctx`, so a test can put a
 * copy of an installed file with one anchor altered in its place (tests/unit/check-patches.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** A text a patch depends on, in an installed file (relative to node_modules). */
export interface Anchor {
  file: string;
  /** A string, or a regex (what the plugin's loader searches for). */
  find: string | RegExp;
  /** How many times it must occur (default exactly once; 'some' means at least once). */
  count?: number | 'some';
}

export interface CheckContext {
  /** The absolute path of an installed file (its overlay copy, if there is one). */
  path: (file: string) => string;
  /** The text of an installed file (its overlay copy's, if there is one). */
  read: (file: string) => string;
  /** `require` as a module of the installed packages would. */
  require: NodeJS.Require;
}

export interface PatchCheck {
  /** The plugin's folder under src/plugins/. */
  plugin: string;
  anchors: Anchor[];
  /** Applies the plugin's own code to the installed files; throws on any unexpected result. */
  run: (ctx: CheckContext) => void | Promise<void>;
}

export class PatchCheckError extends Error {
  constructor(
    readonly plugin: string,
    message: string,
  ) {
    super(`${plugin}: ${message}`);
  }
}

/**
 * Reads the packages installed in `modulesDir`. A file found under `overlayDir` (same relative
 * path) takes the installed file's place: that is how a test alters an anchor in a copy.
 */
export function createContext(modulesDir: string, overlayDir?: string): CheckContext {
  const installed = path.resolve(modulesDir);
  const overlay = overlayDir ? path.resolve(overlayDir) : null;
  const file = (name: string) =>
    overlay && existsSync(path.join(overlay, name))
      ? path.join(overlay, name)
      : path.join(installed, name);
  return {
    path: file,
    read: (name) => readFileSync(file(name), 'utf8'),
    require: createRequire(path.join(installed, 'check-patches.js')),
  };
}

export function describeAnchor(find: string | RegExp): string {
  return typeof find === 'string' ? JSON.stringify(find) : String(find);
}

export function countMatches(source: string, find: string | RegExp): number {
  if (typeof find === 'string') return source.split(find).length - 1;
  return (source.match(new RegExp(find.source, `${find.flags.replace('g', '')}g`)) ?? []).length;
}

/** Fails, naming the plugin and the anchor, when an anchor is not in its file as often as it must be. */
export function checkAnchors(check: PatchCheck, ctx: CheckContext): void {
  for (const anchor of check.anchors) {
    let source: string;
    try {
      source = ctx.read(anchor.file);
    } catch {
      throw new PatchCheckError(check.plugin, `${anchor.file} is no longer installed`);
    }
    const found = countMatches(source, anchor.find);
    const expected = anchor.count ?? 1;
    if (expected === 'some' ? found === 0 : found !== expected) {
      throw new PatchCheckError(
        check.plugin,
        `the anchor ${describeAnchor(anchor.find)} moved: ${anchor.file} has it ${found} times, ` +
          `expected ${expected === 'some' ? 'at least once' : expected}`,
      );
    }
  }
}

export async function runCheck(check: PatchCheck, ctx: CheckContext): Promise<void> {
  checkAnchors(check, ctx);
  try {
    await check.run(ctx);
  } catch (error) {
    if (error instanceof PatchCheckError) throw error;
    throw new PatchCheckError(check.plugin, error instanceof Error ? error.message : String(error));
  }
}

/** The configuration a plugin's `configureWebpack` returns, as Docusaurus would call it. */
export function configureWebpack(
  plugin: Plugin,
  isServer: boolean,
  bundlerInstance: Record<string, unknown> = {},
): Record<string, unknown> {
  const utils = { currentBundler: { name: 'rspack', instance: bundlerInstance } };
  return (plugin.configureWebpack?.({} as never, isServer, utils as never, undefined) ??
    {}) as Record<string, unknown>;
}

interface Rule {
  test: RegExp;
  use: { loader: string }[];
}

/** The module rules a plugin adds to the client (or server) build, as Docusaurus would ask. */
export function webpackRules(plugin: Plugin, isServer: boolean): Rule[] {
  const config = configureWebpack(plugin, isServer) as { module?: { rules?: Rule[] } };
  return config.module?.rules ?? [];
}

/** The loader of the plugin's rule that matches an installed file; throws when none does. */
export function loaderFor(plugin: Plugin, isServer: boolean, file: string, ctx: CheckContext) {
  const rule = webpackRules(plugin, isServer).find((r) => r.test.test(ctx.path(file)));
  if (!rule) {
    throw new Error(
      `no ${isServer ? 'server' : 'client'} build rule matches ${file} (the file moved?)`,
    );
  }
  return rule.use[0]!.loader;
}

/** Runs a Webpack/Rspack loader module on an installed file, as the bundler would. */
export function applyLoader(loaderPath: string, file: string, ctx: CheckContext): string {
  const require = createRequire(loaderPath);
  const loader = require(loaderPath) as (this: { resourcePath: string }, source: string) => string;
  return loader.call({ resourcePath: ctx.path(file) }, ctx.read(file));
}

/** Throws `message` unless `condition` holds. */
export function expectThat(condition: unknown, message: string): void {
  if (!condition) throw new Error(message);
}
