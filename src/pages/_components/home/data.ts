/** What the home page lists, from the deployment catalogue (contract/catalogue.ts). */
import { COMING_SOON_CATALOGUE, deploymentDocsPath, navigationItems } from '@contract/catalogue';
import type { IconName } from './Icon';

export interface Deployment {
  title: string;
  description: string;
  to: string;
  icon: IconName;
  /** Variants with their own page (image segmentation). */
  variants?: { label: string; to: string }[];
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** One card per public deployment; a family of variants is one card linking to each. */
export const PUBLIC_DEPLOYMENTS: Deployment[] = navigationItems().map((item) =>
  item.kind === 'deployment'
    ? {
        title: item.entry.title,
        description: item.entry.summary,
        to: deploymentDocsPath(item.entry),
        icon: item.entry.icon,
      }
    : {
        title: item.title,
        description: item.summary,
        to: deploymentDocsPath(item.variants[0]!),
        icon: item.icon,
        variants: item.variants.map((variant) => ({
          label: capitalised(variant.sub ?? variant.title),
          to: deploymentDocsPath(variant),
        })),
      },
);

export const COMING_SOON: { title: string; to: string }[] = COMING_SOON_CATALOGUE.map((entry) => ({
  title: entry.title,
  to: deploymentDocsPath(entry),
}));
