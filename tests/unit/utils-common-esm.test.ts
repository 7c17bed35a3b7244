/**
 * The browser build's @docusaurus/utils-common (src/plugins/utils-common-esm/browser.ts) must
 * offer exactly what the package offers: same names, same functions, same constant.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as browser from '../../src/plugins/utils-common-esm/browser';

const require = createRequire(import.meta.url);
const pkg = require('@docusaurus/utils-common') as Record<string, unknown>;

describe('utils-common for the browser', () => {
  it('has the package’s exports, no more and no fewer', () => {
    expect(Object.keys(browser).sort()).toEqual(Object.keys(pkg).sort());
  });

  it('each export is the package’s own value', () => {
    for (const [name, value] of Object.entries(pkg)) {
      if (typeof value === 'function') {
        expect((browser as Record<string, unknown>)[name], name).toBe(value);
      } else {
        expect((browser as Record<string, unknown>)[name], name).toEqual(value);
      }
    }
  });

  it('keeps applyTrailingSlash’s behaviour', () => {
    expect(browser.applyTrailingSlash('/docs?x=1#a', { trailingSlash: true, baseUrl: '/' })).toBe(
      '/docs/?x=1#a',
    );
  });
});
