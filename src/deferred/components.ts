/**
 * The deferred components, as the server build sees them: each one imported statically, so the
 * server renders them in its one pass (a lazy component would make it write a fallback and an
 * inline swap script into the static HTML). In the browser this module is empty: the plugin
 * src/plugins/deferred-components leaves this file to the server build and gives the client
 * build components.client.ts, so each component stays a chunk of its own (see ./index.tsx).
 */
import type { ComponentType } from 'react';
import CodeBlock from '@theme/CodeBlock';
import Admonition from '@theme/Admonition';
import MDXDetails from '@theme/MDXComponents/Details';
import Draft from '@theme/ContentVisibility/Draft';
import Unlisted from '@theme/ContentVisibility/Unlisted';
import DocFooter from '@theme-original/DocItem/Footer';

export const serverComponents: Partial<Record<string, ComponentType<never>>> = {
  CodeBlock,
  Admonition,
  MDXDetails,
  Draft,
  Unlisted,
  DocFooter,
} as Record<string, ComponentType<never>>;
