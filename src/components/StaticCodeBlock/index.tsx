/**
 * A code block for code the page computes (reference examples, the home page's request): same look
 * as the theme's CodeBlock (title bar, theme colours, copy button), rendered as one highlighted
 * HTML string. The theme's CodeBlock builds a component per line and per token (≈950 of a
 * deployment page's 2,500 React components were its two JSON examples), all hydrated and then
 * re-rendered after hydration; this block hydrates as a handful of elements. MDX code fences keep
 * the theme's CodeBlock. JSON blocks use Json.tsx, which needs no Prism.
 */
import { useMemo, type ReactNode } from 'react';
import type { PrismTheme } from 'prism-react-renderer';
import { Prism } from '@site/src/prism';
import { useThemeConfig } from '@docusaurus/theme-common';
import Frame from './Frame';
import { highlightToHtml, type PrismLike } from './highlight';

export default function StaticCodeBlock({
  code,
  language,
  title,
}: {
  code: string;
  language: string;
  title?: string;
}): ReactNode {
  const theme = (useThemeConfig().prism as { theme: PrismTheme }).theme;
  const html = useMemo(
    () => highlightToHtml(Prism as unknown as PrismLike, theme, code, language),
    [theme, code, language],
  );
  return <Frame code={code} html={html} language={language} theme={theme} title={title} />;
}
