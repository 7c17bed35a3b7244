/**
 * The reference (server-rendered, readable without JavaScript), the code
 * samples with the reader's key, the overview page and "notify me".
 */
import type { Page } from '@playwright/test';
import { dismissCookieBanner, waitForHydration } from './fixtures';
import { test, expect } from './support/fixtures';
import { callApi, signIn } from './support/identity';

const PAGE = '/dashboard/public-deployment/zero-shot-object-detection/';

test('the reference is in the static HTML and readable without JavaScript', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(PAGE);
  await expect(page.getByTestId('endpoint-url')).toHaveText(
    'http://localhost:4020/zero-shot-object-detection',
  );
  const params = page.getByRole('table', { name: 'Zero-shot object detection parameters' });
  await expect(params.getByRole('row')).toHaveCount(4);
  await expect(params.getByRole('row', { name: /queries/ })).toContainText('1 to 20 items');
  await expect(params.getByRole('row', { name: /confidence_threshold/ })).toContainText('0.3');
  await expect(
    page.getByRole('table', { name: 'Zero-shot object detection errors' }),
  ).toContainText('402');
  await expect(page.getByText('300 calls per minute per API key')).toBeVisible();
  await expect(page.getByText('at most 10 MB per image')).toBeVisible();
  await expect(page.locator('pre', { hasText: 'YOUR_API_KEY' }).first()).toBeAttached();
  await context.close();
});

test('signed out: samples carry the placeholder and a sign-in link; the price comes from pricing', async ({
  page,
}) => {
  await dismissCookieBanner(page);
  await page.goto(PAGE);
  await waitForHydration(page);
  await expect(page.getByTestId('deployment-price')).toHaveText('$0.006 per call');
  await expect(page.getByLabel('curl sample', { exact: true })).toContainText(
    "-H 'api-key: YOUR_API_KEY'",
  );
  const signIn = page.getByRole('link', { name: 'Sign in', exact: true });
  await expect(signIn).toHaveAttribute('href', /\/sign-in\/\?redirect=/);
});

test('signed in: a test key is masked, revealed on demand, and copied in full; never the UI key', async ({
  page,
  context,
  user,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  // A live key (its secret was shown once) and a test key (readable: free sample answers).
  await callApi(user, 'POST', 'api-key', { name: 'backend' });
  await callApi(user, 'POST', 'api-key', { name: 'Test key', mode: 'test' });
  const { api_keys } = await callApi<{
    api_keys: Array<{ id: string; key?: string; name: string; used_for_ui: boolean }>;
  }>(user, 'GET', 'api-key');
  const ui = api_keys.find((k) => k.used_for_ui)!;
  const backend = api_keys.find((k) => k.name === 'backend')!;
  expect(backend.key).toBeUndefined();
  const secret = api_keys.find((k) => k.name === 'Test key')!.key!;
  expect(secret).toMatch(/^va_test_/);
  await dismissCookieBanner(page);
  await signIn(page, user, PAGE);
  const sample = page.getByLabel('curl sample', { exact: true });
  await expect(page.getByTestId('sample-key')).toHaveText(/^va_test_.{4}•{12}.{4}$/, {
    timeout: 20_000,
  });
  await expect(page.getByTestId('sample-key')).toHaveText(
    `${secret.slice(0, 12)}${'•'.repeat(12)}${secret.slice(-4)}`,
  );
  const picker = page.getByLabel('Key in the samples');
  await expect(picker).toContainText('Test key (test');
  await expect(picker).toContainText('backend (live');
  // The in-browser key answers the site's own origins only: never in a sample.
  await expect(picker).not.toContainText(ui.name);
  await expect(sample).not.toContainText(ui.key!);
  await expect(sample).not.toContainText(secret);
  await page.getByRole('button', { name: 'Reveal key' }).click();
  await expect(sample).toContainText(`-H 'api-key: ${secret}'`);

  await page.getByRole('tab', { name: 'Python', exact: true }).click();
  await expect(page.getByLabel('Python sample', { exact: true })).toContainText(
    `headers={'api-key': '${secret}'}`,
  );
  await page.getByRole('button', { name: 'Copy Python sample' }).click();
  await expect(page.getByRole('button', { name: 'Copy Python sample' })).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`'api-key': '${secret}'`);
  expect(copied).toContain('http://localhost:4020/zero-shot-object-detection');

  await page.getByRole('button', { name: 'Hide key' }).click();
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  // A live key picked: its secret was shown once, so the samples keep a placeholder and say so.
  await picker.selectOption(backend.id);
  await expect(page.getByLabel('Python sample', { exact: true })).toContainText(
    "headers={'api-key': 'YOUR_API_KEY'}",
  );
  await expect(page.getByText('The secret of the live key backend was shown once')).toBeVisible();
});

test('signed in without a test key: the samples keep the placeholder and offer one', async ({
  page,
  user,
}) => {
  await callApi(user, 'POST', 'api-key', { name: 'backend' });
  await dismissCookieBanner(page);
  await signIn(page, user, PAGE);
  const bar = page.locator('[data-key-state="ready"]');
  await expect(bar).toContainText('A test key answers with free sample results', {
    timeout: 20_000,
  });
  await expect(page.getByLabel('curl sample', { exact: true })).toContainText(
    "-H 'api-key: YOUR_API_KEY'",
  );
  await expect(page.getByRole('button', { name: 'Reveal key' })).toHaveCount(0);
  await bar.getByRole('button', { name: 'Create a test key' }).click();
  await expect(page.getByTestId('sample-key')).toHaveText(/^va_test_.{4}•{12}.{4}$/);
  await expect(bar.getByRole('button', { name: 'Create a test key' })).toHaveCount(0);
});

