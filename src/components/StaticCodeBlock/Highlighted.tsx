/**
 * A static code block highlighted without Prism: StaticCodeBlock's look and markup (Frame), with
 * the HTML of one of the Prism-free highlighters (json.ts, http.ts) in the site's code theme.
 */
import { useMemo, type ReactNode } from 'react';
import type { PrismTheme } from 'prism-react-renderer';
import { useThemeConfig } from '@docusaurus/theme-common';
import Frame from './Frame';

export default function HighlightedCodeBlock({
  code,
  title,
  language,
  highlight,
}: {
  code: string;
  title?: string;
  language: string;
  highlight: (theme: PrismTheme, code: string) => string;
}): ReactNode {
  const theme = (useThemeConfig().prism as { theme: PrismTheme }).theme;
  const html = useMemo(() => highlight(theme, code), [highlight, theme, code]);
  return <Frame code={code} html={html} language={language} theme={theme} title={title} />;
}
