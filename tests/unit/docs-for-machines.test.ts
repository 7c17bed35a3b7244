/**
 * The docs for people's tools (scripts/docs-data/): llms.txt follows the catalogue, and every
 * docs page's MDX becomes plain Markdown with no JSX or HTML left.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  API_ORDER,
  COMING_SOON_CATALOGUE,
  PUBLIC_CATALOGUE,
  deploymentDocsPath,
} from '@contract/catalogue';
import { LAUNCH_PRICES_MICROS } from '../../server/src/repositories/pricing';
import { deploymentLlmsTxt, llmsTxt } from '../../scripts/docs-data/llms';
import { pageMarkdown } from '../../scripts/docs-data/mdx-to-markdown';
import type { DocPage, SiteInfo } from '../../scripts/docs-data/site';
import { markdownPath, pageLlmsPath } from '@site/src/machine-docs/paths';

const DOCS = path.resolve(__dirname, '../../docs');
const site: SiteInfo = {
  siteUrl: 'https://docs.example.com',
  servicesBaseUrl: 'https://services.example.com',
  apiBaseUrl: 'https://api.example.com/v1',
  productName: 'VisionAPI',
  tagline: '',
};

/** Every docs page written by hand (the API reference's generated partials are built, not here). */
function docPages(): DocPage[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (name.startsWith('_')) continue;
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith('.mdx') && name !== 'api-reference.mdx') files.push(file);
    }
  };
  walk(DOCS);
  return files.map((source) => {
    const relative = path
      .relative(DOCS, source)
      .replace(/\.mdx$/, '')
      .replace(/(^|\/)index$/, '');
    return {
      source,
      permalink: `/dashboard/${relative}${relative ? '/' : ''}`,
      title: path.basename(relative) || 'Docs',
      description: `About ${relative}.`,
    };
  });
}

/** Markdown without its code: what is left must hold no tag. */
const prose = (markdown: string) =>
  markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

describe('llms.txt', () => {
  const pages = docPages();
  const text = llmsTxt(site, pages);

  it.each(PUBLIC_CATALOGUE.map((entry) => [entry.slug, entry] as const))(
    'lists %s with its endpoint, price and Markdown page',
    (slug, entry) => {
      const price = LAUNCH_PRICES_MICROS[entry.slug] / 1_000_000;
      const line = text.split('\n').find((l) => l.includes(`[${entry.title}](`));
      expect(line).toBeDefined();
      expect(line).toContain(`POST https://services.example.com/${slug}`);
      expect(line).toContain(`$${price} per call`);
      expect(line).toContain(`https://docs.example.com${markdownPath(deploymentDocsPath(entry))}`);
    },
  );

  it('states the product, the API documents, authentication, errors and limits', () => {
    expect(text.startsWith('# VisionAPI\n\n> ')).toBe(true);
    for (const needle of [
      'https://docs.example.com/openapi/services.json',
      'https://docs.example.com/openapi/account.json',
      '[Authentication](',
      '[Errors](',
      '[Limits](',
      '300 calls per minute per API key',
    ]) {
      expect(text).toContain(needle);
    }
  });

  it('links every docs page and every coming-soon deployment', () => {
    for (const page of pages)
      expect(text).toContain(`${site.siteUrl}${markdownPath(page.permalink)}`);
    for (const entry of COMING_SOON_CATALOGUE) expect(text).toContain(`[${entry.title}](`);
  });

  it.each(API_ORDER.map((entry) => [entry.slug, entry] as const))(
    '%s has its own llms.txt beside its page',
    (slug, entry) => {
      const own = deploymentLlmsTxt(site, entry, pages);
      expect(pageLlmsPath(deploymentDocsPath(entry))).toBe(
        `/dashboard/public-deployment/${slug}/llms.txt`,
      );
      expect(own).toContain(`# ${entry.title}`);
      expect(own).toContain(`POST https://services.example.com/${slug}`);
      expect(own).toContain(`POST /${slug}`);
    },
  );
});

describe('a docs page as Markdown', () => {
  const pages = docPages();

  it.each(pages.map((page) => [page.permalink, page] as const))(
    '%s has no JSX, HTML or imports left',
    (_permalink, page) => {
      const markdown = pageMarkdown({ site, pages }, page);
      expect(markdown.startsWith('# ')).toBe(true);
      expect(prose(markdown)).not.toMatch(/<\/?[A-Za-z][^>]*>/);
      expect(prose(markdown)).not.toMatch(/^import /m);
      expect(markdown).not.toMatch(/^:::/m);
      // Links to other pages point at their Markdown, as absolute URLs.
      expect(markdown).not.toMatch(/\]\((?!https?:|#|mailto:)/);
      expect(markdown).not.toContain('.mdx');
    },
  );

  it("writes out a deployment's reference tables and code samples", () => {
    const page = pages.find((p) => p.permalink.endsWith('/object-detection/'))!;
    const markdown = pageMarkdown({ site, pages }, page);
    expect(markdown).toContain(
      '**Endpoint:** `POST https://services.example.com/object-detection`',
    );
    expect(markdown).toMatch(/\| `confidence_threshold` \| `number` \| `0\.5` \| 0 to 1 \|/);
    expect(markdown).toContain('| `predictions[].box.x_min` | `number` |');
    expect(markdown).toContain('```bash\ncurl -X POST');
    expect(markdown).toContain('```python\nimport requests');
    expect(markdown).toContain(
      '[zero-shot object detection](https://docs.example.com/dashboard/public-deployment/zero-shot-object-detection.md)',
    );
  });

  it('turns an admonition into a quote with its title', () => {
    const page = pages.find((p) => p.permalink === '/dashboard/public-deployment/')!;
    expect(pageMarkdown({ site, pages }, page)).toContain(
      '> **Tip: Need an isolated or custom model?**',
    );
  });
});
