/**
 * Batches: `runBatch(path, images, params)` sends up to 16 images in one call (`images`), each as
 * `run` would send it (bytes, resized when large, or `{ imageUrl }`), with the parameters shared.
 * The answer has one result per image in the same order: its answer (with its own `usage`) or its
 * error; only the images that answered are charged. With `{ async: true }` the batch is one job
 * whose `wait()` resolves with this answer as its `result`.
 */
import { restoreScale } from './image.js';
/** Most images in one batch. */
export const MAX_BATCH_IMAGES = 16;
/** True for an image that answered (narrows the item). */
export const isBatchSuccess = (item) => item.status === 200 && 'result' in item;
/** Each answer of a batch read in its caller's pixels (the images the client resized). */
export function restoreBatchScale(answer, originals) {
    if (!answer || !Array.isArray(answer.results))
        return answer;
    for (const item of answer.results) {
        if (!isBatchSuccess(item))
            continue;
        const original = originals[item.index] ?? null;
        if (original)
            item.result = restoreScale(item.result, original);
    }
    return answer;
}
