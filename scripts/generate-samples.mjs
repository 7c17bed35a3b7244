/**
 * Draws the playground's bundled sample images (simple scenes as SVG, one layer per object),
 * writes them as small JPEGs to static/img/samples/, and writes each one's ground truth where the
 * sandbox services host loads it (server/src/services/sandbox/ground-truth/):
 *
 * - `<id>.json`: every object with its label, thing/stuff kind, score, visible box and words a
 *   query may use for it; the scene's class scores; a fingerprint of the JPEG's decoded pixels
 *   (how the sandbox recognises the sample, see server/src/services/sandbox/fingerprint.ts);
 * - `<id>.segments.png`: which object owns each pixel (8-bit, the object's id; masks of every
 *   kind are cut from it);
 * - `<id>.depth.png`: relative depth, brighter is nearer (8-bit).
 *
 * Run after changing a drawing: `node --import tsx scripts/generate-samples.mjs`; `--check`
 * writes nothing and fails when a committed file differs from what it would write.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import prettier from 'prettier';
import sharp from 'sharp';
import { decodeImage } from '../server/src/services/sandbox/image.ts';
import { FINGERPRINT_GRID, fingerprint } from '../server/src/services/sandbox/fingerprint.ts';

const IMAGES = path.resolve('static/img/samples');
const TRUTH = path.resolve('server/src/services/sandbox/ground-truth');
const W = 960;
const H = 640;
const CHECK = process.argv.includes('--check');

/**
 * A scene is its layers, drawn in order (later layers cover earlier ones). Each layer is one
 * object: `thing` for countable objects (detected, instance masks), stuff otherwise (sky, road).
 * `depth` is how near it is (0 far … 1 near): 'sky' (0), 'ground' (nearer towards the bottom,
 * see the scene's `ground`), 'base' (stands on the ground where its lowest visible pixel is) or a
 * number. `terms` name it (the label is one), `attributes` describe it; zero-shot queries and
 * labels are matched against both.
 */
const layer = (label, svg, options = {}) => ({
  label,
  svg,
  thing: false,
  score: 0.95,
  depth: 'base',
  terms: [],
  attributes: [],
  ...options,
});

const BUILDING = ['house', 'office', 'architecture', 'facade'];
const CAR = ['vehicle', 'automobile', 'sedan'];
const PERSON = ['pedestrian', 'people', 'human', 'man', 'woman'];

