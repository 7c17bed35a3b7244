import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const r = await lighthouse(process.argv[2], { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktopConfig);
const a = r.lhr.audits['layout-shifts'];
console.log(JSON.stringify(a?.details?.items?.map((i) => ({ score: i.score, node: i.node?.snippet?.slice(0, 200), sel: i.node?.selector })), null, 1));
await chrome.kill();
