/**
 * Docs for people's tools, generated at build time from the same MDX and contract that render
 * the pages (scripts/docs-data/, run with tsx, which knows the project's path aliases):
 *
 * - before anything compiles: the OpenAPI documents exactly as the servers serve them
 *   (static/openapi/, served at /openapi/) and their readable Markdown (docs/_generated/, which
 *   docs/api-reference.mdx imports). Neither is committed.
 * - after the build: every docs page's Markdown beside the page, /llms.txt, /llms-full.txt and
 *   one llms.txt per public deployment. `precacheMachineDocs` adds those files to the PWA's
 *   precache (plugin-pwa's own glob patterns cannot be extended: it overwrites them).
 * - under `docusaurus start` (`devServer`), which has no postBuild: the same files, written once
 *   all content is loaded (and again after each change) into MACHINE_DOCS_DEV_DIR, which the
 *   config adds to the dev server's static folders, so /llms.txt, /llms-full.txt and every
 *   page's .md answer as in the build instead of the app shell.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PluginOptions as PwaOptions } from '@docusaurus/plugin-pwa';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { SiteConfig } from '../../config/types';

export interface Options {
  /** The build's configuration (src/config/env.ts): the hosts the docs name. */
  config: SiteConfig;
  /** Running under `docusaurus start`: write the files for the dev server too. */
  devServer?: boolean;
}

/** Where `docusaurus start` finds the docs for machines (a static folder of the dev server only). */
export const MACHINE_DOCS_DEV_DIR = '.docusaurus-machine-docs';

/** A docs page as scripts/docs-data/site.ts's DocPage. */
interface DocPage {
  source: string | null;
  permalink: string;
  title: string;
  description: string;
  items?: string[];
}

const NAME = 'docs-for-machines';
const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';

