import type { ImageInput } from './types.js';
/** Largest image read before resizing, in bytes. */
export declare const MAX_INPUT_BYTES: number;
export interface PreparedImage {
    bytes: Uint8Array;
    /** Media type from the first bytes, or null when it is none of JPEG, PNG, WebP. */
    type: string | null;
    /** Set when the image was resized: its oriented size before. */
    original: {
        width: number;
        height: number;
    } | null;
}
export declare function sniffType(bytes: Uint8Array): string | null;
/** The image's bytes, whatever was passed. */
export declare function readImage(input: ImageInput, fetchImpl: typeof fetch, signal?: AbortSignal): Promise<Uint8Array>;
/** Exported for the unit tests, which stand in for the browser's canvas. */
export declare function resizeInBrowser(bytes: Uint8Array, type: string | null): Promise<PreparedImage | null>;
/** The bytes to send: read, then resized when larger than MAX_PROCESSING_SIDE and `resize`. */
export declare function prepareImage(input: ImageInput, options: {
    resize: boolean;
    fetch: typeof fetch;
    signal?: AbortSignal;
}): Promise<PreparedImage>;
/**
 * An answer to a resized image, as if the caller's image had been sent: boxes scaled by the
 * resize and `image.original_*` set to the caller's size.
 */
export declare function restoreScale<T>(result: T, original: PreparedImage['original']): T;
/** Base64 of bytes, in Node and browsers. */
export declare function toBase64(bytes: Uint8Array): string;
