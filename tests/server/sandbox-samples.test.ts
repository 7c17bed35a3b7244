/**
 * The sandbox answers the site's sample images with their ground truth (written by
 * scripts/generate-samples.mjs), on every deployment, also after the image was re-encoded,
 * converted or resized; any other image gets placeholder answers that no one can take for a
 * model's output. The ground truth is read here from the committed files, independently of the
 * sandbox's own loader.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYMENT_PATHS, type Box, type DeploymentPath } from '@contract';
import { expectAnswersMatchOpenApi } from './contract-check';
import {
  buyCredits,
  createHarness,
  recordedAnswers,
  registerUser,
  type Harness,
  type TestUser,
} from './helpers';

const TRUTH_DIR = 'server/src/services/sandbox/ground-truth';
const SAMPLES = ['street', 'pets', 'mountains'] as const;
type SampleId = (typeof SAMPLES)[number];

interface TruthObject {
  id: number;
  label: string;
  thing: boolean;
  score: number;
  box: Box;
}
interface Truth {
  width: number;
  height: number;
  objects: TruthObject[];
  classes: Array<{ label: string; score: number }>;
  segments: Uint8Array;
  depth: Uint8Array;
  jpeg: Buffer;
}

async function gray(file: string): Promise<Uint8Array> {
  return new Uint8Array(await sharp(file).extractChannel(0).raw().toBuffer());
}

async function loadTruth(id: SampleId): Promise<Truth> {
  const json = JSON.parse(await readFile(`${TRUTH_DIR}/${id}.json`, 'utf8'));
  return {
    ...json,
    segments: await gray(`${TRUTH_DIR}/${json.segments_png}`),
    depth: await gray(`${TRUTH_DIR}/${json.depth_png}`),
    jpeg: await readFile(`static/img/samples/${id}.jpg`),
  };
}

/** A mask PNG as 0/1 per pixel, with its size. */
async function maskOf(base64: string) {
  const { data, info } = await sharp(Buffer.from(base64, 'base64'))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, on: Uint8Array.from(data, (v) => +(v > 127)) };
}

/** The truth mask of a set of object ids, as 0/1 per pixel. */
const truthMask = (truth: Truth, ids: number[]) =>
  Uint8Array.from(truth.segments, (v) => +ids.includes(v));

