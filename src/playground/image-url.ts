/**
 * The playground's "Image URL" input: what the browser can check before the services host fetches
 * the URL (the scheme, credentials, the contract's length limit — the same first checks as the
 * server's, server/src/lib/safe-fetch.ts `checkUrl`), and whether this page may show the image.
 * Whether the address is public, reachable and an image only the server can tell.
 */
import { MAX_IMAGE_URL_LENGTH } from '@contract/limits';

export type ImageUrlCheck = { url: string; error?: never } | { url?: never; error: string };

export function checkImageUrl(raw: string): ImageUrlCheck {
  const text = raw.trim();
  if (text === '') return { error: 'Enter the URL of an image.' };
  if (text.length > MAX_IMAGE_URL_LENGTH) {
    return { error: `The URL is longer than ${MAX_IMAGE_URL_LENGTH} characters.` };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: 'Enter a full URL, starting with https:// or http://.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { error: 'Only http and https URLs can be fetched.' };
  }
  if (url.username || url.password) {
    return { error: 'URLs with a user name or password are not fetched.' };
  }
  return { url: text };
}

/**
 * The call the playground makes for an image URL, as curl: JSON with `image_url` and the
 * parameters (the key as given: the playground shows a placeholder, never the reader's key).
 */
export function imageUrlCurl(
  endpoint: string,
  body: { image_url: string } & Record<string, unknown>,
  apiKey: string,
): string {
  // A single-quoted shell word: each ' closes the quote, adds an escaped ', and reopens it.
  const json = JSON.stringify(body, null, 2).replace(/'/g, `'\\''`);
  return (
    `curl -X POST '${endpoint}' \\\n` +
    `  -H 'api-key: ${apiKey}' \\\n` +
    `  -H 'Content-Type: application/json' \\\n` +
    `  -d '${json}' \\\n` +
    `  --fail-with-body`
  );
}

/**
 * Whether this page may show the image at `url`: its Content-Security-Policy allows images from
 * the site's own origin only (besides data: and blob:, src/plugins/security-headers/policy.ts),
 * so an image on another host is drawn as an empty frame of its size under the result.
 */
export function canShowImage(url: string, pageOrigin: string): boolean {
  try {
    return new URL(url).origin === pageOrigin;
  } catch {
    return false;
  }
}
