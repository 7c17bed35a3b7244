/**
 * Where the docs for machines live on the site, one scheme for the build that writes them
 * (scripts/docs-data/) and the pages that link to them (the "Copy page as Markdown" button):
 *
 * - a docs page's Markdown sits beside the page: `/dashboard/x/y/` → `/dashboard/x/y.md`;
 * - a deployment page's llms.txt sits inside the page's folder: `/dashboard/x/y/llms.txt`;
 * - the site's `/llms.txt` and `/llms-full.txt`, and the OpenAPI documents under `/openapi/`.
 */

export const LLMS_TXT_PATH = '/llms.txt';
export const LLMS_FULL_TXT_PATH = '/llms-full.txt';
export const OPENAPI_PATHS = {
  services: '/openapi/services.json',
  account: '/openapi/account.json',
} as const;

/** `/dashboard/public-deployment/object-detection/` → `/dashboard/public-deployment/object-detection.md`. */
export function markdownPath(permalink: string): string {
  let end = permalink.length;
  while (end > 1 && permalink.charCodeAt(end - 1) === 0x2f) end--;
  return `${permalink.slice(0, end)}.md`;
}

/** `/dashboard/public-deployment/object-detection/` → `…/object-detection/llms.txt`. */
export function pageLlmsPath(permalink: string): string {
  return permalink.endsWith('/') ? `${permalink}llms.txt` : `${permalink}/llms.txt`;
}
