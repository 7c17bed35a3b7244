/**
 * check:patches for deferred-components (src/plugins/patchCheck.ts): core's server-side page
 * render still makes the one `renderToPipeableStream` call render-loader.cjs gives
 * `progressiveChunkSize: Infinity`, and every theme component src/deferred/components.ts imports
 * for the server build is still in the theme.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PatchCheck } from '../patchCheck';
import { applyLoader, expectThat, loaderFor } from '../patchCheck';
import deferredComponents from './index';

const require = createRequire(__filename);
const { CALL } = require('./render-loader.cjs') as { CALL: string };

export const RENDER_TO_HTML = '@docusaurus/core/lib/client/renderToHtml.js';
const SERVER_COMPONENTS = path.resolve(__dirname, '../../deferred/components.ts');

const INSTALLED = path.resolve(__dirname, '../../../node_modules');

/**
 * The installed theme files of the components (`@theme/X`, `@theme-original/X`) the server build
 * imports: `X.js` or `X/index.js`, as the theme alias resolves them.
 */
export function serverComponentFiles(): string[] {
  const source = readFileSync(SERVER_COMPONENTS, 'utf8');
  return [...source.matchAll(/from '@theme(?:-original)?\/([\w/]+)'/g)].map(([, name]) => {
    const base = `@docusaurus/theme-classic/lib/theme/${name}`;
    return existsSync(path.join(INSTALLED, `${base}.js`)) ? `${base}.js` : `${base}/index.js`;
  });
}

const check: PatchCheck = {
  plugin: 'deferred-components',
  anchors: [
    { file: RENDER_TO_HTML, find: CALL },
    { file: RENDER_TO_HTML, find: "import { renderToPipeableStream } from 'react-dom/server';" },
    ...serverComponentFiles().map((file) => ({
      file,
      find: 'export default function',
      count: 'some' as const,
    })),
  ],
  run(ctx) {
    const plugin = deferredComponents();
    const out = applyLoader(loaderFor(plugin, true, RENDER_TO_HTML, ctx), RENDER_TO_HTML, ctx);
    expectThat(
      out.includes(`${CALL}\n            progressiveChunkSize: Infinity,`),
      'the render is not asked for progressiveChunkSize: Infinity',
    );
    expectThat(
      serverComponentFiles().length >= 4,
      'src/deferred/components.ts imports fewer components than expected',
    );
  },
};

export default check;