test('the example response is highlighted JSON, and its Copy button copies it exactly', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await dismissCookieBanner(page);
  await page.goto(PAGE);
  await waitForHydration(page);
  const block = page.locator('.theme-code-block', { hasText: 'Example response' });
  const code = block.locator('pre code');
  await expect(code).toContainText('"predictions": [');
  // Coloured by the theme: property names are their own tokens.
  await expect(code.locator('.token.property', { hasText: '"sandbox"' })).toBeVisible();
  await block.hover();
  await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
  await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await code.innerText());
  expect(JSON.parse(copied)).toMatchObject({ sandbox: true, task: 'zero-shot-object-detection' });
});

test.describe('code a page does not show is not fetched (issue 24)', () => {
  /** Scripts of a load that carry `marker`, a string only that code has. */
  function scriptsWith(page: Page, marker: string): string[] {
    const found: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      if (body.toString('latin1').includes(marker)) found.push(response.url());
    });
    return found;
  }

  test("a deployment page fetches neither the theme's CodeBlock nor Prism; its JSON is still highlighted", async ({
    page,
  }) => {
    const codeBlock = scriptsWith(page, 'codeBlockContainer');
    const prism = scriptsWith(page, 'languages.json');
    await page.goto(PAGE, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await expect(
      page
        .locator('.theme-code-block', { hasText: 'Example response' })
        .locator('.token.property')
        .first(),
    ).toBeVisible();
    expect(codeBlock).toEqual([]);
    expect(prism).toEqual([]);
  });

  test('a page with code fences has them highlighted in its static HTML, then fetches the CodeBlock', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/dashboard/teams/')).text();
    // Written in place: no fallback, no script moving content after the fact.
    expect(html).toContain('class="prism-code language-bash');
    expect(html).not.toContain('<!--$?-->');
    expect(html).not.toContain('$RC(');

    const codeBlock = scriptsWith(page, 'codeBlockContainer');
    await page.goto('/dashboard/teams/', { waitUntil: 'networkidle' });
    await waitForHydration(page);
    expect(codeBlock.length).toBeGreaterThan(0);
    const block = page.locator('.theme-code-block').first();
    await expect(block.locator('.token').first()).toBeVisible();
    await block.hover();
    await expect(block.getByRole('button', { name: 'Copy code to clipboard' })).toBeVisible();
  });

  test('reached by a client-side link, a page with code fences shows them highlighted', async ({
    page,
  }) => {
    await page.goto(PAGE);
    await waitForHydration(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/dashboard/teams/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/team/i);
    await expect(page.locator('.theme-code-block .token').first()).toBeVisible();
  });
});

test('the chosen language is remembered on the next deployment page', async ({ page }) => {
  await dismissCookieBanner(page);
  await page.goto(PAGE);
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'JavaScript' }).click();
  await page.goto('/dashboard/public-deployment/depth-estimation/');
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: 'JavaScript' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByLabel('JavaScript sample', { exact: true })).toContainText(
    "fetch('http://localhost:4020/depth-estimation'",
  );
});

test('the overview lists every deployment with its endpoint and price', async ({ page }) => {
  await dismissCookieBanner(page);
  await page.goto('/dashboard/public-deployment/');
  const table = page.getByRole('table', { name: 'Public deployments' });
  await expect(table.getByRole('row')).toHaveCount(9);
  const semantic = table.getByRole('row', { name: /Semantic segmentation/ });
  await expect(semantic).toContainText('POST /image-segmentation/semantic');
  await expect(semantic).toContainText('$0.006 per call');
  await semantic.getByRole('link', { name: 'Semantic segmentation' }).click();
  await expect(page).toHaveURL(/\/dashboard\/public-deployment\/image-segmentation\/semantic\/$/);
  await page.goBack();
  await expect(page.getByText('300 calls')).toBeVisible();
});

test('a coming-soon page sends "notify me" with its page id', async ({ page }) => {
  await dismissCookieBanner(page);
  await page.goto('/dashboard/public-deployment/image-inpainting/');
  const form = page.getByRole('form', { name: 'Notify me about Image inpainting' });
  await form.getByLabel('E-mail address').fill('early@example.com');
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/v1/email') && r.method() === 'POST'),
    form.getByRole('button', { name: 'Notify me' }).click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({
    pageId: 'public-deployment/image-inpainting',
    email: 'early@example.com',
    subject: 'Notify me: Image inpainting',
  });
  await expect(page.getByRole('status')).toHaveText(
    'Thanks! We will e-mail you when Image inpainting launches.',
  );
});

test('a table wider than the screen is a named region in the tab order; one that fits is not', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(PAGE);
  await waitForHydration(page);
  const fields = page.getByRole('region', { name: /parameters/ });
  await expect(fields).toHaveAttribute('tabindex', '0');
  // Keyboard scrolling: the region takes focus and the arrow key moves it sideways.
  await fields.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => fields.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  // Wide enough: the same table is a plain box again, out of the tab order.
  await page.setViewportSize({ width: 1600, height: 900 });
  await expect(page.getByRole('region', { name: /parameters/ })).toHaveCount(0);
  await expect(page.getByRole('table', { name: /parameters/ })).toBeVisible();
});
