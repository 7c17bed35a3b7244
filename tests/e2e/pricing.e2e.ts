/** /pricing/: public prices loaded once per app start, the table, the estimator, coming soon. */
import { dismissCookieBanner, expect, test, waitForHydration } from './fixtures';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('shows the public deployments with their price per call, without signing in', async ({
  page,
}) => {
  await page.goto('/pricing/');
  await waitForHydration(page);
  const table = page.getByRole('table', { name: 'Public deployments, prices in USD' });
  const row = table.getByRole('row', { name: /Object detection/ });
  await expect(row).toContainText('POST /object-detection');
  await expect(row).toContainText('$0.004');
  await expect(row).toContainText('$4.00');
  await expect(table.getByRole('row')).toHaveCount(9); // header + 8 public deployments
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  const comingSoon = page.getByRole('region', { name: 'Coming soon' });
  for (const name of ['Image inpainting', 'Super-resolution', 'Visual question answering'])
    await expect(comingSoon.getByRole('link', { name })).toBeVisible();
});

test('estimates the cost of a number of calls', async ({ page }) => {
  await page.goto('/pricing/');
  await waitForHydration(page);
  const estimate = page.getByTestId('estimate');
  await expect(estimate).toHaveText('$40.00');
  await page.getByLabel('Deployment').selectOption({ label: 'Depth estimation' });
  await page.getByLabel('Calls').fill('1,234');
  await expect(estimate).toHaveText('$6.17');
  await page.getByLabel('Calls').fill('1.5');
  await expect(estimate).toHaveText('—');
  await expect(
    page.getByText('Enter a whole number of calls (up to 1,000,000,000).'),
  ).toBeVisible();
});

test('pricing is fetched once at app start, on any page, and reused on the pricing page', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1/pricing/pubic-deployment')
      calls.push(request.url());
  });
  await page.goto('/dashboard/public-deployment/');
  await waitForHydration(page);
  await expect.poll(() => calls.length).toBe(1);
  await page.getByRole('link', { name: 'Pricing', exact: true }).first().click();
  await expect(page.getByRole('table')).toContainText('$0.004');
  expect(calls).toHaveLength(1);
});

for (const width of [1280, 390]) {
  test(`the loaded prices take the place the skeleton held, at ${width} px (no layout shift)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/pricing/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/pricing/', { waitUntil: 'domcontentloaded' });
    const comingSoon = page.getByRole('region', { name: 'Coming soon' });
    await expect(page.getByLabel('Loading prices')).toBeVisible();
    const before = (await comingSoon.boundingBox())!.y;
    release();
    await expect(
      page.getByRole('table', { name: 'Public deployments, prices in USD' }),
    ).toBeVisible();
    const after = (await comingSoon.boundingBox())!.y;
    expect(Math.abs(after - before)).toBeLessThanOrEqual(4);
  });
}
