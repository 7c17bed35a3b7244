// Renders the PWA icons, favicon and social card from static/img/logo.svg.
// Run once after changing the logo: `node scripts/generate-icons.mjs`.
import sharp from 'sharp';
import { readFile, writeFile } from 'node:fs/promises';

const logo = await readFile(new URL('../static/img/logo.svg', import.meta.url));
const out = (name) => new URL(`../static/img/${name}`, import.meta.url).pathname;

for (const size of [192, 512]) {
  await sharp(logo, { density: 600 })
    .resize(size, size)
    .png()
    .toFile(out(`icon-${size}.png`));
}
// Maskable icon: the logo inside the safe zone on the brand colour.
const inner = await sharp(logo, { density: 600 }).resize(384, 384).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#3b3bd4' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(out('icon-maskable-512.png'));
// favicon.ico holding a single 32 px PNG (ICO allows PNG payloads).
const png32 = await sharp(logo, { density: 300 }).resize(32, 32).png().toBuffer();
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(png32.length, 14);
header.writeUInt32LE(22, 18);
await writeFile(out('favicon.ico'), Buffer.concat([header, png32]));

const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#1e1e6e"/><stop offset="1" stop-color="#3b3bd4"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <text x="80" y="300" font-family="DejaVu Sans, sans-serif" font-size="84" font-weight="700" fill="#fff">VisionAPI</text>
  <text x="80" y="380" font-family="DejaVu Sans, sans-serif" font-size="36" fill="#cfd3ff">Computer-vision APIs, billed per call in USD credits</text>
</svg>`;
const logoBig = await sharp(logo, { density: 600 }).resize(220, 220).png().toBuffer();
await sharp(Buffer.from(card))
  .composite([{ input: logoBig, left: 900, top: 200 }])
  .png()
  .toFile(out('social-card.png'));
console.log('icons written');
