/**
 * The playground's own samples tell the truth: run on the local sandbox, the street sample's
 * boxes sit on its cars, its segments and zero-shot scores name what the picture shows (the
 * ground truth scripts/generate-samples.mjs wrote). With SAMPLE_SHOTS_DIR set, each result is
 * also saved as a 1280 px screenshot to be looked at.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { dismissCookieBanner } from './fixtures';
import { test, expect } from './support/fixtures';
import { buyCredits, callApi, signIn } from './support/identity';

const SERVICES = 'http://localhost:4020';
const SHOTS = process.env.SAMPLE_SHOTS_DIR;

interface TruthObject {
  id: number;
  label: string;
  thing: boolean;
  score: number;
  box: { x_min: number; y_min: number; x_max: number; y_max: number };
}
const street = JSON.parse(
  readFileSync('server/src/services/sandbox/ground-truth/street.json', 'utf8'),
) as { width: number; height: number; objects: TruthObject[] };

const signedInWithCredits = test.extend<{ ready: void }>({
  ready: async ({ page, user }, use) => {
    await callApi(user, 'POST', 'api-key', { name: 'browser' });
    await buyCredits(user, 5);
    await dismissCookieBanner(page);
    await signIn(page, user);
    await use();
  },
});

signedInWithCredits.use({ viewport: { width: 1280, height: 900 } });

/** Opens a deployment page, picks the street sample with its button, runs it, returns the playground. */
async function runStreetSample(page: Page, path: string): Promise<Locator> {
  await page.goto(`/dashboard/public-deployment/${path}/`);
  const playground = page.getByRole('region', { name: 'Playground' });
  // The playground loads when its section nears the viewport.
  await playground.scrollIntoViewIfNeeded();
  await playground.getByRole('button', { name: 'Use sample: Street scene' }).click();
  await expect(playground.getByRole('img', { name: 'Chosen image' })).toBeVisible();
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.url() === `${SERVICES}/${path}` && r.request().method() === 'POST',
    ),
    playground.getByRole('button', { name: 'Run', exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);
  await expect(playground.getByText('Sample result (sandbox)')).toBeVisible();
  return playground;
}

async function screenshot(playground: Locator, name: string) {
  if (!SHOTS) return;
  await playground.scrollIntoViewIfNeeded();
  await playground.screenshot({ path: `${SHOTS}/${name}-1280.png` });
}

signedInWithCredits(
  'object detection on the street sample: a "car" box over each car, where the ground truth has it',
  async ({ page, ready: _ }) => {
    const playground = await runStreetSample(page, 'object-detection');
    const image = playground.getByRole('img', { name: 'Input image with detections' });
    const detections = playground.getByRole('list', { name: 'Detections' }).getByRole('listitem');
    const things = street.objects.filter((o) => o.thing).sort((a, b) => b.score - a.score);
    // Every object the picture holds, and nothing it does not (no umbrella on the road).
    await expect(detections).toHaveCount(things.length);
    for (const [i, o] of things.entries()) {
      await expect(detections.nth(i)).toHaveAccessibleName(`${o.label} ${o.score.toFixed(2)}`);
    }

    const frame = (await image.boundingBox())!;
    const scale = frame.width / street.width;
    expect(frame.height / street.height).toBeCloseTo(scale, 2);
    const cars = things.filter((o) => o.label === 'car');
    expect(cars).toHaveLength(2);
    // The red car on the left, the blue one on the right of the person.
    for (const car of cars) {
      const box = playground.getByRole('listitem', { name: `car ${car.score.toFixed(2)}` });
      const drawn = (await box.boundingBox())!;
      // Where the box is drawn on the page, in sample pixels: within 2 px of the ground truth.
      const toSample = (v: number) => v / scale;
      expect(Math.abs(toSample(drawn.x - frame.x) - car.box.x_min)).toBeLessThan(2);
      expect(Math.abs(toSample(drawn.y - frame.y) - car.box.y_min)).toBeLessThan(2);
      expect(Math.abs(toSample(drawn.x + drawn.width - frame.x) - car.box.x_max)).toBeLessThan(2);
      expect(Math.abs(toSample(drawn.y + drawn.height - frame.y) - car.box.y_max)).toBeLessThan(2);
    }
    await screenshot(playground, 'object-detection');
  },
);

signedInWithCredits(
  'segmentation, depth and zero-shot classification of the street sample name what it shows',
  async ({ page, ready: _ }) => {
    test.setTimeout(90_000);
    const semantic = await runStreetSample(page, 'image-segmentation/semantic');
    const labels = [...new Set(street.objects.map((o) => o.label))];
    const segments = semantic.getByRole('list', { name: 'Segments' }).getByRole('listitem');
    await expect(segments).toHaveCount(labels.length);
    for (const [i, label] of labels.entries()) {
      await expect(segments.nth(i)).toHaveAccessibleName(label);
    }
    await expect(semantic.getByRole('img', { name: 'Segment masks', exact: true })).toHaveAttribute(
      'data-state',
      'ready',
    );
    await screenshot(semantic, 'semantic-segmentation');

    const depth = await runStreetSample(page, 'depth-estimation');
    await expect(depth.getByRole('img', { name: 'Depth map' })).toHaveAttribute(
      'data-state',
      'ready',
    );
    await screenshot(depth, 'depth-estimation');

    // The playground's default candidates: cat, dog, car, mountain landscape.
    const zeroShot = await runStreetSample(page, 'zero-shot-image-classification');
    const ranked = zeroShot.getByRole('list', { name: 'Predictions' }).getByRole('listitem');
    await expect(ranked).toHaveCount(4);
    await expect(ranked.first()).toHaveAccessibleName(/^car 0\.9\d$/);
    await screenshot(zeroShot, 'zero-shot-image-classification');
  },
);