function run(siteDir: string, args: string[], input?: string): Promise<string> {
  const tsx = path.join(siteDir, 'node_modules/.bin/tsx');
  const script = path.join(siteDir, 'scripts/docs-data/generate.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [script, ...args], {
      cwd: siteDir,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${NAME}: scripts/docs-data/generate.ts ${args[0]} failed (${code})`)),
    );
    child.stdin.end(input ?? '');
  });
}

// Loose shapes of the docs plugin's loaded content (its exported types need its module
// declarations, which this plugin does not load).
interface LoadedDoc {
  id: string;
  source: string;
  permalink: string;
  title: string;
  description: string;
  unlisted?: boolean;
}
interface SidebarItem {
  type: string;
  id?: string;
  items?: SidebarItem[];
  link?: { type: string; id?: string; permalink?: string; title?: string; description?: string };
  label?: string;
}

/** Every docs page in sidebar order (generated category indexes included), then the rest. */
export function docPages(siteDir: string, content: unknown): DocPage[] {
  const version = (
    content as { loadedVersions: { docs: LoadedDoc[]; sidebars: Record<string, SidebarItem[]> }[] }
  ).loadedVersions[0];
  if (!version) return [];
  // The docs plugin's permalinks have no trailing slash; the site's pages do (trailingSlash: true),
  // and so do the URLs the docs for machines name.
  const byId = new Map(
    version.docs.map((doc) => [
      doc.id,
      { ...doc, permalink: doc.permalink.endsWith('/') ? doc.permalink : `${doc.permalink}/` },
    ]),
  );
  const pages: DocPage[] = [];
  const seen = new Set<string>();
  const docPage = (id: string): DocPage | null => {
    const doc = byId.get(id);
    if (!doc || doc.unlisted) return null;
    return {
      source: path.resolve(siteDir, doc.source.replace(/^@site\//, '')),
      permalink: doc.permalink,
      title: doc.title,
      description: doc.description,
    };
  };
  const add = (page: DocPage | null) => {
    if (page && !seen.has(page.permalink)) {
      seen.add(page.permalink);
      pages.push(page);
    }
  };
  const linkOf = (item: SidebarItem): string | null => {
    if (item.type === 'doc' && item.id) return byId.get(item.id)?.permalink ?? null;
    if (item.link?.type === 'doc' && item.link.id) return byId.get(item.link.id)?.permalink ?? null;
    return item.link?.permalink ?? null;
  };
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type === 'doc' && item.id) add(docPage(item.id));
      if (item.type !== 'category') continue;
      if (item.link?.type === 'doc' && item.link.id) add(docPage(item.link.id));
      if (item.link?.type === 'generated-index' && item.link.permalink) {
        add({
          source: null,
          permalink: item.link.permalink,
          title: item.link.title ?? item.label ?? '',
          description: item.link.description ?? '',
          items: (item.items ?? []).map(linkOf).filter((link): link is string => Boolean(link)),
        });
      }
      walk(item.items ?? []);
    }
  };
  for (const sidebar of Object.values(version.sidebars)) walk(sidebar);
  for (const doc of version.docs) add(docPage(doc.id));
  return pages;
}

interface Written {
  outDir: string;
  /** Site paths of the files written (`/llms.txt`). */
  files: string[];
}
let settle: { resolve: (written: Written) => void; reject: (error: unknown) => void };
const written = new Promise<Written>((resolve, reject) => {
  settle = { resolve, reject };
});
// Nothing awaits it until the PWA's postBuild does; a failure fails the build there and here.
written.catch(() => undefined);

interface ManifestEntry {
  url: string;
  revision: string | null;
  size: number;
}

/**
 * A workbox `manifestTransforms` entry for plugin-pwa: once this plugin's postBuild has written
 * the Markdown and llms.txt files, they join the precache (with a content hash as revision), so
 * they load offline after one visit, as the pages do.
 */
export async function precacheMachineDocs(
  entries: ManifestEntry[],
): Promise<{ manifest: ManifestEntry[]; warnings: string[] }> {
  const { outDir, files } = await written;
  const added = await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(path.join(outDir, file));
      return {
        url: file.replace(/^\//, ''),
        revision: createHash('md5').update(bytes).digest('hex'),
        size: bytes.length,
      };
    }),
  );
  return { manifest: [...entries, ...added], warnings: [] };
}

/**
 * plugin-pwa's `injectManifestConfig` with `precacheMachineDocs`. Typed as the full workbox
 * options, whose swSrc, swDest and globDirectory the plugin always sets itself.
 */
export const pwaPrecacheConfig = {
  manifestTransforms: [precacheMachineDocs],
} as Partial<PwaOptions['injectManifestConfig']> as PwaOptions['injectManifestConfig'];

export default function docsForMachines(context: LoadContext, options: Options): Plugin {
  const { siteDir, siteConfig } = context;
  const site = {
    siteUrl: siteConfig.url,
    servicesBaseUrl: options.config.servicesBaseUrl,
    apiBaseUrl: options.config.apiBaseUrl,
    productName: siteConfig.title,
    tagline: siteConfig.tagline,
  };
  return {
    name: NAME,
    async loadContent() {
      await run(siteDir, ['openapi', JSON.stringify(site)]);
    },
    async allContentLoaded({ allContent }) {
      if (!options.devServer) return;
      const docs = (allContent as Record<string, Record<string, unknown> | undefined>)[DOCS_PLUGIN];
      const pages = docPages(siteDir, docs?.default);
      const outDir = path.join(siteDir, MACHINE_DOCS_DEV_DIR);
      await run(siteDir, ['markdown'], JSON.stringify({ outDir, site, pages }));
    },
    async postBuild({ outDir, plugins }) {
      try {
        const docs = plugins.find((plugin) => plugin.name === DOCS_PLUGIN);
        if (!docs) throw new Error(`${NAME}: the docs plugin is not loaded`);
        const pages = docPages(siteDir, docs.content);
        const output = await run(siteDir, ['markdown'], JSON.stringify({ outDir, site, pages }));
        settle.resolve({ outDir, files: JSON.parse(output) as string[] });
      } catch (error) {
        settle.reject(error);
        throw error;
      }
    },
  };
}
