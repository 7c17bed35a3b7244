import type { Browser, BrowserContext } from 'playwright-core';

export interface Weight {
  raw: number;
  gzip: number;
  files: number;
}

export declare const PUBLIC_PAGES_WITHOUT_DEPLOYMENTS: readonly string[];

export declare function deploymentPages(buildDir: string): string[];

export declare function measurePage(
  browser: Browser,
  url: string,
  options?: { init?: (context: BrowserContext) => Promise<void> },
): Promise<{ js: Weight; css: Weight }>;
