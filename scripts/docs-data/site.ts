/** What the docs-for-machines build knows about the site it writes for. */
import { joinUrl } from '../../src/api/url';

/** One docs page of the build (from the docs plugin's content). */
export interface DocPage {
  /** Absolute path of its MDX file; null for a generated category index. */
  source: string | null;
  permalink: string;
  title: string;
  description: string;
  /** A generated category index lists its items (their permalinks). */
  items?: string[];
}

export interface SiteInfo {
  /** Public origin of the site (SITE_URL), no trailing slash. */
  siteUrl: string;
  servicesBaseUrl: string;
  apiBaseUrl: string;
  productName: string;
  tagline: string;
}

/** An absolute URL on the site for a site path (`/pricing/`). */
export function siteHref(site: SiteInfo, path: string): string {
  return joinUrl(site.siteUrl, path);
}
