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
  options?: {
    init?: (context: BrowserContext) => Promise<void>;
    /** Sees every script counted, with its body. */
    onScript?: (url: string, body: Buffer) => void;
  },
): Promise<{ js: Weight; css: Weight }>;
