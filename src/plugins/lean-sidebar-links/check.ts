/**
 * check:patches for lean-sidebar-links (src/plugins/patchCheck.ts): the installed docs sidebar
 * link still imports `@docusaurus/Link` from the directory the replacement is keyed on, the
 * replacement turns that import into LeanLink, and the theme passes the link no prop LeanLink does
 * not know (a new one would quietly send every sidebar link back to Docusaurus's Link).
 */
import path from 'node:path';
import type { PatchCheck } from '../patchCheck';
import { configureWebpack, expectThat } from '../patchCheck';
import { LEAN_PROPS } from '../../components/PlainLink/links';
import leanSidebarLinks, { LEAN_LINK } from './index';

export const SIDEBAR_LINK = '@docusaurus/theme-classic/lib/theme/DocSidebarItem/Link/index.js';
/** The props LeanLink renders as a PlainLink (links.ts), and `autoAddBaseUrl`, unset for pages. */
const KNOWN_PROPS = new Set([...LEAN_PROPS, 'autoAddBaseUrl']);
/** The sidebar link's `<Link …{...props}>` element, its props up to the spread of the rest. */
const LINK_ELEMENT = /<Link\s[\s\S]*?\{\.\.\.props\}>/;

type Replace = (resource: { context?: string; request: string }) => void;

/** The plugin's NormalModuleReplacementPlugin, as the bundler would receive it. */
function replacement(): { pattern: RegExp; replace: Replace } {
  let captured: { pattern: RegExp; replace: Replace } | null = null;
  class NormalModuleReplacementPlugin {
    constructor(pattern: RegExp, replace: Replace) {
      captured = { pattern, replace };
    }
  }
  configureWebpack(leanSidebarLinks(), false, { NormalModuleReplacementPlugin });
  if (!captured) throw new Error('the plugin adds no module replacement');
  return captured;
}

const check: PatchCheck = {
  plugin: 'lean-sidebar-links',
  anchors: [
    { file: SIDEBAR_LINK, find: "import Link from '@docusaurus/Link';" },
    { file: SIDEBAR_LINK, find: LINK_ELEMENT },
  ],
  run(ctx) {
    const { pattern, replace } = replacement();
    expectThat(pattern.test('@docusaurus/Link'), 'the replacement does not match @docusaurus/Link');
    const resource = { context: path.dirname(ctx.path(SIDEBAR_LINK)), request: '@docusaurus/Link' };
    replace(resource);
    expectThat(resource.request === LEAN_LINK, "the sidebar link's import is not replaced");
    const elsewhere = {
      context: ctx.path('@docusaurus/theme-classic/lib/theme/NavbarItem'),
      request: '@docusaurus/Link',
    };
    replace(elsewhere);
    expectThat(elsewhere.request === '@docusaurus/Link', 'another importer is replaced too');
    const link = LINK_ELEMENT.exec(ctx.read(SIDEBAR_LINK))![0];
    const props = [...link.matchAll(/(?<![\w-])([\w-]+)=\{/g)].map(([, name]) => name!);
    const unknown = props.filter((name) => !KNOWN_PROPS.has(name));
    expectThat(
      unknown.length === 0,
      `the theme passes the sidebar link props LeanLink does not know: ${unknown.join(', ')}`,
    );
  },
};

export default check;