const street = {
  ground: { top: 400, near: [0.35, 1] },
  defs: `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#7fb2e5"/><stop offset="1" stop-color="#cfe3f5"/></linearGradient></defs>`,
  layers: [
    layer('sky', `<rect width="${W}" height="${H}" fill="url(#sky)"/>`, {
      score: 0.99,
      depth: 'sky',
      attributes: ['blue', 'clear'],
    }),
    layer('building', `<rect x="40" y="150" width="180" height="260" fill="#b9a18a"/>`, {
      depth: 0.3,
      terms: BUILDING,
      attributes: ['brown', 'beige', 'low'],
    }),
    layer(
      'building',
      `<rect x="240" y="90" width="200" height="320" fill="#9a8f86"/>
  ${Array.from({ length: 12 }, (_, i) => `<rect x="${260 + (i % 4) * 45}" y="${110 + Math.floor(i / 4) * 80}" width="28" height="44" fill="#e8eef5"/>`).join('')}`,
      { score: 0.96, depth: 0.3, terms: BUILDING, attributes: ['grey', 'gray', 'tall', 'window'] },
    ),
    layer('building', `<rect x="700" y="130" width="220" height="280" fill="#c4b29b"/>`, {
      score: 0.94,
      depth: 0.3,
      terms: BUILDING,
      attributes: ['beige', 'tan'],
    }),
    layer(
      'road',
      `<rect y="410" width="${W}" height="230" fill="#5b5f66"/>
  ${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 130 + 20}" y="520" width="70" height="10" fill="#f2f2f2"/>`).join('')}`,
      {
        score: 0.98,
        depth: 'ground',
        terms: ['street', 'asphalt', 'lane'],
        attributes: ['grey', 'gray', 'marking'],
      },
    ),
    layer('sidewalk', `<rect y="400" width="${W}" height="14" fill="#bdbdbd"/>`, {
      score: 0.88,
      depth: 'ground',
      terms: ['pavement', 'curb', 'kerb'],
    }),
    layer(
      'car',
      `<g><rect x="110" y="430" width="260" height="70" rx="18" fill="#c0392b"/>
    <rect x="160" y="395" width="150" height="50" rx="14" fill="#a93226"/>
    <rect x="175" y="402" width="55" height="34" rx="6" fill="#d6eaf8"/>
    <rect x="240" y="402" width="55" height="34" rx="6" fill="#d6eaf8"/>
    <circle cx="170" cy="502" r="28" fill="#222"/><circle cx="310" cy="502" r="28" fill="#222"/></g>`,
      { thing: true, score: 0.97, terms: CAR, attributes: ['red', 'parked'] },
    ),
    layer(
      'car',
      `<g><rect x="560" y="450" width="230" height="62" rx="16" fill="#2e86c1"/>
    <rect x="600" y="418" width="140" height="44" rx="12" fill="#2874a6"/>
    <circle cx="612" cy="512" r="24" fill="#222"/><circle cx="740" cy="512" r="24" fill="#222"/></g>`,
      { thing: true, score: 0.96, terms: CAR, attributes: ['blue', 'parked'] },
    ),
    layer(
      'person',
      `<g fill="#3d3d3d"><circle cx="470" cy="330" r="18" fill="#e0ac69"/>
    <rect x="452" y="350" width="36" height="70" rx="10" fill="#27ae60"/>
    <rect x="455" y="418" width="12" height="60"/><rect x="473" y="418" width="12" height="60"/></g>`,
      {
        thing: true,
        score: 0.94,
        terms: PERSON,
        attributes: ['green', 'shirt', 'standing', 'walking'],
      },
    ),
    layer(
      'traffic light',
      `<rect x="860" y="240" width="10" height="180" fill="#333"/>
  <rect x="846" y="200" width="38" height="80" rx="6" fill="#222"/>
  <circle cx="865" cy="218" r="9" fill="#e74c3c"/><circle cx="865" cy="240" r="9" fill="#f1c40f"/><circle cx="865" cy="262" r="9" fill="#2ecc71"/>`,
      {
        thing: true,
        score: 0.91,
        terms: ['traffic signal', 'stoplight', 'signal'],
        attributes: ['red', 'yellow', 'green', 'pole'],
      },
    ),
  ],
  classes: [
    {
      label: 'street',
      score: 0.52,
      terms: [
        'street scene',
        'city street',
        'road',
        'city',
        'urban',
        'town',
        'downtown',
        'traffic',
      ],
    },
    { label: 'car', score: 0.18, terms: CAR, attributes: ['red', 'blue', 'parked'] },
    {
      label: 'traffic light',
      score: 0.1,
      terms: ['traffic signal', 'stoplight', 'signal'],
      attributes: ['red', 'yellow', 'green'],
    },
    { label: 'building', score: 0.08, terms: BUILDING, attributes: ['tall', 'window'] },
    { label: 'person', score: 0.07, terms: PERSON, attributes: ['green', 'standing', 'walking'] },
    { label: 'sidewalk', score: 0.03, terms: ['pavement', 'curb', 'kerb'] },
    { label: 'sky', score: 0.02, attributes: ['blue', 'clear'] },
  ],
};

const PET = ['pet', 'animal'];

const pets = {
  ground: { top: 440, near: [0.35, 1] },
  defs: '',
  layers: [
    layer('wall', `<rect width="${W}" height="${H}" fill="#efe2cf"/>`, {
      score: 0.96,
      depth: 0.3,
      attributes: ['beige', 'cream', 'white'],
    }),
    layer('floor', `<rect y="440" width="${W}" height="200" fill="#b07d4f"/>`, {
      score: 0.97,
      depth: 'ground',
      terms: ['wooden floor', 'parquet'],
      attributes: ['brown', 'wood', 'wooden'],
    }),
    layer(
      'window',
      `<rect x="600" y="70" width="260" height="200" fill="#9fc9e8" stroke="#fff" stroke-width="12"/>`,
      { score: 0.93, depth: 0.3, terms: ['windowpane'], attributes: ['white', 'frame', 'blue'] },
    ),
    layer(
      'couch',
      `<rect x="60" y="250" width="300" height="200" rx="20" fill="#6c7a89"/>
  <rect x="40" y="220" width="340" height="60" rx="24" fill="#7f8c9a"/>`,
      {
        thing: true,
        score: 0.92,
        terms: ['sofa', 'settee'],
        attributes: ['grey', 'gray', 'blue'],
      },
    ),
    layer(
      'dog',
      `<g fill="#e09b3d"><ellipse cx="520" cy="470" rx="120" ry="60"/>
    <circle cx="640" cy="410" r="52"/><ellipse cx="612" cy="372" rx="16" ry="30" fill="#b8772a"/>
    <ellipse cx="672" cy="372" rx="16" ry="30" fill="#b8772a"/>
    <rect x="430" y="500" width="26" height="70" rx="10"/><rect x="570" y="500" width="26" height="70" rx="10"/>
    <circle cx="625" cy="402" r="6" fill="#222"/><circle cx="658" cy="402" r="6" fill="#222"/>
    <ellipse cx="650" cy="428" rx="10" ry="7" fill="#222"/></g>`,
      {
        thing: true,
        score: 0.97,
        terms: ['puppy', ...PET],
        attributes: ['brown', 'orange', 'ginger', 'standing'],
      },
    ),
    layer(
      'cat',
      `<g fill="#7d7d7d"><ellipse cx="220" cy="215" rx="80" ry="40"/><circle cx="300" cy="185" r="36"/>
    <polygon points="276,160 284,126 298,156" /><polygon points="304,156 318,126 326,162" />
    <circle cx="290" cy="182" r="5" fill="#9acd32"/><circle cx="312" cy="182" r="5" fill="#9acd32"/>
    <path d="M140 215 Q100 180 120 150" stroke="#7d7d7d" stroke-width="12" fill="none"/></g>`,
      {
        thing: true,
        score: 0.95,
        depth: 0.37,
        terms: ['kitten', ...PET],
        attributes: ['grey', 'gray', 'lying', 'resting'],
      },
    ),
    layer(
      'potted plant',
      `<rect x="760" y="380" width="70" height="90" rx="8" fill="#d35400"/>
  <path d="M795 380 Q770 320 795 300 Q820 320 795 380" fill="#27ae60"/>`,
      {
        thing: true,
        score: 0.89,
        terms: ['plant', 'houseplant', 'flower pot', 'pot'],
        attributes: ['green', 'orange'],
      },
    ),
  ],
  classes: [
    {
      label: 'living room',
      score: 0.36,
      terms: ['room', 'interior', 'indoors', 'indoor', 'home', 'house', 'apartment'],
    },
    {
      label: 'dog',
      score: 0.28,
      terms: ['puppy', ...PET],
      attributes: ['brown', 'orange', 'ginger'],
    },
    { label: 'cat', score: 0.2, terms: ['kitten', ...PET], attributes: ['grey', 'gray'] },
    { label: 'couch', score: 0.09, terms: ['sofa', 'settee'], attributes: ['grey', 'gray'] },
    {
      label: 'potted plant',
      score: 0.05,
      terms: ['plant', 'houseplant', 'flower pot'],
      attributes: ['green'],
    },
    { label: 'window', score: 0.02, terms: ['windowpane'] },
  ],
};

const mountains = {
  ground: { top: 420, near: [0.2, 1] },
  defs: `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#3b7dd8"/><stop offset="1" stop-color="#bcd8f2"/></linearGradient>
  <linearGradient id="lake" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#4f8fc0"/><stop offset="1" stop-color="#1f4e79"/></linearGradient></defs>`,
  layers: [
    layer('sky', `<rect width="${W}" height="${H}" fill="url(#s)"/>`, {
      score: 0.99,
      depth: 'sky',
      attributes: ['blue', 'clear', 'sunny'],
    }),
    layer('sun', `<circle cx="780" cy="110" r="46" fill="#fff6c8"/>`, {
      score: 0.9,
      depth: 'sky',
      terms: ['sunshine'],
      attributes: ['yellow', 'bright'],
    }),
    layer(
      'mountain',
      `<polygon points="0,380 180,150 330,330 470,120 660,360 800,200 960,340 960,420 0,420" fill="#6f7d8c"/>
  <polygon points="180,150 220,200 150,190" fill="#fff"/><polygon points="470,120 515,180 430,170" fill="#fff"/>
  <polygon points="800,200 835,245 770,240" fill="#fff"/>`,
      {
        score: 0.96,
        depth: 0.08,
        terms: ['alp', 'alps', 'peak', 'mountain range'],
        attributes: ['snowy', 'snow', 'grey', 'gray'],
      },
    ),
    layer('grass', `<polygon points="0,420 960,420 960,470 0,470" fill="#4d7c3a"/>`, {
      score: 0.9,
      depth: 'ground',
      terms: ['meadow', 'field', 'shore'],
      attributes: ['green'],
    }),
    layer('water', `<rect y="470" width="${W}" height="170" fill="url(#lake)"/>`, {
      score: 0.97,
      depth: 'ground',
      terms: ['lake', 'sea'],
      attributes: ['blue', 'calm'],
    }),
    ...Array.from({ length: 14 }, (_, i) =>
      layer(
        'tree',
        `<polygon points="${20 + i * 68},470 ${44 + i * 68},${380 + (i % 3) * 12} ${68 + i * 68},470" fill="#2d5a27"/>`,
        {
          score: [0.9, 0.86, 0.82][i % 3],
          terms: ['pine', 'fir', 'conifer', 'forest'],
          attributes: ['green'],
        },
      ),
    ),
    layer(
      'boat',
      `<polygon points="420,560 560,560 530,590 450,590" fill="#8e5b34"/><rect x="486" y="500" width="6" height="60" fill="#ddd"/>
  <polygon points="492,505 540,550 492,550" fill="#fafafa"/>`,
      {
        thing: true,
        score: 0.93,
        terms: ['sailboat', 'sailing boat', 'ship', 'yacht'],
        attributes: ['white', 'brown', 'small', 'sail', 'wooden'],
      },
    ),
  ],
  classes: [
    {
      label: 'mountain lake',
      score: 0.44,
      terms: ['lake', 'lakeside', 'landscape', 'scenery', 'nature', 'outdoors', 'alpine lake'],
    },
    {
      label: 'mountain',
      score: 0.24,
      terms: ['alp', 'alps', 'peak', 'mountain range'],
      attributes: ['snowy', 'snow'],
    },
    {
      label: 'boat',
      score: 0.12,
      terms: ['sailboat', 'sailing boat', 'ship', 'yacht'],
      attributes: ['white', 'small'],
    },
    { label: 'forest', score: 0.1, terms: ['tree', 'pine', 'woods', 'conifer'] },
    { label: 'sky', score: 0.06, attributes: ['blue', 'clear', 'sunny'] },
    { label: 'sun', score: 0.04, terms: ['sunshine'], attributes: ['yellow', 'bright'] },
  ],
};

