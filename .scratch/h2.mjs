import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [1350, 1100, 997, 996, 900, 768, 600, 430, 390, 360]) {
  const page = await browser.newPage({ viewport: { width, height: 940 } });
  await page.goto('http://localhost:3001/pricing/');
  await page.waitForSelector('table');
  await page.waitForTimeout(200);
  const h = await page.evaluate(() => { const lead = document.querySelector('main p'); const cs = document.querySelector('section[aria-labelledby="coming-soon-heading"]'); return cs.getBoundingClientRect().top - lead.getBoundingClientRect().bottom; });
  console.log(width, Math.round(h));
  await page.close();
}
await browser.close();
