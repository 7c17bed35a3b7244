/**
 * Writes the site's security headers into the build folder: `_headers` (Netlify, Cloudflare Pages,
 * and the local server scripts/static-server.mjs) and `firebase.json` (Firebase Hosting). The
 * Content-Security-Policy allows inline scripts by the hashes of the inline scripts the build
 * actually contains, computed here after every page (redirect pages included) is written, and the
 * hosts the build is configured to talk to (policy.ts).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { SiteConfig } from '../../config/types';
import {
  FIREBASE_CONFIG_FILE,
  HEADERS_FILE,
  firebaseHostingConfig,
  renderHeadersFile,
} from './formats';
import { inlineCode } from './inlineScripts';
import { headerRules } from './policy';
import { waitForLaterPostBuilds } from './postBuildOrder';

export interface Options {
  /** The build's configuration (src/config/env.ts): which hosts the policy allows. */
  config: SiteConfig;
}

const NAME = 'security-headers';

async function htmlFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await htmlFiles(full)));
    else if (entry.isFile() && entry.name.endsWith('.html')) files.push(full);
  }
  return files.sort();
}

/** Hashes of every inline script in the build; fails on inline code no hash can allow. */
export async function buildScriptHashes(outDir: string): Promise<string[]> {
  const hashes = new Set<string>();
  const problems: string[] = [];
  for (const file of await htmlFiles(outDir)) {
    const found = inlineCode(await readFile(file, 'utf8'));
    found.scriptHashes.forEach((hash) => hashes.add(hash));
    const page = path.relative(outDir, file);
    problems.push(...found.unhashable.map((code) => `${page}: ${code}`));
  }
  if (problems.length > 0) {
    throw new Error(
      `${NAME}: inline code that a hash-based Content-Security-Policy cannot allow:\n  ` +
        `${problems.join('\n  ')}\nMove it into a script file or a React event handler.`,
    );
  }
  return [...hashes].sort();
}

export default function securityHeadersPlugin(_context: LoadContext, options: Options): Plugin {
  return {
    name: NAME,
    async postBuild({ outDir, plugins }) {
      // Synchronously first: later plugins (client redirects) still write pages.
      await waitForLaterPostBuilds(plugins, NAME);
      const hashes = await buildScriptHashes(outDir);
      const rules = headerRules(options.config, hashes);
      await writeFile(path.join(outDir, HEADERS_FILE), renderHeadersFile(rules));
      await writeFile(
        path.join(outDir, FIREBASE_CONFIG_FILE),
        `${JSON.stringify(firebaseHostingConfig(rules), null, 2)}\n`,
      );
    },
  };
}
