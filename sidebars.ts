import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
import { COMING_SOON_CATALOGUE, navigationItems } from './contract/catalogue';

/** Doc ids follow the file paths under docs/: `public-deployment/<slug>`. */
const docId = (slug: string) => `public-deployment/${slug}`;
/** A family's index page, relative to the docs' route base: `/public-deployment/<task>/`. */
const familyIndexSlug = (task: string) => `/public-deployment/${task}/`;

/**
 * The single `dashboard` sidebar (spec §2): the public deployments of the catalogue
 * (contract/catalogue.ts), a family of variants as one category, then the ones coming soon.
 */
const sidebars = {
  dashboard: [
    {
      type: 'category',
      label: 'Public deployment',
      link: { type: 'doc', id: 'public-deployment/index' },
      collapsible: true,
      collapsed: false,
      items: [
        ...navigationItems().map((item) =>
          item.kind === 'deployment'
            ? docId(item.entry.slug)
            : {
                type: 'category' as const,
                label: item.title,
                link: {
                  type: 'generated-index' as const,
                  slug: familyIndexSlug(item.task),
                  title: item.title,
                  description: item.description,
                },
                items: item.variants.map((variant) => docId(variant.slug)),
              },
        ),
        {
          type: 'category',
          label: 'Coming soon',
          collapsed: true,
          items: COMING_SOON_CATALOGUE.map((entry) => docId(entry.slug)),
        },
      ],
    },
    'api-reference',
    {
      type: 'category',
      label: 'SDKs',
      collapsed: false,
      items: ['sdks/typescript', 'sdks/python', 'sdks/cli'],
    },
    'teams',
    'webhooks',
    'private-deployment',
    'ai-training-studio',
  ],
} satisfies SidebarsConfig;

export default sidebars;
