/**
 * Batches: `runBatch(path, images, params)` sends up to 16 images in one call (`images`), each as
 * `run` would send it (bytes, resized when large, or `{ imageUrl }`), with the parameters shared.
 * The answer has one result per image in the same order: its answer (with its own `usage`) or its
 * error; only the images that answered are charged. With `{ async: true }` the batch is one job
 * whose `wait()` resolves with this answer as its `result`.
 */
import { restoreScale, type PreparedImage } from './image.js';

/** Most images in one batch. */
export const MAX_BATCH_IMAGES = 16;

/** An image of a batch that answered. */
export interface BatchItemSuccess<R> {
  index: number;
  status: 200;
  /** The deployment's answer for this image, with its own `usage`. */
  result: R;
}

/** An image of a batch that did not answer: nothing was charged for it. */
export interface BatchItemFailure {
  index: number;
  /** The status this image alone would have answered (e.g. 415, 422, 502). */
  status: number;
  error: {
    error_message: string;
    /** A stable error code, e.g. `image_url_unreachable`. */
    code: string;
    details?: Record<string, unknown>;
    /** Seconds after which this image may succeed when sent again. */
    retry_after?: number;
  };
}

export type BatchItem<R> = BatchItemSuccess<R> | BatchItemFailure;

/** The answer of a batch (and a batch job's `result`). */
export interface BatchResult<R> {
  object: 'batch';
  /** One per image, in the order sent. */
  results: Array<BatchItem<R>>;
  usage: {
    /** Charged for the batch: the images that answered (USD). */
    cost_usd: number;
    remaining_credits: number;
    /** How many images were charged (0 for a test key). */
    charged_images: number;
  };
}

/** True for an image that answered (narrows the item). */
export const isBatchSuccess = <R>(item: BatchItem<R>): item is BatchItemSuccess<R> =>
  item.status === 200 && 'result' in item;

/** Each answer of a batch read in its caller's pixels (the images the client resized). */
export function restoreBatchScale<R>(
  answer: BatchResult<R>,
  originals: ReadonlyArray<PreparedImage['original']>,
): BatchResult<R> {
  if (!answer || !Array.isArray(answer.results)) return answer;
  for (const item of answer.results) {
    if (!isBatchSuccess(item)) continue;
    const original = originals[item.index] ?? null;
    if (original) item.result = restoreScale(item.result, original);
  }
  return answer;
}
