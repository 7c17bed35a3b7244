/**
 * The docs for people's tools, written at build time by src/plugins/docs-for-machines (run
 * with tsx, which knows the project's path aliases the site's config loader does not):
 *
 *   tsx scripts/docs-data/generate.ts openapi '<site JSON>'
 *     before the site compiles: the two OpenAPI documents, exactly as the servers serve them,
 *     into static/openapi/ (served at /openapi/), and their readable Markdown into
 *     docs/_generated/ (imported by docs/api-reference.mdx). Neither is committed.
 *   tsx scripts/docs-data/generate.ts markdown < '{"outDir", "site", "pages"}'
 *     after the build: every docs page's Markdown beside it, /llms.txt, /llms-full.txt and one
 *     llms.txt per public deployment; prints the files it wrote (JSON), which the PWA precaches.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_KEY_CALLS_PER_MINUTE } from '../../contract/account';
import { API_ORDER, deploymentDocsPath } from '../../contract/catalogue';
import { readServerConfig } from '../../server/src/config';
import { LLMS_FULL_TXT_PATH, LLMS_TXT_PATH, markdownPath } from '../../src/machine-docs/paths';
import { deploymentLlmsTxt, llmsFullTxt, llmsTxt, pageLlmsPath } from './llms';
import { pageMarkdown } from './mdx-to-markdown';
import { OPENAPI_FILES, readOpenApiDocuments } from './openapi';
import { asMdx, operationsMarkdown, type OpenApiDocument } from './openapi-markdown';
import type { DocPage, SiteInfo } from './site';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const OPENAPI_DIR = path.join(ROOT, 'static/openapi');
export const PARTIALS_DIR = path.join(ROOT, 'docs/_generated');

const perWindow = (limit: { max: number; timeWindowMs: number }) =>
  `${limit.max} calls per ${limit.timeWindowMs === 60_000 ? 'minute' : `${limit.timeWindowMs / 1000} s`}`;

function writeIfChanged(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  let current: string | null = null;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = null;
  }
  if (current !== text) writeFileSync(file, text);
}

function partial(document: OpenApiDocument, intro: string[], limits: string[]): string {
  return asMdx(
    [
      `**${document.info.title}**, version ${document.info.version}. ${document.info.description ?? ''}`,
      ...intro,
      '### Rate limits',
      limits.map((line) => `- ${line}`).join('\n'),
      operationsMarkdown(document),
    ].join('\n\n'),
  );
}

async function writeOpenApi(site: SiteInfo): Promise<void> {
  const documents = await readOpenApiDocuments(site);
  for (const [name, file] of Object.entries(OPENAPI_FILES)) {
    writeIfChanged(path.join(OPENAPI_DIR, file), documents[name as keyof typeof documents]);
  }
  const config = readServerConfig({ STACK_MODE: 'local' } as NodeJS.ProcessEnv);
  const over =
    'Over a limit the answer is `429` with a `Retry-After` header (seconds); a refused call costs nothing.';
  writeIfChanged(
    path.join(PARTIALS_DIR, 'openapi-services.mdx'),
    partial(
      JSON.parse(documents.services),
      [
        `Base URL: \`${site.servicesBaseUrl}\`. Document: [services.json](pathname:///openapi/${OPENAPI_FILES.services}).`,
      ],
      [
        `${perWindow(config.servicesIpRateLimit)} per client IP address, counted before the key is read.`,
        `${perWindow(config.servicesRateLimit)} per live key, across all deployments.`,
        `${perWindow(config.servicesTestRateLimit)} per test key; the docs' shared demo key: ${DEMO_KEY_CALLS_PER_MINUTE} calls per minute per client.`,
        over,
      ],
    ),
  );
  writeIfChanged(
    path.join(PARTIALS_DIR, 'openapi-account.mdx'),
    partial(
      JSON.parse(documents.account),
      [
        `Base URL: \`${site.apiBaseUrl}\` (the paths below include \`/v1\`). Document: [account.json](pathname:///openapi/${OPENAPI_FILES.account}).`,
      ],
      [`${perWindow(config.rateLimit)} per client IP address.`, over],
    ),
  );
}

interface MarkdownInput {
  outDir: string;
  site: SiteInfo;
  pages: DocPage[];
}

function writeMarkdown(input: MarkdownInput): string[] {
  const { outDir, site, pages } = input;
  const written: string[] = [];
  const write = (sitePath: string, text: string) => {
    const file = path.join(outDir, sitePath);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(sitePath);
  };
  const context = { site, pages };
  const converted = pages.map((page) => ({ page, markdown: pageMarkdown(context, page) }));
  for (const { page, markdown } of converted) write(markdownPath(page.permalink), markdown);
  write(LLMS_TXT_PATH, llmsTxt(site, pages));
  write(LLMS_FULL_TXT_PATH, llmsFullTxt(site, converted));
  for (const entry of API_ORDER) {
    write(pageLlmsPath(deploymentDocsPath(entry)), deploymentLlmsTxt(site, entry, pages));
  }
  return written;
}

async function main(): Promise<void> {
  const [command, argument] = process.argv.slice(2);
  if (command === 'openapi') {
    await writeOpenApi(JSON.parse(argument ?? '{}') as SiteInfo);
  } else if (command === 'markdown') {
    const input = JSON.parse(readFileSync(0, 'utf8')) as MarkdownInput;
    process.stdout.write(JSON.stringify(writeMarkdown(input)));
  } else {
    throw new Error(`unknown command ${command}: openapi or markdown`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

export { writeMarkdown, writeOpenApi };
