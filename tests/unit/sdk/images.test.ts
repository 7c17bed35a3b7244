/**
 * Images through the TypeScript SDK: every kind of input arrives as the same bytes, an image
 * larger than 1024 px on its long side arrives resized (oriented first, as the services host
 * does), a smaller one arrives untouched, and the answer's boxes and sizes are scaled back to the
 * caller's image. The browser's path (createImageBitmap, OffscreenCanvas) runs on stand-ins.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ImageInputError, VisionAPI } from '../../../packages/typescript/src/index';
import { resizeInBrowser } from '../../../packages/typescript/src/core/image';
import { startFakeServer, type FakeServer, type Recorded } from './fake-server';

let server: FakeServer;
let dir: string;
beforeAll(async () => {
  server = await startFakeServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'visionapi-sdk-images-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 160, b: 220 } } })
    .toFormat(format)
    .toBuffer();

const sent = (request: Recorded) =>
  Buffer.from(JSON.parse(request.body.toString()).image as string, 'base64');

const sdk = (options: ConstructorParameters<typeof VisionAPI>[0] = {}) =>
  new VisionAPI({ apiKey: 'va_test_unit', servicesUrl: server.url, ...options });

describe('resizing in Node (sharp)', () => {
  it('sends an image larger than 1024 px at 1024 px on its long side and scales the answer back', async () => {
    const original = await picture(2000, 1000);
    // Answers with the size it received (read from the PNG header) and a box in those pixels.
    const results: Array<{ width: number; height: number }> = [];
    server.script((request) => {
      const image = sent(request);
      const width = image.readUInt32BE(16);
      const height = image.readUInt32BE(20);
      results.push({ width, height });
      return {
        status: 200,
        body: {
          image: { width, height, original_width: width, original_height: height },
          predictions: [
            { label: 'sky', score: 0.9, box: { x_min: 512, y_min: 0, x_max: 1024, y_max: 256 } },
          ],
        },
      };
    });
    const answer = await sdk().objectDetection(original);
    expect(results[0]).toEqual({ width: 1024, height: 512 });
    expect(answer.image).toMatchObject({ original_width: 2000, original_height: 1000 });
    expect(answer.predictions[0]!.box).toEqual({ x_min: 1000, y_min: 0, x_max: 2000, y_max: 500 });
  });

  it('applies EXIF orientation before resizing, as the services host does', async () => {
    // Stored 1200 × 2400, displayed rotated: 2400 × 1200.
    const stored = await sharp(await picture(1200, 2400, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    server.script({ status: 200, body: {} });
    await sdk().objectDetection(stored);
    const meta = await sharp(sent(server.requests[0]!)).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([1024, 512]);
  });

  it('sends a small image, and any image with resize off, byte for byte', async () => {
    const small = await picture(640, 480);
    server.script({ status: 200, body: {} });
    await sdk().objectDetection(small);
    expect(sent(server.requests[0]!).equals(small)).toBe(true);

    const large = await picture(1500, 300);
    server.script({ status: 200, body: {} });
    await sdk({ resize: false }).objectDetection(large);
    expect(sent(server.requests[0]!).equals(large)).toBe(true);
    server.script({ status: 200, body: {} });
    await sdk().objectDetection(large, undefined, { resize: false });
    expect(sent(server.requests[0]!).equals(large)).toBe(true);
  });
});

describe('image inputs', () => {
  it('reads a path, bytes, an ArrayBuffer, a Blob, a data URL and an http URL alike', async () => {
    const image = await picture(64, 48);
    const file = path.join(dir, 'small.png');
    writeFileSync(file, image);
    const inputs = [
      file,
      new Uint8Array(image),
      image.buffer.slice(image.byteOffset, image.byteOffset + image.byteLength),
      new Blob([image], { type: 'image/png' }),
      `data:image/png;base64,${image.toString('base64')}`,
    ];
    for (const input of inputs) {
      server.script({ status: 200, body: {} });
      await sdk().objectDetection(input as never);
      expect(sent(server.requests[0]!).equals(image)).toBe(true);
    }
    server.script({ status: 200, body: image }, { status: 200, body: {} });
    await sdk().objectDetection(new URL(`${server.url}/pictures/small.png`));
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /pictures/small.png',
      'POST /object-detection',
    ]);
    expect(sent(server.requests[1]!).equals(image)).toBe(true);
  });

  it('says why an image cannot be read, and sends nothing', async () => {
    server.script({ status: 200, body: {} });
    await expect(sdk().objectDetection(path.join(dir, 'missing.png'))).rejects.toBeInstanceOf(
      ImageInputError,
    );
    await expect(sdk().objectDetection('data:image/png,notbase64')).rejects.toThrow(/base64/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('resizing in browsers (createImageBitmap, OffscreenCanvas)', () => {
  it('draws a large image onto a 1024-px canvas in its own format and reports its size', async () => {
    const drawn: unknown[] = [];
    const converted: unknown[] = [];
    const close = vi.fn();
    const small = await picture(8, 4);
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async (_blob: Blob, options: unknown) => {
        expect(options).toEqual({ imageOrientation: 'from-image' });
        return { width: 3000, height: 1500, close };
      }),
    );
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(
          readonly width: number,
          readonly height: number,
        ) {}
        getContext() {
          return {
            drawImage: (...args: unknown[]) =>
              drawn.push([this.width, this.height, ...args.slice(1)]),
          };
        }
        async convertToBlob(options: unknown) {
          converted.push(options);
          return new Blob([small]);
        }
      },
    );
    try {
      const png = await picture(16, 16);
      const resized = await resizeInBrowser(new Uint8Array(png), 'image/png');
      expect(drawn).toEqual([[1024, 512, 0, 0, 1024, 512]]);
      expect(converted).toEqual([{ type: 'image/png', quality: 0.9 }]);
      expect(resized).toMatchObject({ type: 'image/png', original: { width: 3000, height: 1500 } });
      expect(Buffer.from(resized!.bytes).equals(small)).toBe(true);
      expect(close).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('leaves an image within 1024 px alone', async () => {
    vi.stubGlobal('createImageBitmap', async () => ({ width: 800, height: 600, close() {} }));
    vi.stubGlobal('OffscreenCanvas', class {});
    try {
      await expect(resizeInBrowser(new Uint8Array([1, 2, 3]), null)).resolves.toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
