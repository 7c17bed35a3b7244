/**
 * The CPU work of an image call (decode, then produce the sandbox answer), as a function of plain
 * data so it can run in a worker thread: no request, no database, no exceptions across the
 * thread boundary (a bad image is an answer, not a throw).
 */
import type { DeploymentPath, ErrorCode } from '@contract';
import { ApiError } from '../../lib/errors';
import { decodeImage } from '../sandbox/image';
import { sampleResult } from '../sandbox/results';

export interface RenderTask {
  path: DeploymentPath;
  image: Uint8Array;
  params: Record<string, unknown>;
  /** Most pixels decoded (default: the live limit); past it, 413 `pixel_limit_exceeded`. */
  maxPixels?: number;
}

export type RenderOutcome =
  | {
      ok: true;
      image: { width: number; height: number; original_width: number; original_height: number };
      result: Record<string, unknown>;
    }
  | {
      ok: false;
      statusCode: number;
      message: string;
      /** The error's code when it has one (a worker's own refusal). */
      code?: ErrorCode;
      retryAfterSeconds?: number;
      /** The error's details, when it has them (`max_pixels` of a pixel limit). */
      details?: Record<string, string | number | boolean | null>;
    };

export async function render(task: RenderTask): Promise<RenderOutcome> {
  try {
    const bytes = Buffer.from(task.image.buffer, task.image.byteOffset, task.image.byteLength);
    const image = await decodeImage(bytes, task.maxPixels);
    const result = await sampleResult(task.path, image, task.params);
    return {
      ok: true,
      image: {
        width: image.width,
        height: image.height,
        original_width: image.originalWidth,
        original_height: image.originalHeight,
      },
      result: result as Record<string, unknown>,
    };
  } catch (error) {
    if (error instanceof ApiError && error.statusCode < 500) {
      return {
        ok: false,
        statusCode: error.statusCode,
        message: error.message,
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
      };
    }
    throw error;
  }
}

export default render;
