/**
 * src/plugins/post-hydration-transitions: the first window-size reading becomes a transition, in
 * the installed Docusaurus file, and the loader refuses a file that moved.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { patch } = require('../../src/plugins/post-hydration-transitions/loader.cjs') as {
  patch: (source: string, file: string) => string;
};

const read = (file: string) => readFileSync(`node_modules/${file}`, 'utf8');

describe('post-hydration transitions', () => {
  it('leaves "is browser" as it is (the search results page reads ?q= once it is set)', () => {
    expect(() =>
      patch(read('@docusaurus/core/lib/client/browserContext.js'), 'browserContext.js'),
    ).toThrow(/unexpected file/);
  });

  it('reads the window size in a transition the first time, and on resize as before', () => {
    const out = patch(
      read('@docusaurus/theme-common/lib/hooks/useWindowSize.js'),
      'useWindowSize.js',
    );
    expect(out).toContain('startTransition(updateWindowSize);');
    expect(out).toContain("window.addEventListener('resize', updateWindowSize);");
  });

  it('refuses a file whose line moved, or that has it twice', () => {
    expect(() => patch('export {};', 'useWindowSize.js')).toThrow(/exactly once/);
    const source = read('@docusaurus/theme-common/lib/hooks/useWindowSize.js');
    expect(() =>
      patch(source.replace('        updateWindowSize();\n', ''), 'useWindowSize.js'),
    ).toThrow(/exactly once/);
    expect(() => patch(`${source}\n        updateWindowSize();\n`, 'useWindowSize.js')).toThrow(
      /exactly once/,
    );
  });
});
