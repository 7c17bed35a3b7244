/**
 * `image_url`: the image of a call fetched by the services host instead of uploaded, with the
 * fetcher that refuses server-side request forgery (../lib/safe-fetch.ts) and the same limits as
 * an upload (10 MB, JPEG/PNG/WebP by their first bytes). It runs after the price is held, inside
 * the metered call, so a replay under the same `Idempotency-Key` never fetches again and a failed
 * fetch gives the hold back: nothing is charged. Loopback is fetched in local mode only.
 */
import { MAX_IMAGE_BYTES } from '@contract';
import { ApiError } from '../lib/errors';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from '../lib/safe-fetch';
import { sniffImageType } from './input';

export interface ImageUrlOptions {
  allowLoopback: boolean;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  lookup?: SafeFetchOptions['lookup'];
}

/** The refusals a program may act on: `details.reason`. */
const RETRYABLE = new Set(['unreachable', 'timeout']);

export async function loadImageUrl(url: string, options: ImageUrlOptions): Promise<Buffer> {
  let bytes: Buffer;
  try {
    ({ bytes } = await safeFetch(url, {
      allowLoopback: options.allowLoopback,
      maxBytes: MAX_IMAGE_BYTES,
      connectTimeoutMs: options.connectTimeoutMs ?? 3_000,
      totalTimeoutMs: options.totalTimeoutMs ?? 10_000,
      lookup: options.lookup,
      headers: { accept: 'image/jpeg, image/png, image/webp' },
    }));
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    const details = {
      reason: error.reason,
      ...(error.status ? { status: error.status } : {}),
    };
    if (RETRYABLE.has(error.reason)) {
      throw new ApiError(
        'image_url_unreachable',
        `The image_url could not be fetched: ${error.message} Nothing was charged.`,
        { details, retryAfterSeconds: 5 },
      );
    }
    throw new ApiError(
      'image_url_refused',
      `The image_url was refused: ${error.message} Nothing was charged.`,
      { details },
    );
  }
  if (bytes.length === 0 || !sniffImageType(bytes)) {
    throw new ApiError(
      'image_url_refused',
      'The image_url was refused: what it answered is not a JPEG, PNG or WebP image. Nothing was charged.',
      { details: { reason: 'not_an_image' } },
    );
  }
  return bytes;
}
