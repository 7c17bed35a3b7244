/** Browser only: base64 PNGs (masks, depth maps) to one byte per pixel. */
import { grayFromRgba } from './masks';

export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function decodeGrayPng(base64: string): Promise<GrayImage> {
  const bitmap = await createImageBitmap(new Blob([base64ToBytes(base64)], { type: 'image/png' }), {
    premultiplyAlpha: 'none',
    colorSpaceConversion: 'none',
  });
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width: bitmap.width, height: bitmap.height, data: grayFromRgba(data) };
  } finally {
    bitmap.close();
  }
}

/** Paints RGBA pixels into a canvas, resizing it to the pixels' size. */
export function paintRgba(
  canvas: HTMLCanvasElement,
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
) {
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d')!;
  ctx.putImageData(
    new ImageData(
      new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, rgba.length),
      width,
      height,
    ),
    0,
    0,
  );
}
