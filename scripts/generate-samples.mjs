/**
 * Draws the playground's bundled sample images (simple scenes as SVG) and
 * writes them as small JPEGs to static/img/samples/. Run once after changing
 * a drawing: `node scripts/generate-samples.mjs`.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve('static/img/samples');
const W = 960;
const H = 640;

const street = `
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#7fb2e5"/><stop offset="1" stop-color="#cfe3f5"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <rect x="40" y="150" width="180" height="260" fill="#b9a18a"/>
  <rect x="240" y="90" width="200" height="320" fill="#9a8f86"/>
  <rect x="700" y="130" width="220" height="280" fill="#c4b29b"/>
  ${Array.from({ length: 12 }, (_, i) => `<rect x="${260 + (i % 4) * 45}" y="${110 + Math.floor(i / 4) * 80}" width="28" height="44" fill="#e8eef5"/>`).join('')}
  <rect y="410" width="${W}" height="230" fill="#5b5f66"/>
  <rect y="400" width="${W}" height="14" fill="#bdbdbd"/>
  ${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 130 + 20}" y="520" width="70" height="10" fill="#f2f2f2"/>`).join('')}
  <g><rect x="110" y="430" width="260" height="70" rx="18" fill="#c0392b"/>
    <rect x="160" y="395" width="150" height="50" rx="14" fill="#a93226"/>
    <rect x="175" y="402" width="55" height="34" rx="6" fill="#d6eaf8"/>
    <rect x="240" y="402" width="55" height="34" rx="6" fill="#d6eaf8"/>
    <circle cx="170" cy="502" r="28" fill="#222"/><circle cx="310" cy="502" r="28" fill="#222"/></g>
  <g><rect x="560" y="450" width="230" height="62" rx="16" fill="#2e86c1"/>
    <rect x="600" y="418" width="140" height="44" rx="12" fill="#2874a6"/>
    <circle cx="612" cy="512" r="24" fill="#222"/><circle cx="740" cy="512" r="24" fill="#222"/></g>
  <g fill="#3d3d3d"><circle cx="470" cy="330" r="18" fill="#e0ac69"/>
    <rect x="452" y="350" width="36" height="70" rx="10" fill="#27ae60"/>
    <rect x="455" y="418" width="12" height="60"/><rect x="473" y="418" width="12" height="60"/></g>
  <rect x="860" y="240" width="10" height="180" fill="#333"/>
  <rect x="846" y="200" width="38" height="80" rx="6" fill="#222"/>
  <circle cx="865" cy="218" r="9" fill="#e74c3c"/><circle cx="865" cy="240" r="9" fill="#f1c40f"/><circle cx="865" cy="262" r="9" fill="#2ecc71"/>
</svg>`;

const pets = `
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <rect width="${W}" height="${H}" fill="#efe2cf"/>
  <rect y="440" width="${W}" height="200" fill="#b07d4f"/>
  <rect x="600" y="70" width="260" height="200" fill="#9fc9e8" stroke="#fff" stroke-width="12"/>
  <rect x="60" y="250" width="300" height="200" rx="20" fill="#6c7a89"/>
  <rect x="40" y="220" width="340" height="60" rx="24" fill="#7f8c9a"/>
  <g fill="#e09b3d"><ellipse cx="520" cy="470" rx="120" ry="60"/>
    <circle cx="640" cy="410" r="52"/><ellipse cx="612" cy="372" rx="16" ry="30" fill="#b8772a"/>
    <ellipse cx="672" cy="372" rx="16" ry="30" fill="#b8772a"/>
    <rect x="430" y="500" width="26" height="70" rx="10"/><rect x="570" y="500" width="26" height="70" rx="10"/>
    <circle cx="625" cy="402" r="6" fill="#222"/><circle cx="658" cy="402" r="6" fill="#222"/>
    <ellipse cx="650" cy="428" rx="10" ry="7" fill="#222"/></g>
  <g fill="#7d7d7d"><ellipse cx="220" cy="215" rx="80" ry="40"/><circle cx="300" cy="185" r="36"/>
    <polygon points="276,160 284,126 298,156" /><polygon points="304,156 318,126 326,162" />
    <circle cx="290" cy="182" r="5" fill="#9acd32"/><circle cx="312" cy="182" r="5" fill="#9acd32"/>
    <path d="M140 215 Q100 180 120 150" stroke="#7d7d7d" stroke-width="12" fill="none"/></g>
  <rect x="760" y="380" width="70" height="90" rx="8" fill="#d35400"/>
  <path d="M795 380 Q770 320 795 300 Q820 320 795 380" fill="#27ae60"/>
</svg>`;

const mountains = `
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#3b7dd8"/><stop offset="1" stop-color="#bcd8f2"/></linearGradient>
  <linearGradient id="lake" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#4f8fc0"/><stop offset="1" stop-color="#1f4e79"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#s)"/>
  <circle cx="780" cy="110" r="46" fill="#fff6c8"/>
  <polygon points="0,380 180,150 330,330 470,120 660,360 800,200 960,340 960,420 0,420" fill="#6f7d8c"/>
  <polygon points="180,150 220,200 150,190" fill="#fff"/><polygon points="470,120 515,180 430,170" fill="#fff"/>
  <polygon points="800,200 835,245 770,240" fill="#fff"/>
  <polygon points="0,420 960,420 960,470 0,470" fill="#4d7c3a"/>
  <rect y="470" width="${W}" height="170" fill="url(#lake)"/>
  ${Array.from({ length: 14 }, (_, i) => `<polygon points="${20 + i * 68},470 ${44 + i * 68},${380 + (i % 3) * 12} ${68 + i * 68},470" fill="#2d5a27"/>`).join('')}
  <polygon points="420,560 560,560 530,590 450,590" fill="#8e5b34"/><rect x="486" y="500" width="6" height="60" fill="#ddd"/>
  <polygon points="492,505 540,550 492,550" fill="#fafafa"/>
</svg>`;

const samples = { street, pets, mountains };

await mkdir(OUT, { recursive: true });
for (const [name, svg] of Object.entries(samples)) {
  const file = path.join(OUT, `${name}.jpg`);
  await sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toFile(file);
  const { size } = await stat(file);
  if (size > 60 * 1024) throw new Error(`${file} is ${size} bytes, over 60 KB`);
  console.log(`${file}: ${(size / 1024).toFixed(1)} KB`);
}
