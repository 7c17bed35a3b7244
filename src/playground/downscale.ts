/**
 * Client-side downscaling before upload: images whose long side is over
 * MAX_UPLOAD_SIDE, or whose file is over the services host's byte limit, are
 * redrawn as JPEG on a canvas, so uploads stay quick and within the limit.
 */
export const MAX_UPLOAD_SIDE = 2048;

export interface Size {
  width: number;
  height: number;
}

/** The size that fits `maxSide` on the long side, keeping the aspect ratio (never upscales). */
export function fitWithin(size: Size, maxSide: number): Size & { scale: number } {
  const long = Math.max(size.width, size.height);
  if (long <= maxSide || long === 0) return { ...size, scale: 1 };
  const scale = maxSide / long;
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
    scale,
  };
}

export function needsDownscale(
  size: Size,
  bytes: number,
  maxBytes: number,
  maxSide = MAX_UPLOAD_SIDE,
) {
  return Math.max(size.width, size.height) > maxSide || bytes > maxBytes;
}

/** Next attempt when an encoded image is still too large: shrink the area by ~half. */
export function shrinkStep(size: Size): Size {
  return {
    width: Math.max(1, Math.round(size.width * Math.SQRT1_2)),
    height: Math.max(1, Math.round(size.height * Math.SQRT1_2)),
  };
}

export interface PreparedImage {
  blob: Blob;
  name: string;
  width: number;
  height: number;
  originalWidth: number;
  originalHeight: number;
  downscaled: boolean;
}

/** Browser only: decodes the file, downsizes it when needed, returns what to upload. */
export async function prepareImage(file: File, maxBytes: number): Promise<PreparedImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const original = { width: bitmap.width, height: bitmap.height };
  try {
    if (!needsDownscale(original, file.size, maxBytes)) {
      return {
        blob: file,
        name: file.name,
        ...original,
        originalWidth: original.width,
        originalHeight: original.height,
        downscaled: false,
      };
    }
    let target: Size = fitWithin(original, MAX_UPLOAD_SIDE);
    for (let attempt = 0; attempt < 6; attempt++) {
      const canvas = document.createElement('canvas');
      canvas.width = target.width;
      canvas.height = target.height;
      const ctx = canvas.getContext('2d')!;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, target.width, target.height);
      const blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/jpeg', 0.9),
      );
      if (blob && blob.size <= maxBytes) {
        return {
          blob,
          name: file.name.replace(/\.[^.]+$/, '') + '.jpg',
          ...target,
          originalWidth: original.width,
          originalHeight: original.height,
          downscaled: true,
        };
      }
      target = shrinkStep(target);
    }
    throw new Error('The image could not be made small enough.');
  } finally {
    bitmap.close();
  }
}
