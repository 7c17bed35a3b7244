/**
 * Images in: a path (Node), bytes, a Blob or a URL, read with a size bound, then resized to
 * MAX_PROCESSING_SIDE on the long side when larger (the services host would scale it down anyway,
 * so this only saves upload time): with `sharp` in Node when it is installed (an optional peer
 * dependency), with createImageBitmap and OffscreenCanvas in browsers. Without either the image is
 * sent as it is. Orientation (EXIF) is applied before resizing, as the services host does.
 *
 * Answers refer to the image as sent, so a resized call's boxes and `image.original_*` are scaled
 * back to the caller's image (restoreScale): results read the same with and without resizing.
 */
import { MAX_PROCESSING_SIDE } from '../generated/contract.js';
import { ImageInputError } from './errors.js';
/** Largest image read before resizing, in bytes. */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;
const isNode = () => typeof process !== 'undefined' && typeof process.versions?.node === 'string';
/** Imports a module that may be absent, hidden from bundlers (Node-only code paths). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const importOptional = (name) => import(/* webpackIgnore: true */ /* @vite-ignore */ name);
export function sniffType(bytes) {
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
        return 'image/jpeg';
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
        return 'image/png';
    const ascii = (start, end) => String.fromCharCode(...bytes.subarray(start, end));
    if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
        return 'image/webp';
    return null;
}
function tooLarge(size) {
    return new ImageInputError(`The image is ${size} bytes; at most ${MAX_INPUT_BYTES} are read.`);
}
async function fromUrl(url, fetchImpl, signal) {
    let response;
    try {
        response = await fetchImpl(url, { signal });
    }
    catch (error) {
        throw new ImageInputError(`Could not download the image: ${error.message}`);
    }
    if (!response.ok)
        throw new ImageInputError(`Downloading the image answered ${response.status}.`);
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > MAX_INPUT_BYTES)
        throw tooLarge(declared);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > MAX_INPUT_BYTES)
        throw tooLarge(bytes.byteLength);
    return bytes;
}
function fromDataUrl(text) {
    const comma = text.indexOf(',');
    if (comma < 0 || !text.slice(0, comma).endsWith(';base64'))
        throw new ImageInputError('A data URL image must be base64 (`data:image/png;base64,…`).');
    if ((text.length - comma) * 0.75 > MAX_INPUT_BYTES)
        throw tooLarge(text.length);
    const base64 = text.slice(comma + 1);
    if (typeof Buffer !== 'undefined')
        return new Uint8Array(Buffer.from(base64, 'base64'));
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++)
        bytes[i] = binary.charCodeAt(i);
    return bytes;
}
async function fromPath(file) {
    if (!isNode())
        throw new ImageInputError('File paths are read in Node only: pass a Blob or bytes.');
    const fs = await importOptional('node:fs/promises');
    let size;
    try {
        size = (await fs.stat(file)).size;
    }
    catch {
        throw new ImageInputError(`No image file at ${file}.`);
    }
    if (size > MAX_INPUT_BYTES)
        throw tooLarge(size);
    return new Uint8Array(await fs.readFile(file));
}
/** The image's bytes, whatever was passed. */
export async function readImage(input, fetchImpl, signal) {
    if (input instanceof Uint8Array) {
        if (input.byteLength > MAX_INPUT_BYTES)
            throw tooLarge(input.byteLength);
        return input;
    }
    if (input instanceof ArrayBuffer) {
        if (input.byteLength > MAX_INPUT_BYTES)
            throw tooLarge(input.byteLength);
        return new Uint8Array(input);
    }
    if (typeof Blob !== 'undefined' && input instanceof Blob) {
        if (input.size > MAX_INPUT_BYTES)
            throw tooLarge(input.size);
        return new Uint8Array(await input.arrayBuffer());
    }
    if (input instanceof URL)
        return fromUrl(input.href, fetchImpl, signal);
    if (typeof input === 'string') {
        if (/^https?:\/\//i.test(input))
            return fromUrl(input, fetchImpl, signal);
        if (/^data:/i.test(input))
            return fromDataUrl(input);
        return fromPath(input);
    }
    throw new ImageInputError('An image is a path, a URL, bytes or a Blob.');
}
const fitted = (width, height) => {
    const scale = MAX_PROCESSING_SIDE / Math.max(width, height);
    return {
        width: Math.max(1, Math.round(width * scale)),
        height: Math.max(1, Math.round(height * scale)),
    };
};
async function resizeWithSharp(bytes) {
    let sharp;
    try {
        sharp = (await importOptional('sharp')).default;
    }
    catch {
        return null; // Not installed: the services host scales the image itself.
    }
    try {
        const meta = await sharp(bytes, { failOn: 'none' }).metadata();
        const swap = (meta.orientation ?? 1) >= 5;
        const width = swap ? meta.height : meta.width;
        const height = swap ? meta.width : meta.height;
        if (!width || !height || Math.max(width, height) <= MAX_PROCESSING_SIDE)
            return null;
        const format = meta.format === 'png' || meta.format === 'webp' ? meta.format : 'jpeg';
        const target = fitted(width, height);
        const out = await sharp(bytes, { failOn: 'none' })
            .rotate()
            .resize({ width: target.width, height: target.height, fit: 'fill' })
            .toFormat(format, format === 'png' ? {} : { quality: 90 })
            .toBuffer();
        const resized = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
        return { bytes: resized, type: sniffType(resized), original: { width, height } };
    }
    catch {
        return null; // Not an image sharp reads: the services host answers for it.
    }
}
/** Exported for the unit tests, which stand in for the browser's canvas. */
export async function resizeInBrowser(bytes, type) {
    if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function')
        return null;
    let bitmap;
    try {
        bitmap = await createImageBitmap(new Blob([bytes], { type: type ?? '' }), {
            imageOrientation: 'from-image',
        });
    }
    catch {
        return null;
    }
    try {
        const { width, height } = bitmap;
        if (Math.max(width, height) <= MAX_PROCESSING_SIDE)
            return null;
        const target = fitted(width, height);
        const canvas = new OffscreenCanvas(target.width, target.height);
        const context = canvas.getContext('2d');
        if (!context)
            return null;
        context.drawImage(bitmap, 0, 0, target.width, target.height);
        const outType = type === 'image/png' || type === 'image/webp' ? type : 'image/jpeg';
        const blob = await canvas.convertToBlob({ type: outType, quality: 0.9 });
        const resized = new Uint8Array(await blob.arrayBuffer());
        return { bytes: resized, type: sniffType(resized), original: { width, height } };
    }
    finally {
        bitmap.close();
    }
}
/** The bytes to send: read, then resized when larger than MAX_PROCESSING_SIDE and `resize`. */
export async function prepareImage(input, options) {
    const bytes = await readImage(input, options.fetch, options.signal);
    const type = sniffType(bytes);
    if (options.resize) {
        const resized = isNode() ? await resizeWithSharp(bytes) : await resizeInBrowser(bytes, type);
        if (resized)
            return resized;
    }
    return { bytes, type, original: null };
}
const round2 = (value) => Math.round(value * 100) / 100;
/**
 * An answer to a resized image, as if the caller's image had been sent: boxes scaled by the
 * resize and `image.original_*` set to the caller's size.
 */
export function restoreScale(result, original) {
    const answer = result;
    if (!original || !answer?.image?.original_width || !answer.image.original_height)
        return result;
    const sx = original.width / answer.image.original_width;
    const sy = original.height / answer.image.original_height;
    for (const item of [...(answer.predictions ?? []), ...(answer.segments ?? [])]) {
        const box = item.box;
        if (!box)
            continue;
        for (const key of ['x_min', 'x_max'])
            if (key in box)
                box[key] = round2(box[key] * sx);
        for (const key of ['y_min', 'y_max'])
            if (key in box)
                box[key] = round2(box[key] * sy);
    }
    answer.image.original_width = original.width;
    answer.image.original_height = original.height;
    return result;
}
/** Base64 of bytes, in Node and browsers. */
export function toBase64(bytes) {
    if (typeof Buffer !== 'undefined')
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
}
