/**
 * The deployment catalogue: every deployment the product lists, public or coming soon, in the
 * order the docs list them. The sidebar (sidebars.ts), the navbar and footer
 * (docusaurus.config.ts), the home page's grid, the overview and pricing tables and the server's
 * routes (through contract/services.ts) all read it.
 *
 * Adding a coming-soon deployment is one entry here plus its page,
 * docs/public-deployment/<slug>.mdx. Making one public also needs what only it can say: its
 * parameters and answer (DEPLOYMENT_SCHEMAS in contract/services.ts; `tsc` fails until they
 * exist), its sandbox answer on the server and its generated reference
 * (`npm run generate:reference`).
 *
 * Plain data, no TypeBox: docs pages, the home page and the site configuration import it.
 */

/** Where every deployment's page lives (spec §2). */
export const DEPLOYMENT_DOCS_PATH = '/dashboard/public-deployment';

/** The line icons of the home page's cards (src/pages/_components/home/Icon). */
export type DeploymentIcon =
  | 'detection'
  | 'depth'
  | 'classification'
  | 'segmentation'
  | 'zeroShotClassification'
  | 'zeroShotDetection';

/** The bundled sample images (static/img/samples/<id>.jpg, listed in src/playground/samples.ts). */
export type SampleImageId = 'street' | 'pets' | 'mountains';

interface PublicEntry {
  /** Page under DEPLOYMENT_DOCS_PATH, and the path on the services host: `task` or `task/sub`. */
  slug: string;
  title: string;
  task: string;
  /** The variant of a task offered in several (image segmentation), else null. */
  sub: string | null;
  status: 'public';
  /** One line on the home page's card; null for a variant (its family has the card). */
  summary: string | null;
  icon: DeploymentIcon;
  /** The bundled sample the playground offers first: the scene this deployment shows best. */
  sampleImage: SampleImageId;
  /** The deployment's row in the public pricing (`DeploymentPrice.path`): its slug. */
  priceKey: string;
}

interface ComingSoonEntry {
  slug: string;
  title: string;
  task: string;
  sub: null;
  status: 'coming-soon';
  summary: null;
  icon: null;
  sampleImage: null;
  /** Not priced until it launches. */
  priceKey: null;
}

export type CatalogueEntry = PublicEntry | ComingSoonEntry;

type Slug<T extends string, S extends string | null> = S extends string ? `${T}/${S}` : T;

/** A public deployment: its slug and price key are its path on the services host. */
function live<const T extends string, const S extends string | null = null>(entry: {
  task: T;
  sub?: S;
  title: string;
  summary?: string;
  icon: DeploymentIcon;
  sampleImage: SampleImageId;
}) {
  const sub = (entry.sub ?? null) as S;
  const slug = (sub === null ? entry.task : `${entry.task}/${sub}`) as Slug<T, S>;
  return {
    ...entry,
    slug,
    sub,
    summary: entry.summary ?? null,
    status: 'public',
    priceKey: slug,
  } as const satisfies PublicEntry;
}

/** A deployment listed as coming soon: a page, not yet an endpoint. */
function comingSoon<const S extends string>(slug: S, title: string) {
  return {
    slug,
    title,
    task: slug,
    sub: null,
    status: 'coming-soon',
    summary: null,
    icon: null,
    sampleImage: null,
    priceKey: null,
  } as const satisfies ComingSoonEntry;
}

