/**
 * The Markdown of the React components the docs pages use: what each renders, as plain Markdown
 * (tables, lists, code blocks), built from the same data the component reads. A page's Markdown
 * (./mdx-to-markdown.ts) replaces each component with this; a component missing here fails the
 * build, so no JSX ever reaches a Markdown file.
 */
import { API_ORDER, deploymentDocsPath } from '../../contract/catalogue';
import type { DeploymentPath } from '../../contract/catalogue';
import { joinUrl } from '../../src/api/url';
import {
  ERROR_ROWS,
  exampleJsonBody,
  formatBytes,
  imageTypesText,
  rateLimitText,
  REQUEST_TEXT,
  type Segment,
} from '../../src/components/DeploymentReference/facts';
import {
  DEPLOYMENT_DOCS,
  IMAGE_LIMITS,
  PARAMETER_NAMES,
  SERVICES_RATE_LIMIT,
} from '../../src/generated/reference';
import { markdownPath, OPENAPI_PATHS } from '../../src/machine-docs/paths';
import { API_KEY_PLACEHOLDER, buildCodeSamples } from '../../src/playground/code-samples';
import { EXAMPLE_RESULTS } from '../../src/playground/examples';
import { exampleParams, formatRange, type DeploymentDoc } from '../../src/playground/schema-doc';
import { siteHref, type SiteInfo } from './site';
import { launchPriceUsd } from './prices';

/** A table cell: no line breaks, pipes escaped. */
const cell = (text: string): string => text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
const code = (text: string | number): string => {
  const s = String(text);
  return s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``;
};

export function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.map(cell).join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

const fence = (language: string, text: string): string => {
  const ticks = text.includes('```') ? '````' : '```';
  return `${ticks}${language}\n${text.replace(/\n$/, '')}\n${ticks}`;
};

const segments = (site: SiteInfo, parts: Segment[]): string =>
  parts.map((p) => (typeof p === 'string' ? p : `[${p.label}](${siteHref(site, p.to)})`)).join('');

export const priceText = (path: DeploymentPath): string => `$${launchPriceUsd(path)} per call`;

/** The Markdown of a deployment's page, as an absolute URL. */
export const deploymentMarkdownUrl = (site: SiteInfo, slug: string): string =>
  siteHref(site, markdownPath(deploymentDocsPath({ slug })));

export function deploymentReference(site: SiteInfo, doc: DeploymentDoc): string {
  const path = doc.path as DeploymentPath;
  const url = joinUrl(site.servicesBaseUrl, doc.path);
  const params = doc.params.length
    ? table(
        ['Parameter', 'Type', 'Default', 'Range', 'Description'],
        doc.params.map((p) => [
          `${code(p.name)}${p.required ? ' (required)' : ''}`,
          code(p.type),
          p.default !== undefined ? code(JSON.stringify(p.default)) : '—',
          formatRange(p) || '—',
          p.description,
        ]),
      )
    : 'This deployment takes no parameters: send only the image.';
  return [
    `**Endpoint:** ${code(`POST ${url}`)}`,
    [
      `- **Authentication:** header ${code(`api-key: ${API_KEY_PLACEHOLDER}`)} ([API keys](${siteHref(site, '/settings/api-keys/')}))`,
      `- **Price:** ${priceText(path)} (launch price; the current one: [Pricing](${siteHref(site, '/pricing/')}))`,
      `- **Rate limit:** ${rateLimitText()}`,
      `- **Model:** ${code(doc.model)}`,
      `- **OpenAPI:** [services.json](${siteHref(site, OPENAPI_PATHS.services)}) (operation ${code(`POST /${doc.path}`)})`,
    ].join('\n'),
    '### Request',
    REQUEST_TEXT,
    fence('json', exampleJsonBody(exampleParams(doc))),
    '### Parameters',
    params,
    '### Image limits',
    [
      `- Types: ${imageTypesText()} (${code(IMAGE_LIMITS.acceptedImageTypes.join(', '))}), recognised from the file's bytes.`,
      `- Size: at most ${formatBytes(IMAGE_LIMITS.maxImageBytes)} per image.`,
      `- Processing: images are scaled so their long side is at most ${IMAGE_LIMITS.maxProcessingSide} px; boxes are returned in the coordinates of the image you sent.`,
    ].join('\n'),
    '### Response',
    `${code('200 OK')} with ${code('application/json')}. The local sandbox host returns sample results with ${code('"sandbox": true')}.`,
    table(
      ['Field', 'Type', 'Description'],
      doc.response.map((f) => [code(f.path), code(f.type), f.description ?? '']),
    ),
    'Example response:',
    fence('json', JSON.stringify(EXAMPLE_RESULTS[path], null, 2)),
    '### Errors',
    `Any other status has the body ${code('{"error_message": "…"}')}. Only successful calls are charged.`,
    table(
      ['Status', 'When', 'What to do'],
      ERROR_ROWS.map((row) => [code(row.status), row.when, segments(site, row.todo)]),
    ),
  ].join('\n\n');
}