const scenes = { street, pets, mountains };

const svgOf = (scene, layers) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${scene.defs}${layers
    .map((l) => l.svg)
    .join('\n')}</svg>`;

/** Which layer owns each pixel (1-based): the last one that covers at least half of it. */
async function ownerMap(scene) {
  const owners = new Uint8Array(W * H);
  for (const [index, l] of scene.layers.entries()) {
    // Alone on a transparent canvas, a layer's alpha is its coverage (every fill is opaque).
    const alpha = await sharp(Buffer.from(svgOf(scene, [l])))
      .ensureAlpha()
      .extractChannel(3)
      .raw()
      .toBuffer();
    for (let i = 0; i < owners.length; i++) if (alpha[i] >= 128) owners[i] = index + 1;
  }
  if (owners.includes(0)) throw new Error('Every pixel needs a layer: start with a background.');
  return owners;
}

/** Visible box (pixel edges) and area of each layer. */
function extents(owners, count) {
  const boxes = Array.from({ length: count }, () => ({
    x_min: W,
    y_min: H,
    x_max: 0,
    y_max: 0,
    area: 0,
  }));
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const b = boxes[owners[y * W + x] - 1];
      b.area++;
      if (x < b.x_min) b.x_min = x;
      if (y < b.y_min) b.y_min = y;
      if (x + 1 > b.x_max) b.x_max = x + 1;
      if (y + 1 > b.y_max) b.y_max = y + 1;
    }
  }
  return boxes;
}

function depthMap(scene, owners, boxes) {
  const { top, near } = scene.ground;
  const ground = (y) =>
    near[0] + (near[1] - near[0]) * Math.min(1, Math.max(0, (y - top) / (H - top)));
  const depth = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const id = owners[y * W + x];
      const mode = scene.layers[id - 1].depth;
      const value =
        mode === 'sky'
          ? 0
          : mode === 'ground'
            ? ground(y + 0.5)
            : mode === 'base'
              ? ground(boxes[id - 1].y_max)
              : mode;
      depth[y * W + x] = Math.round(255 * value);
    }
  }
  return depth;
}

const gray = (pixels) =>
  sharp(Buffer.from(pixels), { raw: { width: W, height: H, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toBuffer();

const prettierOptions = { ...(await prettier.resolveConfig(TRUTH)), parser: 'json' };

async function emit(file, content) {
  if (!CHECK) {
    await writeFile(file, content);
    console.log(`${path.relative(process.cwd(), file)}: ${(content.length / 1024).toFixed(1)} KB`);
    return true;
  }
  const committed = await readFile(file).catch(() => null);
  const same = committed !== null && Buffer.compare(committed, Buffer.from(content)) === 0;
  if (!same) console.error(`${path.relative(process.cwd(), file)} is out of date`);
  return same;
}

await mkdir(IMAGES, { recursive: true });
await mkdir(TRUTH, { recursive: true });
let upToDate = true;
for (const [id, scene] of Object.entries(scenes)) {
  const jpeg = await sharp(Buffer.from(svgOf(scene, scene.layers)))
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
  if (jpeg.length > 60 * 1024) throw new Error(`${id}.jpg is ${jpeg.length} bytes, over 60 KB`);
  // The fingerprint of the JPEG as the sandbox decodes it, so the sample is recognised by what the
  // browser actually sends.
  const decoded = await decodeImage(jpeg);
  const print = fingerprint(decoded.rgb, decoded.width, decoded.height);
  const owners = await ownerMap(scene);
  const boxes = extents(owners, scene.layers.length);
  const truth = {
    id,
    image: `static/img/samples/${id}.jpg`,
    sha256: createHash('sha256').update(jpeg).digest('hex'),
    width: W,
    height: H,
    fingerprint: {
      grid: FINGERPRINT_GRID,
      rgb_base64: Buffer.from(print.cells).toString('base64'),
    },
    segments_png: `${id}.segments.png`,
    depth_png: `${id}.depth.png`,
    objects: scene.layers.map((l, i) => {
      const { area, ...box } = boxes[i];
      if (area === 0) throw new Error(`${id}: layer ${i + 1} (${l.label}) is hidden`);
      return {
        id: i + 1,
        label: l.label,
        thing: l.thing,
        score: l.score,
        box,
        area,
        terms: l.terms,
        attributes: l.attributes,
      };
    }),
    classes: scene.classes.map((c) => ({ terms: [], attributes: [], ...c })),
  };
  const total = truth.classes.reduce((sum, c) => sum + c.score, 0);
  if (Math.abs(total - 1) > 1e-9) throw new Error(`${id}: class scores sum to ${total}, not 1`);
  const json = await prettier.format(JSON.stringify(truth), prettierOptions);
  const results = await Promise.all([
    emit(path.join(IMAGES, `${id}.jpg`), jpeg),
    emit(path.join(TRUTH, `${id}.json`), json),
    emit(path.join(TRUTH, truth.segments_png), await gray(owners)),
    emit(path.join(TRUTH, truth.depth_png), await gray(depthMap(scene, owners, boxes))),
  ]);
  upToDate &&= results.every(Boolean);
}
if (CHECK && !upToDate) {
  console.error('Run `node --import tsx scripts/generate-samples.mjs` and commit the result.');
  process.exit(1);
}
