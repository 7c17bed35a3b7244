/**
 * llms.txt files (https://llmstxt.org): the site's `/llms.txt` (the product, every public
 * deployment with its endpoint, price and summary, the API documents, authentication, errors,
 * limits, and every docs page's Markdown), `/llms-full.txt` (the same header, then every docs
 * page's Markdown in full) and one per public deployment beside its page.
 */
import {
  API_ORDER,
  COMING_SOON_CATALOGUE,
  DEPLOYMENT_FAMILIES,
  deploymentDocsPath,
  type PublicCatalogueEntry,
} from '../../contract/catalogue';
import { joinUrl } from '../../src/api/url';
import {
  formatBytes,
  imageTypesText,
  rateLimitText,
} from '../../src/components/DeploymentReference/facts';
import { IMAGE_LIMITS } from '../../src/generated/reference';
import {
  LLMS_FULL_TXT_PATH,
  LLMS_TXT_PATH,
  markdownPath,
  OPENAPI_PATHS,
  pageLlmsPath,
} from '../../src/machine-docs/paths';
import { priceText } from './components-markdown';
import { siteHref, type DocPage, type SiteInfo } from './site';

export const API_REFERENCE_PERMALINK = '/dashboard/api-reference/';
const OVERVIEW_PERMALINK = '/dashboard/public-deployment/';

/** The product in two sentences. */
export function productSummary(site: SiteInfo): string {
  return (
    `${site.productName} is a credit-based platform of hosted computer-vision APIs: send an image ` +
    'over HTTPS with an API key to a public deployment (object detection, depth estimation, ' +
    'classification, zero-shot and segmentation) and get structured JSON back. Each successful ' +
    'call is paid from your organization’s prepaid USD credits; accounts, API keys, credits and ' +
    'usage are managed on this site and through the account API.'
  );
}

/** A deployment's one-line summary: its card's, its family's, or its page's description. */
export function deploymentSummary(entry: PublicCatalogueEntry, pages: DocPage[]): string {
  if (entry.summary) return entry.summary;
  const page = pages.find((p) => p.permalink === deploymentDocsPath(entry));
  const family = DEPLOYMENT_FAMILIES[entry.task]?.summary;
  return page?.description ?? family ?? entry.title;
}

const endpoint = (site: SiteInfo, entry: PublicCatalogueEntry): string =>
  `POST ${joinUrl(site.servicesBaseUrl, entry.slug)}`;

function deploymentLine(site: SiteInfo, entry: PublicCatalogueEntry, pages: DocPage[]): string {
  const md = siteHref(site, markdownPath(deploymentDocsPath(entry)));
  return `- [${entry.title}](${md}): \`${endpoint(site, entry)}\`, ${priceText(entry.slug)}. ${deploymentSummary(entry, pages)}`;
}

function essentials(site: SiteInfo): string[] {
  const overview = siteHref(site, markdownPath(OVERVIEW_PERMALINK));
  return [
    '## Authentication, errors and limits',
    '',
    `- [Authentication](${overview}#authentication): send your API key in the \`api-key\` header to the services host (\`${site.servicesBaseUrl}\`). Keys are \`va_live_…\` (charged) or \`va_test_…\` (free sample answers); create them at ${siteHref(site, '/settings/api-keys/')}. The account API (\`${site.apiBaseUrl}\`) takes a Firebase ID token or an admin key as a bearer token.`,
    `- [Errors](${overview}#errors): every non-200 answer is \`{"error_message": string}\` with a standard status (400, 401, 402 not enough credits, 403 outside the key's limits, 404, 409, 413, 415, 422, 429 with \`Retry-After\`, 5xx). Only successful calls are charged.`,
    `- [Limits](${overview}#rate-limits): ${rateLimitText()}; images ${imageTypesText()} up to ${formatBytes(IMAGE_LIMITS.maxImageBytes)}, processed with the long side at most ${IMAGE_LIMITS.maxProcessingSide} px.`,
  ];
}

