import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { SiteConfig } from './types';
import siteConfig from '@generated/docusaurus.config';

export type { SiteConfig } from './types';

/** The site's runtime configuration (see src/config/env.ts for the variables). */
export function useSiteConfig(): SiteConfig {
  const { siteConfig } = useDocusaurusContext();
  return siteConfig.customFields!.app as SiteConfig;
}

/** Same as useSiteConfig, for code outside React (API clients, loaders). */
export function getSiteConfig(): SiteConfig {
  return siteConfig.customFields!.app as SiteConfig;
}
