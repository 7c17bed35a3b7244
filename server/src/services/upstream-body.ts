/**
 * The body of a forwarded call: what the metering gateway sends each upstream (an inference
 * deployment in production, the sample upstream in local mode).
 *
 * `POST {upstream}/{deployment path}` as `multipart/form-data` with a `Content-Length`:
 *   1. `params`: `application/json`, the parameters as the gateway validated them (defaults
 *      applied), at most MAX_UPSTREAM_PARAMS_BYTES;
 *   2. `image`: the caller's image bytes as received (never re-encoded), typed by their first bytes
 *      (`image/jpeg`, `image/png` or `image/webp`), at most MAX_IMAGE_BYTES.
 *
 * The gateway has read and checked the whole body before the price is held (the order of work
 * needs the image's size, type and digest first), so the bytes are in memory; they are streamed
 * from there in slices of UPSTREAM_CHUNK_BYTES (views, no copy), without the base64 copy a JSON
 * body would need.
 */
import { pooledRandomBytes } from '../lib/random-pool';
import { MAX_IMAGE_BYTES } from '@contract';
import { ApiError } from '../lib/errors';
import { sniffImageType } from './input';

export const UPSTREAM_PARAMS_FIELD = 'params';
export const UPSTREAM_IMAGE_FIELD = 'image';
/** The parameters' JSON: the contract bounds them far below this (20 labels of 64 characters). */
export const MAX_UPSTREAM_PARAMS_BYTES = 16 * 1024;
/** The image is written to the upstream's socket this many bytes at a time. */
export const UPSTREAM_CHUNK_BYTES = 64 * 1024;

export interface UpstreamBody {
  contentType: string;
  /** Exact byte length of the body (sent as Content-Length; undici checks it). */
  length: number;
  /** The body, streamed: the multipart head, the image in slices, the closing boundary. */
  chunks(): AsyncGenerator<Buffer>;
}

/** The multipart body of a forwarded call; 413 when the image or parameters exceed the bounds. */
export function upstreamBody(image: Uint8Array, params: Record<string, unknown>): UpstreamBody {
  if (image.byteLength > MAX_IMAGE_BYTES) {
    throw new ApiError(
      'payload_too_large',
      `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB. Nothing was charged.`,
    );
  }
  const json = Buffer.from(JSON.stringify(params), 'utf8');
  if (json.length > MAX_UPSTREAM_PARAMS_BYTES) {
    throw new ApiError('payload_too_large', 'The parameters are too large. Nothing was charged.');
  }
  const bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
  const type = sniffImageType(bytes);
  if (!type) {
    throw new ApiError(
      'unsupported_media_type',
      'Unsupported image type: send a JPEG, PNG or WebP image.',
    );
  }
  const boundary = `----visionapi-${pooledRandomBytes(16).toString('hex')}`;
  const head = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${UPSTREAM_PARAMS_FIELD}"\r\n` +
        'Content-Type: application/json\r\n\r\n',
    ),
    json,
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="${UPSTREAM_IMAGE_FIELD}"; ` +
        `filename="image.${type.slice('image/'.length)}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
  ]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + bytes.length + tail.length,
    async *chunks() {
      yield head;
      for (let offset = 0; offset < bytes.length; offset += UPSTREAM_CHUNK_BYTES) {
        yield bytes.subarray(offset, offset + UPSTREAM_CHUNK_BYTES);
      }
      yield tail;
    },
  };
}