export function codeSamples(site: SiteInfo, doc: DeploymentDoc): string {
  const samples = buildCodeSamples(doc, site.servicesBaseUrl, API_KEY_PLACEHOLDER);
  return [
    `Replace ${code(API_KEY_PLACEHOLDER)} with one of your API keys ([API keys](${siteHref(site, '/settings/api-keys/')})).`,
    'curl:',
    fence('bash', samples.curl),
    `[TypeScript SDK](${siteHref(site, '/dashboard/sdks/typescript/')}):`,
    fence('typescript', samples.typescript),
    `[Python SDK](${siteHref(site, '/dashboard/sdks/python/')}):`,
    fence('python', samples['python-sdk']),
    `[CLI](${siteHref(site, '/dashboard/sdks/cli/')}):`,
    fence('bash', samples.cli),
    'Python (requests):',
    fence('python', samples.python),
    'JavaScript (fetch):',
    fence('javascript', samples.javascript),
  ].join('\n\n');
}

export function playground(site: SiteInfo, doc: DeploymentDoc): string {
  const page = siteHref(site, deploymentDocsPath({ slug: doc.path }));
  return `The interactive playground (send a sample or your own image and see the answer drawn on it) runs in the browser on [this page](${page}).`;
}

export function notifyMe(site: SiteInfo, name: string): string {
  return `To be told when ${name} launches, use "Notify me" on its page or [contact us](${siteHref(site, '/contact-us/')}).`;
}

export function overviewTable(site: SiteInfo): string {
  return [
    `Base URL of the services host: ${code(site.servicesBaseUrl)}`,
    table(
      ['Task', 'Endpoint', 'Price', 'Parameters'],
      API_ORDER.map((entry) => {
        const names = PARAMETER_NAMES[entry.slug];
        return [
          `[${entry.title}](${deploymentMarkdownUrl(site, entry.slug)})`,
          code(`POST /${entry.slug}`),
          priceText(entry.slug),
          names.length ? names.map(code).join(', ') : 'none',
        ];
      }),
    ),
  ].join('\n\n');
}

export function rateLimits(site: SiteInfo): string {
  const perMinute = SERVICES_RATE_LIMIT.windowMs === 60_000;
  const window = perMinute ? 'minute' : `${SERVICES_RATE_LIMIT.windowMs / 1000} seconds`;
  return (
    `Each API key may make **${SERVICES_RATE_LIMIT.max} calls** per ${window} to the services ` +
    `host, across all deployments. Over the limit, calls are refused with ${code('429')} and are ` +
    `not charged; the answer's ${code('retry-after')} header says how many seconds to wait. Use ` +
    `separate keys for separate services, and [contact us](${siteHref(site, '/contact-us/')}) for higher limits.`
  );
}

export function quickStart(site: SiteInfo): string {
  return [
    "Detect objects in a photo with one request. The answer lists each object with its label, score and box, plus the call's cost and your remaining balance.",
    codeSamples(site, DEPLOYMENT_DOCS['object-detection']),
  ].join('\n\n');
}

export function openApiDocuments(site: SiteInfo): string {
  return [
    `- **Services host** (image calls, authenticated with the ${code('api-key')} header): base URL ${code(site.servicesBaseUrl)}; OpenAPI document: [services.json](${siteHref(site, OPENAPI_PATHS.services)}).`,
    `- **Account API** (organizations, keys, credits, usage, teams; a Firebase ID token or an admin key): base URL ${code(site.apiBaseUrl)}; OpenAPI document: [account.json](${siteHref(site, OPENAPI_PATHS.account)}).`,
  ].join('\n');
}