export const DEPLOYMENT_CATALOGUE = [
  live({
    task: 'object-detection',
    title: 'Object detection',
    summary: 'Find objects with a label, a confidence score and a bounding box for each.',
    icon: 'detection',
    sampleImage: 'street',
  }),
  live({
    task: 'depth-estimation',
    title: 'Depth estimation',
    summary: 'A relative depth value for every pixel, from one ordinary photo.',
    icon: 'depth',
    sampleImage: 'mountains',
  }),
  live({
    task: 'image-classification',
    title: 'Image classification',
    summary: 'The most likely labels for a whole image, sorted by score.',
    icon: 'classification',
    sampleImage: 'pets',
  }),
  live({
    task: 'image-segmentation',
    sub: 'semantic',
    title: 'Semantic segmentation',
    icon: 'segmentation',
    sampleImage: 'street',
  }),
  live({
    task: 'image-segmentation',
    sub: 'instance',
    title: 'Instance segmentation',
    icon: 'segmentation',
    sampleImage: 'street',
  }),
  live({
    task: 'image-segmentation',
    sub: 'panoptic',
    title: 'Panoptic segmentation',
    icon: 'segmentation',
    sampleImage: 'mountains',
  }),
  live({
    task: 'zero-shot-image-classification',
    title: 'Zero-shot image classification',
    summary: 'Score an image against labels you write in plain language. No training.',
    icon: 'zeroShotClassification',
    sampleImage: 'pets',
  }),
  live({
    task: 'zero-shot-object-detection',
    title: 'Zero-shot object detection',
    summary: 'Find the objects you describe in words, with a box for each match.',
    icon: 'zeroShotDetection',
    sampleImage: 'street',
  }),
  comingSoon('image-inpainting', 'Image inpainting'),
  comingSoon('image-matching', 'Image matching'),
  comingSoon('image-restoration', 'Image restoration'),
  comingSoon('image-to-image', 'Image-to-image'),
  comingSoon('image-understanding', 'Image understanding'),
  comingSoon('invisible-watermark', 'Invisible watermark'),
  comingSoon('object-removal', 'Object removal'),
  comingSoon('super-resolution', 'Super-resolution'),
  comingSoon('visual-question-answering', 'Visual question answering'),
] as const satisfies readonly CatalogueEntry[];

/**
 * Tasks offered in several variants, each variant an entry of its own: the navigation shows the
 * family once (a sidebar category, one home card, one navbar link to its first variant).
 */
export const DEPLOYMENT_FAMILIES: Readonly<
  Record<string, { title: string; summary: string; description: string; icon: DeploymentIcon }>
> = {
  'image-segmentation': {
    title: 'Image segmentation',
    summary: 'Label every pixel, outline each object, or both in a single call.',
    description: 'Label every pixel: semantic, instance and panoptic segmentation endpoints.',
    icon: 'segmentation',
  },
};

type Entry = (typeof DEPLOYMENT_CATALOGUE)[number];
export type PublicCatalogueEntry = Extract<Entry, { status: 'public' }>;

/** A public deployment's path on the services host: `object-detection`, `image-segmentation/semantic`. */
export type DeploymentPath = PublicCatalogueEntry['slug'];

const isPublic = (entry: Entry): entry is PublicCatalogueEntry => entry.status === 'public';

/** The public deployments in the docs' order. */
export const PUBLIC_CATALOGUE: readonly PublicCatalogueEntry[] =
  DEPLOYMENT_CATALOGUE.filter(isPublic);

/** The coming-soon deployments in the docs' order. */
export const COMING_SOON_CATALOGUE: readonly CatalogueEntry[] = DEPLOYMENT_CATALOGUE.filter(
  (entry) => entry.status === 'coming-soon',
);

/**
 * The public deployments in the order the API lists them (services host, OpenAPI document,
 * pricing): deployments without a variant first, then the variants, each in catalogue order.
 */
export const API_ORDER: readonly PublicCatalogueEntry[] = [
  ...PUBLIC_CATALOGUE.filter((entry) => entry.sub === null),
  ...PUBLIC_CATALOGUE.filter((entry) => entry.sub !== null),
];

/** The page of a deployment: `/dashboard/public-deployment/<slug>/`. */
export function deploymentDocsPath(entry: Pick<CatalogueEntry, 'slug'>): string {
  return `${DEPLOYMENT_DOCS_PATH}/${entry.slug}/`;
}

/** A public deployment listed on its own (not a variant): it has its card's summary. */
type ListedEntry = PublicCatalogueEntry & { summary: string };

/** One item of the navigation: a deployment, or a family of variants listed once. */
export type NavigationItem =
  | { kind: 'deployment'; entry: ListedEntry }
  | {
      kind: 'family';
      task: string;
      title: string;
      summary: string;
      description: string;
      icon: DeploymentIcon;
      variants: PublicCatalogueEntry[];
    };

/** The public deployments as the navigation lists them: a family where its first variant is. */
export function navigationItems(): NavigationItem[] {
  const items: NavigationItem[] = [];
  for (const entry of PUBLIC_CATALOGUE) {
    const family = entry.sub === null ? undefined : DEPLOYMENT_FAMILIES[entry.task];
    if (!family) {
      items.push({ kind: 'deployment', entry: entry as ListedEntry });
      continue;
    }
    const listed = items.find((item) => item.kind === 'family' && item.task === entry.task);
    if (listed?.kind === 'family') listed.variants.push(entry);
    else items.push({ kind: 'family', task: entry.task, ...family, variants: [entry] });
  }
  return items;
}
