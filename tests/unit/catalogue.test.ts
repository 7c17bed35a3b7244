/**
 * The deployment catalogue (contract/catalogue.ts) is what the sidebar, navbar, home page,
 * overview, pricing and server list: each entry must be coherent and have its page.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMING_SOON_DEPLOYMENTS, DEPLOYMENT_PATHS } from '@contract';
import {
  API_ORDER,
  DEPLOYMENT_CATALOGUE,
  deploymentDocsPath,
  navigationItems,
} from '@contract/catalogue';
import { SAMPLE_IMAGES } from '@site/src/playground/samples';

const DOCS = path.resolve(__dirname, '../../docs/public-deployment');

describe('deployment catalogue', () => {
  it('gives every entry its page, a unique slug and, when public, its services path and price key', () => {
    const slugs = DEPLOYMENT_CATALOGUE.map((entry) => entry.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const entry of DEPLOYMENT_CATALOGUE) {
      expect(existsSync(path.join(DOCS, `${entry.slug}.mdx`)), entry.slug).toBe(true);
      expect(deploymentDocsPath(entry)).toBe(`/dashboard/public-deployment/${entry.slug}/`);
      if (entry.status === 'public') {
        expect(entry.slug).toBe(entry.sub ? `${entry.task}/${entry.sub}` : entry.task);
        expect(entry.priceKey).toBe(entry.slug);
        expect(SAMPLE_IMAGES.map((s) => s.id)).toContain(entry.sampleImage);
      } else {
        expect(entry).toMatchObject({ sub: null, priceKey: null, sampleImage: null });
      }
    }
  });

  it('is what the contract serves: public deployments in the API order, the rest coming soon', () => {
    // The order itself is the server's (tests/server/account.test.ts pins it).
    expect(DEPLOYMENT_PATHS).toEqual(API_ORDER.map((entry) => entry.slug));
    expect(API_ORDER.map((entry) => entry.sub !== null)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(COMING_SOON_DEPLOYMENTS.map((d) => d.task)).toEqual(
      DEPLOYMENT_CATALOGUE.filter((e) => e.status === 'coming-soon').map((e) => e.slug),
    );
  });

  it('lists the six public deployments of the navigation menu (spec §2), a family once', () => {
    expect(
      navigationItems().map((item) =>
        item.kind === 'deployment' ? item.entry.slug : item.variants[0]!.slug,
      ),
    ).toEqual([
      'object-detection',
      'depth-estimation',
      'image-classification',
      'image-segmentation/semantic',
      'zero-shot-image-classification',
      'zero-shot-object-detection',
    ]);
  });
});
