import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [1350, 1280, 1000, 800, 390]) {
  const page = await browser.newPage({ viewport: { width, height: 940 } });
  await page.route('**/v1/pricing/**', async (route) => { await new Promise((r) => setTimeout(r, 800)); await route.continue(); });
  await page.goto('http://localhost:3001/pricing/');
  const sk = await page.locator('[aria-label="Loading prices"]').boundingBox().catch(() => null);
  const before = await page.locator('section[aria-labelledby="coming-soon-heading"]').boundingBox();
  await page.waitForSelector('table');
  await page.waitForTimeout(300);
  const after = await page.locator('section[aria-labelledby="coming-soon-heading"]').boundingBox();
  console.log(width, 'skeleton', sk?.height, 'comingSoon y', before?.y, '->', after?.y);
  await page.close();
}
await browser.close();
