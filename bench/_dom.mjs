import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS } from './common.mjs';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
const page = await browser.newPage({ viewport: { width: 1350, height: 940 } });
await page.goto(process.argv[2], { waitUntil: 'networkidle' });
const r = await page.evaluate(() => {
  const count = (sel) => [...document.querySelectorAll(sel)].reduce((n, el) => n + el.querySelectorAll('*').length + 1, 0);
  return { all: document.querySelectorAll('*').length, navbar: count('nav.navbar'), sidebar: count('aside'), main: count('main'), footer: count('footer'), links: document.querySelectorAll('a').length, svg: document.querySelectorAll('svg *').length, head: document.head.querySelectorAll('*').length };
});
console.log(JSON.stringify(r));
await browser.close();
