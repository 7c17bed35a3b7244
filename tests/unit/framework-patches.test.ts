/**
 * Each plugin that patches framework or vendor files (src/plugins/README.md), applied to the
 * installed files: its check (what `npm run check:patches` runs: the anchors, then the plugin's
 * own loader or replacement and what it must produce), and, where the patched file runs outside a
 * bundle, what the patched code does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PATCH_CHECKS } from '../../src/plugins/checks';
import { applyLoader, createContext, loaderFor, runCheck } from '../../src/plugins/patchCheck';
import deferredComponents from '../../src/plugins/deferred-components';
import { RENDER_TO_HTML } from '../../src/plugins/deferred-components/check';
import prismLanguages from '../../src/plugins/prism-languages';
import { BUNDLE } from '../../src/plugins/prism-languages/check';
import shallowMemoCompare from '../../src/plugins/shallow-memo-compare';
import { REACT_UTILS } from '../../src/plugins/shallow-memo-compare/check';

const ctx = createContext('node_modules');
// Patched copies are imported from inside the repository, so their own imports resolve.
mkdirSync('.data', { recursive: true });
const dir = mkdtempSync(path.resolve('.data/patched-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a patched module into the scratch folder and imports it. */
async function importPatched<T>(name: string, source: string): Promise<T> {
  const file = path.join(dir, name);
  // Without their source-map comments: the maps stay beside the installed files.
  writeFileSync(file, source.replace(/^\/\/# sourceMappingURL=.*$/m, ''));
  return (await import(/* @vite-ignore */ file)) as T;
}

describe.each(PATCH_CHECKS.map((check) => [check.plugin, check] as const))(
  '%s on the installed files',
  (_plugin, check) => {
    it('finds its anchors and its patch produces what it must', async () => {
      await expect(runCheck(check, ctx)).resolves.toBeUndefined();
    });
  },
);

describe('prism-languages: the cut bundle', () => {
  it('still highlights, with none of the fifty bundled languages or twenty themes', async () => {
    const cut = applyLoader(loaderFor(prismLanguages(), false, BUNDLE, ctx), BUNDLE, ctx);
    const prism = await importPatched<{
      Prism: { languages: Record<string, unknown>; highlight: (...args: unknown[]) => string };
      Highlight: unknown;
      themes: Record<string, unknown>;
    }>('prism-react-renderer.mjs', cut);
    expect(typeof prism.Highlight).toBe('function');
    expect(Object.keys(prism.themes)).toEqual([]);
    for (const language of ['markup', 'javascript', 'python', 'json'])
      expect(prism.Prism.languages[language]).toBeUndefined();
    const grammar = { keyword: /\bPOST\b/ };
    expect(prism.Prism.highlight('POST /x', grammar, 'http')).toContain(
      '<span class="token keyword">POST</span>',
    );
  });
});

describe('shallow-memo-compare: the patched useShallowMemoObject', () => {
  it('memoizes in a stable key order without ever calling localeCompare', async () => {
    const patched = applyLoader(
      loaderFor(shallowMemoCompare(), false, REACT_UTILS, ctx),
      REACT_UTILS,
      ctx,
    ).replace(
      "import useIsomorphicLayoutEffect from '@docusaurus/useIsomorphicLayoutEffect';",
      'const useIsomorphicLayoutEffect = () => {};',
    );
    const { useShallowMemoObject } = await importPatched<{
      useShallowMemoObject: <T extends object>(obj: T) => T;
    }>('reactUtils.jsx', patched);
    const localeCompare = vi.spyOn(String.prototype, 'localeCompare');
    const seen: object[] = [];
    function Reader({ value }: { value: Record<string, number> }): ReactNode {
      seen.push(useShallowMemoObject(value));
      return null;
    }
    renderToString(createElement(Reader, { value: { b: 1, a: 2, B: 3 } }));
    expect(seen[0]).toEqual({ b: 1, a: 2, B: 3 });
    expect(localeCompare).not.toHaveBeenCalled();
  });
});

describe('deferred-components: the patched server render (core renderToHtml.js)', () => {
  it('writes a completed Suspense boundary in place, however long the page', async () => {
    const patched = applyLoader(
      loaderFor(deferredComponents(), true, RENDER_TO_HTML, ctx),
      RENDER_TO_HTML,
      ctx,
    );
    type Render = { renderToHtml: (app: ReactNode) => Promise<string> };
    const { renderToHtml } = await importPatched<Render>('renderToHtml.mjs', patched);
    const original = await importPatched<Render>(
      'renderToHtml-original.mjs',
      ctx.read(RENDER_TO_HTML),
    );
    // A boundary past React's progressiveChunkSize (12,800 bytes), which it would outline.
    const content = () =>
      createElement('div', null, createElement('p', null, 'deferred'), 'x'.repeat(20_000));
    const Deferred = lazy(async () => ({ default: content }));
    const page = createElement(
      'main',
      null,
      createElement(
        Suspense,
        { fallback: createElement('p', null, 'loading') },
        createElement(Deferred),
      ),
    );
    const html = await renderToHtml(page);
    expect(html).toContain('<p>deferred</p>');
    expect(html).not.toContain('loading');
    expect(html).not.toContain('<script');
    // Unpatched, React writes the fallback and moves the content in with an inline script.
    const outlined = await original.renderToHtml(page);
    expect(outlined).toContain('loading');
    expect(outlined).toContain('<script');
  });
});