/** Pixels where two 0/1 masks differ. */
function differing(a: Uint8Array, b: Uint8Array) {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

/** Objects grouped by label in order of first appearance. */
function labelGroups(objects: TruthObject[]) {
  const groups = new Map<string, TruthObject[]>();
  for (const o of objects) groups.set(o.label, [...(groups.get(o.label) ?? []), o]);
  return [...groups].map(([label, members]) => ({ label, members }));
}

const byScore = (a: TruthObject, b: TruthObject) => b.score - a.score || a.id - b.id;

let h: Harness;
let user: TestUser;
const truths = {} as Record<SampleId, Truth>;
beforeAll(async () => {
  h = await createHarness();
  user = await registerUser(h);
  await buyCredits(h, user, 50);
  for (const id of SAMPLES) truths[id] = await loadTruth(id);
});
afterAll(async () => h?.close());

/** The parts of an answer these tests read. */
interface Answer {
  sandbox: boolean;
  image: { width: number; height: number; original_width: number; original_height: number };
  predictions: Array<{ label: string; score: number; box: Box }>;
  segments: Array<{
    id: number;
    label: string;
    score?: number;
    box?: Box;
    is_thing?: boolean;
    mask_png_base64: string;
  }>;
  depth: { png_base64: string; min: number; max: number };
}

async function call(
  path: DeploymentPath,
  image: Buffer,
  params: Record<string, unknown> = {},
): Promise<Answer> {
  const res = await h.callServices({
    method: 'POST',
    url: `/${path}`,
    headers: { 'api-key': user.playgroundKey.key },
    payload: { image: image.toString('base64'), ...params },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Parameters that let every known object through. */
const EVERYTHING: Partial<Record<DeploymentPath, Record<string, unknown>>> = {
  'object-detection': { confidence_threshold: 0, max_results: 100 },
  'image-classification': { top_k: 20 },
  'image-segmentation/instance': { confidence_threshold: 0, max_results: 50 },
  'image-segmentation/panoptic': { confidence_threshold: 0 },
};

/** What each deployment must answer for a sample sent as is (960 × 640, boxes in its pixels). */
const expectations: Record<DeploymentPath, (truth: Truth, body: Answer) => Promise<void>> = {
  'object-detection': async (truth, body) => {
    const things = truth.objects.filter((o) => o.thing).sort(byScore);
    expect(things.length).toBeGreaterThan(0);
    expect(body.predictions).toEqual(
      things.map((o) => ({ label: o.label, score: o.score, box: o.box })),
    );
  },
  'zero-shot-object-detection': async (truth, body) => {
    // Asked for every label it holds (plus one it does not), each object is found, once.
    const expected = [...truth.objects].sort(byScore);
    expect(body.predictions).toEqual(
      expected.map((o) => ({ label: o.label, score: o.score, box: o.box })),
    );
  },
  'image-classification': async (truth, body) => {
    expect(body.predictions).toEqual(
      [...truth.classes]
        .sort((a, b) => b.score - a.score)
        .map(({ label, score }) => ({ label, score })),
    );
  },
  'zero-shot-image-classification': async (truth, body) => {
    const best = [...truth.classes].sort((a, b) => b.score - a.score)[0]!;
    expect(body.predictions[0]).toEqual({ label: best.label, score: expect.any(Number) });
    expect(body.predictions[0].score).toBeGreaterThan(0.9);
  },
  'depth-estimation': async (truth, body) => {
    const map = await maskOf(body.depth.png_base64);
    expect([map.width, map.height]).toEqual([truth.width, truth.height]);
    const depth = new Uint8Array(
      await sharp(Buffer.from(body.depth.png_base64, 'base64')).extractChannel(0).raw().toBuffer(),
    );
    expect(Buffer.compare(Buffer.from(depth), Buffer.from(truth.depth))).toBe(0);
    const range = truth.depth.reduce(([lo, hi], v) => [Math.min(lo, v), Math.max(hi, v)], [255, 0]);
    expect(body.depth.min).toBeCloseTo(range[0]! / 255, 4);
    expect(body.depth.max).toBeCloseTo(range[1]! / 255, 4);
  },
  'image-segmentation/semantic': async (truth, body) => {
    const groups = labelGroups(truth.objects);
    expect(body.segments.map((s: { label: string }) => s.label)).toEqual(
      groups.map((g) => g.label),
    );
    for (const [i, g] of groups.entries()) {
      const mask = await maskOf(body.segments[i].mask_png_base64);
      const ids = g.members.map((m) => m.id);
      expect(differing(mask.on, truthMask(truth, ids)), g.label).toBe(0);
    }
  },
  'image-segmentation/instance': async (truth, body) => {
    const things = truth.objects.filter((o) => o.thing).sort(byScore);
    expect(body.segments.map(({ mask_png_base64: _, ...rest }) => rest)).toEqual(
      things.map((o, i) => ({ id: i + 1, label: o.label, score: o.score, box: o.box })),
    );
    for (const [i, o] of things.entries()) {
      const mask = await maskOf(body.segments[i].mask_png_base64);
      expect(differing(mask.on, truthMask(truth, [o.id])), o.label).toBe(0);
    }
  },
  'image-segmentation/panoptic': async (truth, body) => {
    const stuff = labelGroups(truth.objects.filter((o) => !o.thing)).map((g) => ({
      label: g.label,
      ids: g.members.map((m) => m.id),
      is_thing: false,
    }));
    const things = truth.objects
      .filter((o) => o.thing)
      .map((o) => ({ label: o.label, ids: [o.id], is_thing: true }));
    const expected = [...stuff, ...things];
    expect(body.segments.map((s) => [s.label, s.is_thing])).toEqual(
      expected.map((s) => [s.label, s.is_thing]),
    );
    for (const [i, s] of expected.entries()) {
      const mask = await maskOf(body.segments[i].mask_png_base64);
      expect(differing(mask.on, truthMask(truth, s.ids)), s.label).toBe(0);
    }
  },
};

function paramsFor(path: DeploymentPath, truth: Truth): Record<string, unknown> {
  if (path === 'zero-shot-object-detection') {
    const labels = [...new Set(truth.objects.map((o) => o.label))];
    return { queries: [...labels, 'umbrella'], confidence_threshold: 0.3, max_results: 100 };
  }
  if (path === 'zero-shot-image-classification') {
    return { candidate_labels: ['street', 'living room', 'mountain lake', 'umbrella'] };
  }
  return EVERYTHING[path] ?? {};
}

describe("each sample's sandbox answer is its ground truth", () => {
  for (const id of SAMPLES) {
    it.each(DEPLOYMENT_PATHS)(`${id}: %s`, async (path) => {
      const truth = truths[id];
      const body = await call(path, truth.jpeg, paramsFor(path, truth));
      expect(body).toMatchObject({
        sandbox: true,
        task: path,
        image: { width: 960, height: 640, original_width: 960, original_height: 640 },
      });
      await expectations[path](truth, body);
    });
  }
});

describe('zero-shot labels and queries are scored against what the sample shows', () => {
  it('the playground defaults rank what is in the picture first', async () => {
    const candidate_labels = ['cat', 'dog', 'car', 'mountain landscape'];
    const ranked = async (id: SampleId) =>
      (
        await call('zero-shot-image-classification', truths[id].jpeg, { candidate_labels })
      ).predictions.map((p: { label: string }) => p.label);
    expect((await ranked('street'))[0]).toBe('car');
    expect((await ranked('pets')).slice(0, 2)).toEqual(['dog', 'cat']);
    expect((await ranked('mountains'))[0]).toBe('mountain landscape');
  });

  it('unrelated labels share the rest equally; the scores sum to 1', async () => {
    const body = await call('zero-shot-image-classification', truths.street.jpeg, {
      candidate_labels: ['a photo of a car', 'spaceship', 'banana', 'violin'],
    });
    expect(body.predictions[0].label).toBe('a photo of a car');
    const rest = body.predictions.slice(1).map((p: { score: number }) => p.score);
    expect(new Set(rest).size).toBe(1);
    const sum = body.predictions.reduce((s: number, p: { score: number }) => s + p.score, 0);
    expect(sum).toBeCloseTo(1, 6);
  });

  it('a colour picks the right car, and an object that is not there finds nothing', async () => {
    const street = truths.street;
    const [red, blue] = street.objects.filter((o) => o.label === 'car');
    const body = await call('zero-shot-object-detection', street.jpeg, {
      queries: ['red car', 'blue cars', 'person with umbrella', 'green car'],
    });
    expect(body.predictions).toEqual([
      { label: 'red car', score: red!.score, box: red!.box },
      { label: 'blue cars', score: blue!.score, box: blue!.box },
    ]);
  });
});

/** The street sample as a browser or a user might send it. */
const VARIANTS: Array<[string, (jpeg: Buffer) => Promise<Buffer>]> = [
  ['re-encoded as a low-quality JPEG', (b) => sharp(b).jpeg({ quality: 40 }).toBuffer()],
  ['converted to PNG', (b) => sharp(b).png().toBuffer()],
  ['halved and converted to WebP', (b) => sharp(b).resize(480).webp({ quality: 60 }).toBuffer()],
  ['shrunk to 355 px, odd sizes', (b) => sharp(b).resize(355).jpeg().toBuffer()],
  ['enlarged to 1440 px (processed at 1024)', (b) => sharp(b).resize(1440).jpeg().toBuffer()],
];

describe('a re-encoded or resized sample is still recognised', () => {
  it.each(VARIANTS)('street %s: boxes scaled to the image sent', async (_, make) => {
    const street = truths.street;
    const image = await make(street.jpeg);
    const meta = await sharp(image).metadata();
    const body = await call('object-detection', image, EVERYTHING['object-detection']);
    expect(body.image).toMatchObject({ original_width: meta.width, original_height: meta.height });
    const sx = meta.width! / street.width;
    const sy = meta.height! / street.height;
    const things = street.objects.filter((o) => o.thing).sort(byScore);
    expect(body.predictions.map((p: { label: string }) => p.label)).toEqual(
      things.map((o) => o.label),
    );
    for (const [i, o] of things.entries()) {
      const box = body.predictions[i].box;
      expect(box.x_min).toBeCloseTo(o.box.x_min * sx, 1);
      expect(box.y_min).toBeCloseTo(o.box.y_min * sy, 1);
      expect(box.x_max).toBeCloseTo(o.box.x_max * sx, 1);
      expect(box.y_max).toBeCloseTo(o.box.y_max * sy, 1);
    }
  });

  it('masks come at the processed size and cover the same objects', async () => {
    const street = truths.street;
    const image = await sharp(street.jpeg).resize(480).webp({ quality: 60 }).toBuffer();
    const body = await call('image-segmentation/semantic', image);
    const car = body.segments.find((s) => s.label === 'car')!;
    const mask = await maskOf(car.mask_png_base64);
    const carIds = street.objects.filter((o) => o.label === 'car').map((o) => o.id);
    expect([mask.width, mask.height]).toEqual([480, 320]);
    const expected = new Uint8Array(
      await sharp(Buffer.from(truthMask(street, carIds).map((v) => v * 255)), {
        raw: { width: street.width, height: street.height, channels: 1 },
      })
        .resize(480, 320, { kernel: 'nearest' })
        .extractChannel(0)
        .raw()
        .toBuffer(),
    ).map((v) => +(v > 127));
    const carPixels = expected.reduce((s, v) => s + v, 0);
    expect(differing(mask.on, expected)).toBeLessThan(carPixels * 0.02);
  });
});

/** Placeholder labels: numbered sample names, never a real class. */
const PLACEHOLDER = /^sample (object|region|class) \d+$|^sample box for "/;

describe('any other image gets a placeholder nobody takes for a model', () => {
  const others: Array<[string, () => Promise<Buffer>]> = [
    ['the street sample mirrored', () => sharp(truths.street.jpeg).flop().jpeg().toBuffer()],
    [
      'the street sample cropped by 3%',
      () =>
        sharp(truths.street.jpeg)
          .extract({ left: 15, top: 10, width: 930, height: 620 })
          .jpeg()
          .toBuffer(),
    ],
    [
      'the street sample with the blue car painted over',
      () =>
        sharp(truths.street.jpeg)
          .composite([
            {
              input: { create: { width: 232, height: 120, channels: 3, background: '#5b5f66' } },
              left: 559,
              top: 417,
            },
          ])
          .jpeg()
          .toBuffer(),
    ],
    [
      'a photo-like gradient',
      () =>
        sharp({ create: { width: 640, height: 480, channels: 3, background: '#6699cc' } })
          .composite([
            {
              input: { create: { width: 640, height: 200, channels: 3, background: '#557733' } },
              top: 280,
              left: 0,
            },
          ])
          .png()
          .toBuffer(),
    ],
  ];

  it.each(others)('%s: no real class names on any deployment', async (_, make) => {
    const image = await make();
    for (const path of DEPLOYMENT_PATHS) {
      const body = await call(path, image, {
        ...EVERYTHING[path],
        ...(path === 'zero-shot-object-detection'
          ? { queries: ['car', 'person', 'road', 'sky', 'tree', 'dog'], confidence_threshold: 0 }
          : {}),
        ...(path === 'zero-shot-image-classification'
          ? { candidate_labels: ['car', 'street', 'dog'] }
          : {}),
      });
      expect(body.sandbox).toBe(true);
      const labels: string[] = (body.predictions ?? body.segments ?? []).map(
        (p: { label: string }) => p.label,
      );
      if (path === 'zero-shot-image-classification') {
        // The candidates are the caller's words; the sandbox gives each the same share.
        expect(body.predictions.map((p: { score: number }) => p.score).sort()).toEqual([
          0.333333, 0.333333, 0.333334,
        ]);
      } else if (path === 'depth-estimation') {
        // A plain top-to-bottom ramp: every row one value.
        const { data, info } = await sharp(Buffer.from(body.depth.png_base64, 'base64'))
          .extractChannel(0)
          .raw()
          .toBuffer({ resolveWithObject: true });
        for (let y = 0; y < info.height; y += 37) {
          const row = data.subarray(y * info.width, (y + 1) * info.width);
          expect(new Set(row).size).toBe(1);
        }
      } else {
        expect(labels.length, path).toBeGreaterThan(0);
        for (const label of labels) expect(label, path).toMatch(PLACEHOLDER);
      }
    }
  });

  it('the samples never stand in for each other', async () => {
    for (const id of SAMPLES) {
      const body = await call('image-classification', truths[id].jpeg, { top_k: 1 });
      const own = [...truths[id].classes].sort((a, b) => b.score - a.score)[0]!.label;
      expect(body.predictions).toEqual([{ label: own, score: expect.any(Number) }]);
    }
  });
});

describe('generated files', () => {
  it('the committed samples and their ground truth are what the generator writes', async () => {
    const { stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/generate-samples.mjs', '--check'],
      { timeout: 60_000 },
    ).catch((error: { stderr: string }) => ({ stderr: `failed: ${error.stderr}` }));
    expect(stderr).toBe('');
  });
});

describe('contract', () => {
  it('every answer in this file matches the OpenAPI documents', async () => {
    await expectAnswersMatchOpenApi(h, recordedAnswers);
  });
});
