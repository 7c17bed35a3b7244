/**
 * Values shared by the example answers in this folder: the processed image of
 * a 1280 × 853 street photo, the usage block and a shortened PNG.
 */
export const image = { width: 1024, height: 682, original_width: 1280, original_height: 853 };
export const usage = (cost: number) => ({
  cost_usd: cost,
  remaining_credits: 24.998,
  transaction_id: 'txn_01JQ7ZK4M8V2H5R3T6W9Y0A1B2',
});
export const common = { sandbox: true as const, image };
/** Masks and depth maps are PNGs of the processed size; shortened here. */
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAABAAAAAKqCAAAAAA…';
