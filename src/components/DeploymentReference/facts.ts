/**
 * What a deployment's reference says, as plain data: the page renders it (./index.tsx) and the
 * build writes it into the page's Markdown (scripts/docs-data/), so the two cannot disagree.
 */
import { IMAGE_LIMITS, SERVICES_RATE_LIMIT } from '@site/src/generated/reference/common';

/** Text, or a link inside the site. */
export type Segment = string | { label: string; to: string };

export const formatBytes = (bytes: number): string =>
  bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MB` : `${Math.round(bytes / 1024)} KB`;

export const imageTypesText = (): string =>
  IMAGE_LIMITS.acceptedImageTypes.map((t) => t.replace('image/', '').toUpperCase()).join(', ');

/** `300 calls per minute per API key`. */
export function rateLimitText(): string {
  const windowSeconds = SERVICES_RATE_LIMIT.windowMs / 1000;
  const window = windowSeconds === 60 ? 'minute' : `${windowSeconds} s`;
  return `${SERVICES_RATE_LIMIT.max} calls per ${window} per API key`;
}

export interface ErrorRow {
  status: number;
  when: string;
  todo: Segment[];
}

export const ERROR_ROWS: ErrorRow[] = [
  {
    status: 400,
    when: 'A parameter is missing, unknown or out of range, or the image cannot be decoded.',
    todo: ['Fix the request using the message; the same request will fail again.'],
  },
  {
    status: 401,
    when: 'The api-key header is missing, or the key is unknown or deleted.',
    todo: [
      'Check the header and the key on the ',
      { label: 'API keys', to: '/settings/api-keys/' },
      ' page.',
    ],
  },
  {
    status: 402,
    when: 'The balance cannot pay for this call; nothing was charged.',
    todo: [{ label: 'Buy credits', to: '/settings/buy-credits/' }, ', then retry.'],
  },
  {
    status: 403,
    when: "Outside the key's limits (disabled, paused, expired, another deployment or origin), or past its monthly cap or its creator's spend limit. The error's code says which; nothing was charged.",
    todo: [
      'Change the key on the ',
      { label: 'API keys', to: '/settings/api-keys/' },
      ' page, or use another key. Retrying the same call cannot succeed.',
    ],
  },
  {
    status: 404,
    when: 'The path is not a deployment, or the deployment is coming soon.',
    todo: ['Use the endpoint shown above.'],
  },
  {
    status: 413,
    when: `The image is larger than ${formatBytes(IMAGE_LIMITS.maxImageBytes)}.`,
    todo: ['Resize or recompress the image before sending it.'],
  },
  {
    status: 415,
    when: 'The image is not JPEG, PNG or WebP (checked from its bytes).',
    todo: ['Convert the image to a supported type.'],
  },
  {
    status: 429,
    when: 'Too many calls with this key in the current window.',
    todo: ['Wait and retry with exponential backoff.'],
  },
  {
    status: 500,
    when: 'An error on our side.',
    todo: ['Retry with backoff; contact us if it persists.'],
  },
];

/** The request paragraph above the JSON example. */
export const REQUEST_TEXT =
  'Send `multipart/form-data` with the image as a file part named `image` and each parameter as ' +
  'a form field (lists as a JSON array, e.g. `["cat","dog"]`, or repeated fields). Or send ' +
  '`application/json` with the image as base64 or a data URL in `image` (or, instead, a public ' +
  'http(s) URL in `image_url`: the services host fetches it, nothing is charged when the fetch ' +
  'fails), or up to 16 images in `images` (each `{"image": …}` or `{"image_url": …}`, answered ' +
  'with one result per image, each charged only when it answered), and the parameters as JSON ' +
  'values:';

/** The example JSON request body of a deployment. */
export function exampleJsonBody(example: Record<string, unknown>): string {
  return JSON.stringify(
    { image: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ…', ...example },
    null,
    2,
  );
}
