/** The contact form and the docs' "Was this page helpful?" widget, both through POST email. */
import { dismissCookieBanner, expect, waitForHydration } from './fixtures';
import { test } from './support/fixtures';

type Sent = { subject: string; body: string; pageId: string; email?: string };

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('a signed-in user finds the e-mail filled in and sends a message', async ({
  signedInPage: page,
  user,
}) => {
  await page.goto('/contact-us/');
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
  await page.getByLabel('Subject').fill('Volume pricing');
  await page.getByLabel('Message').fill('We expect a million calls a month.');
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/v1/email',
  );
  await page.getByRole('button', { name: 'Send message' }).click();
  const request = await sent;
  expect(request.postDataJSON() as Sent).toEqual({
    subject: 'Volume pricing',
    body: 'We expect a million calls a month.',
    pageId: 'contact-us',
    email: user.email,
  });
  expect(request.headers()['authorization']).toMatch(/^Bearer /);
  await expect(page.getByText('Thank you! Your message is on its way.')).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');
});

test('docs pages ask whether they helped and send the answer with the doc id', async ({ page }) => {
  await page.goto('/dashboard/public-deployment/object-detection/');
  await waitForHydration(page);
  const widget = page.getByRole('region', { name: 'Was this page helpful?' });
  await widget.getByRole('button', { name: 'No' }).click();
  await expect(widget.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true');
  await widget.getByLabel('What was missing or wrong? (optional)').fill('A Go example, please.');
  await widget.getByRole('button', { name: 'Send feedback' }).click();
  await expect(widget.getByText('Enter your e-mail address.')).toBeVisible();
  await widget.getByLabel('Your e-mail').fill('reader@example.com');
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/v1/email',
  );
  await widget.getByRole('button', { name: 'Send feedback' }).click();
  const body = (await sent).postDataJSON() as Sent;
  expect(body.pageId).toBe('public-deployment/object-detection');
  expect(body.email).toBe('reader@example.com');
  expect(body.subject).toMatch(/^Docs feedback: not helpful – /);
  expect(body.body).toContain('Helpful: no');
  expect(body.body).toContain('Page: /dashboard/public-deployment/object-detection');
  expect(body.body).toContain('Comment: A Go example, please.');
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
});
