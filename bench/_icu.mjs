import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS } from './common.mjs';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
for (let i = 0; i < 3; i++) {
const page = await browser.newPage();
await page.goto('http://localhost:3001/nonexistent-xyz/');
console.log(await page.evaluate(() => { const t = performance.now(); 'a'.localeCompare('b'); const t2 = performance.now(); 'c'.localeCompare('d'); const t3 = performance.now(); const t4=performance.now(); const c = document.cookie; const t5 = performance.now(); localStorage.getItem('x'); const t6=performance.now(); return { first: t2 - t, second: t3 - t2, cookie: t5-t4, ls: t6-t5 }; }));
await page.close();
}
await browser.close();