function apiDocuments(site: SiteInfo): string[] {
  return [
    '## API documents',
    '',
    `- [Services host OpenAPI document](${siteHref(site, OPENAPI_PATHS.services)}): every deployment's request and answer (OpenAPI 3.1, JSON).`,
    `- [Account API OpenAPI document](${siteHref(site, OPENAPI_PATHS.account)}): organizations, API keys, credits, usage, teams, webhooks and events (OpenAPI 3.1, JSON).`,
    `- [API reference](${siteHref(site, markdownPath(API_REFERENCE_PERMALINK))}): both documents as readable Markdown.`,
    `- SDKs, generated from the same contract, with retries, idempotency keys and typed errors: [TypeScript](${siteHref(site, markdownPath('/dashboard/sdks/typescript/'))}), [Python](${siteHref(site, markdownPath('/dashboard/sdks/python/'))}) and the [\`visionapi\` command line](${siteHref(site, markdownPath('/dashboard/sdks/cli/'))}).`,
  ];
}

function header(site: SiteInfo): string[] {
  return [`# ${site.productName}`, '', `> ${productSummary(site)}`, ''];
}

/** The site's /llms.txt. */
export function llmsTxt(site: SiteInfo, pages: DocPage[]): string {
  const docs = pages.map(
    (p) =>
      `- [${p.title}](${siteHref(site, markdownPath(p.permalink))})${p.description ? `: ${p.description}` : ''}`,
  );
  return [
    ...header(site),
    `Prices are in USD per successful call (launch prices; current prices: ${siteHref(site, '/pricing/')}). Every docs page is also served as Markdown at its URL with \`.md\` instead of the trailing slash.`,
    '',
    '## Public deployments',
    '',
    ...API_ORDER.map((entry) => deploymentLine(site, entry, pages)),
    '',
    ...apiDocuments(site),
    '',
    ...essentials(site),
    '',
    '## Docs',
    '',
    ...docs,
    '',
    '## Optional',
    '',
    ...COMING_SOON_CATALOGUE.map(
      (entry) =>
        `- [${entry.title}](${siteHref(site, markdownPath(deploymentDocsPath(entry)))}): coming soon, not callable yet.`,
    ),
    `- [Changelog](${siteHref(site, '/changelog/')}): dated changes to the API and the site (RSS: ${siteHref(site, '/changelog/rss.xml')}).`,
    `- [Status](${siteHref(site, '/status/')}): live availability of the account API and the services host.`,
    `- [Full text](${siteHref(site, LLMS_FULL_TXT_PATH)}): every docs page in one file.`,
    '',
  ].join('\n');
}

/** The site's /llms-full.txt: the header, then every docs page's Markdown. */
export function llmsFullTxt(site: SiteInfo, pages: { page: DocPage; markdown: string }[]): string {
  return [
    ...header(site),
    `The index of this file is ${siteHref(site, LLMS_TXT_PATH)}. Each page follows, with its URL.`,
    '',
    ...pages.flatMap(({ page, markdown }) => [
      '---',
      '',
      `Source: ${siteHref(site, page.permalink)} (Markdown: ${siteHref(site, markdownPath(page.permalink))})`,
      '',
      markdown.trimEnd(),
      '',
    ]),
  ].join('\n');
}

/** The llms.txt beside a public deployment's page. */
export function deploymentLlmsTxt(
  site: SiteInfo,
  entry: PublicCatalogueEntry,
  pages: DocPage[],
): string {
  const page = deploymentDocsPath(entry);
  return [
    `# ${entry.title}`,
    '',
    `> ${deploymentSummary(entry, pages)}`,
    '',
    `Endpoint: \`${endpoint(site, entry)}\` with the header \`api-key: YOUR_API_KEY\`. Price: ${priceText(entry.slug)} (launch price). ${rateLimitText()}. Images: ${imageTypesText()}, up to ${formatBytes(IMAGE_LIMITS.maxImageBytes)}.`,
    '',
    '## Docs',
    '',
    `- [${entry.title} reference](${siteHref(site, markdownPath(page))}): parameters, answer fields, an example answer, errors and code samples in curl, the TypeScript and Python SDKs, the \`visionapi\` CLI, Python and JavaScript.`,
    `- [OpenAPI document](${siteHref(site, OPENAPI_PATHS.services)}): operation \`POST /${entry.slug}\`.`,
    '',
    '## Optional',
    '',
    `- [Authentication, errors and limits](${siteHref(site, markdownPath(OVERVIEW_PERMALINK))}): what every deployment shares.`,
    `- [All deployments](${siteHref(site, LLMS_TXT_PATH)}): the site's llms.txt.`,
    '',
  ].join('\n');
}

export { pageLlmsPath };
