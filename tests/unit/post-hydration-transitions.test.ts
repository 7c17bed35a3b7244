/**
 * src/plugins/post-hydration-transitions: the "is browser" flag and the first window-size reading
 * become transitions, in the installed Docusaurus files, and the loader refuses a file that moved.
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
  it('sets "is browser" in a transition', () => {
    const out = patch(read('@docusaurus/core/lib/client/browserContext.js'), 'browserContext.js');
    expect(out).toContain('startTransition(() => setIsBrowser(true));');
    expect(out).toContain("import React, { startTransition, useEffect, useState } from 'react';");
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
    expect(() => patch('export {};', 'browserContext.js')).toThrow(/exactly once/);
    const source = read('@docusaurus/theme-common/lib/hooks/useWindowSize.js');
    expect(() =>
      patch(source.replace('        updateWindowSize();\n', ''), 'useWindowSize.js'),
    ).toThrow(/exactly once/);
    expect(() => patch(`${source}\n        updateWindowSize();\n`, 'useWindowSize.js')).toThrow(
      /exactly once/,
    );
  });
});
