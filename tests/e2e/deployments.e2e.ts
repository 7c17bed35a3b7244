/**
 * Every public deployment page, signed in with a `used_for_ui` key: upload a
 * bundled sample, run, and the rendering matches the JSON answer; the call
 * is charged the page's advertised price (balance chip and usage).
 */
import type { Page } from '@playwright/test';
import { dismissCookieBanner } from './fixtures';
import { test, expect } from './support/fixtures';
import { buyCredits, callApi, signIn, type TestUser } from './support/identity';

const SERVICES = 'http://localhost:4020';
const STARTING_CREDITS = 5;

type Kind = 'boxes' | 'bars' | 'masks' | 'depth';
const PAGES: Array<{ path: string; kind: Kind; sample: string; boxes?: boolean }> = [
  { path: 'object-detection', kind: 'boxes', sample: 'street' },
  { path: 'zero-shot-object-detection', kind: 'boxes', sample: 'street' },
  { path: 'image-classification', kind: 'bars', sample: 'pets' },
  { path: 'zero-shot-image-classification', kind: 'bars', sample: 'pets' },
  { path: 'depth-estimation', kind: 'depth', sample: 'mountains' },
  { path: 'image-segmentation/semantic', kind: 'masks', sample: 'street' },
  { path: 'image-segmentation/instance', kind: 'masks', sample: 'street', boxes: true },
  { path: 'image-segmentation/panoptic', kind: 'masks', sample: 'mountains' },
];

interface Answer {
  sandbox: boolean;
  task: string;
  usage: { cost_usd: number; remaining_credits: number; transaction_id: string };
  predictions?: Array<{ label: string; score: number }>;
  segments?: Array<{ label: string; score?: number }>;
  depth?: { width: number; height: number };
}

/** A user with an organization, an API key marked `used_for_ui` (the first one), $5 of credits, signed in. */
const keyed = test.extend<{ funded: TestUser }>({
  funded: async ({ page, user }, use) => {
    await callApi(user, 'POST', 'api-key', { name: 'browser' });
    await buyCredits(user, STARTING_CREDITS);
    await dismissCookieBanner(page);
    await signIn(page, user);
    await use(user);
  },
});

async function lowerThreshold(page: Page) {
  const threshold = page.getByRole('spinbutton', { name: /confidence_threshold/ });
  if (await threshold.count()) await threshold.fill('0');
}

for (const { path, kind, sample, boxes } of PAGES) {
  keyed(
    `${path}: a sample runs and renders as ${kind}, charged the advertised price`,
    async ({ page, funded }) => {
      test.setTimeout(90_000);
      await page.goto(`/dashboard/public-deployment/${path}/`);
      const chip = page.getByTestId('balance-chip');
      await expect(chip.getByRole('link', { name: `$${STARTING_CREDITS}` })).toBeVisible({
        timeout: 20_000,
      });
      const price = page.getByTestId('deployment-price').locator('[data-price-usd]');
      await expect(price).toBeVisible();
      const advertised = Number(await price.getAttribute('data-price-usd'));
      expect(advertised).toBeGreaterThan(0);

      const playground = page.getByRole('region', { name: 'Playground' });
      // The playground loads when its section nears the viewport.
      await playground.scrollIntoViewIfNeeded();
      await playground.getByLabel('Image file').setInputFiles(`static/img/samples/${sample}.jpg`);
      await expect(playground.getByRole('img', { name: 'Chosen image' })).toBeVisible();
      await lowerThreshold(page);
      const [response] = await Promise.all([
        page.waitForResponse(
          (r) => r.url() === `${SERVICES}/${path}` && r.request().method() === 'POST',
        ),
        playground.getByRole('button', { name: 'Run', exact: true }).click(),
      ]);
      expect(response.status()).toBe(200);
      const answer = (await response.json()) as Answer;
      expect(answer.sandbox).toBe(true);
      await expect(playground.getByText('Sample result (sandbox)')).toBeVisible();

      if (kind === 'boxes') {
        const items = playground.getByRole('list', { name: 'Detections' }).getByRole('listitem');
        await expect(items).toHaveCount(answer.predictions!.length);
        expect(answer.predictions!.length).toBeGreaterThan(0);
        const first = answer.predictions![0]!;
        await expect(items.first()).toHaveAccessibleName(
          `${first.label} ${first.score.toFixed(2)}`,
        );
      } else if (kind === 'bars') {
        const items = playground.getByRole('list', { name: 'Predictions' }).getByRole('listitem');
        await expect(items).toHaveCount(answer.predictions!.length);
        const first = answer.predictions![0]!;
        await expect(items.first()).toHaveAccessibleName(
          `${first.label} ${first.score.toFixed(2)}`,
        );
      } else if (kind === 'masks') {
        const segments = answer.segments!;
        expect(segments.length).toBeGreaterThan(0);
        await expect(
          playground.getByRole('list', { name: 'Segments' }).getByRole('listitem'),
        ).toHaveCount(segments.length);
        const masks = playground.getByRole('img', { name: 'Segment masks', exact: true });
        await expect(masks).toHaveAttribute('data-state', 'ready');
        await expect(masks).toHaveAttribute('data-mask-layers', String(segments.length));
        await playground.getByRole('slider', { name: 'Mask opacity' }).fill('0.3');
        await expect(masks).toHaveCSS('opacity', '0.3');
        if (boxes) {
          await expect(
            playground.getByRole('list', { name: 'Detections' }).getByRole('listitem'),
          ).toHaveCount(segments.length);
        }
      } else {
        await expect(playground.getByRole('img', { name: 'Depth map' })).toHaveAttribute(
          'data-state',
          'ready',
        );
        await expect(playground.getByRole('img', { name: 'Input image' })).toBeVisible();
        await expect(playground.getByLabel('Depth colour scale')).toContainText('Near');
      }

      await playground.getByRole('tab', { name: 'JSON' }).click();
      await expect(playground.getByLabel('Raw JSON answer')).toContainText(`"task": "${path}"`);

      // Charged the advertised price: the answer, the cost line, the chip and the ledger agree.
      expect(answer.usage.cost_usd).toBe(advertised);
      expect(answer.usage.remaining_credits).toBeCloseTo(STARTING_CREDITS - advertised, 6);
      await expect(playground.getByTestId('call-cost')).toHaveText(`Cost: $${advertised}`);
      await expect(playground.getByTestId('remaining-balance')).toHaveText(
        `Remaining balance: $${answer.usage.remaining_credits}`,
      );
      await expect(
        chip.getByRole('link', { name: `$${answer.usage.remaining_credits}` }),
      ).toBeVisible();
      const ledger = await callApi<{
        transactions: Array<{
          id: string;
          kind: string;
          deployment: string | null;
          amount_usd: number;
        }>;
      }>(funded, 'GET', 'transaction?skip=0&limit=10');
      const usage = ledger.transactions.find((t) => t.id === answer.usage.transaction_id);
      expect(usage).toMatchObject({ kind: 'usage', deployment: path });
      expect(usage!.amount_usd).toBeCloseTo(-advertised, 6);
    },
  );
}
