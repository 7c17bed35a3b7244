/**
 * The deferred components, as the server build sees them: each one imported statically, so the
 * server renders them in its one pass (a lazy component would make it write a fallback and an
 * inline swap script into the static HTML). In the browser this module is empty: the plugin
 * src/plugins/deferred-components leaves this file to the server build and gives the client
 * build components.client.ts, so each component stays a chunk of its own (see ./index.tsx).
 */
import type { ComponentType } from 'react';
import type { DeferredName } from './index';
import CodeBlock from '@theme/CodeBlock';
import Admonition from '@theme-original/Admonition';
import MDXDetails from '@theme-original/MDXComponents/Details';
import DocFooter from '@theme-original/DocItem/Footer';
import NavbarColorModeToggle from '@theme-original/Navbar/ColorModeToggle';

export const serverComponents: Partial<Record<DeferredName, ComponentType<never>>> = {
  CodeBlock,
  Admonition,
  MDXDetails,
  DocFooter,
  NavbarColorModeToggle,
} as Record<DeferredName, ComponentType<never>>;
