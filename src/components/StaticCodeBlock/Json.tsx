/**
 * A static code block of JSON (the reference's request and response examples): StaticCodeBlock's
 * look and markup, highlighted by json.ts instead of Prism, so the page fetches no Prism.
 */
import { useMemo, type ReactNode } from 'react';
import type { PrismTheme } from 'prism-react-renderer';
import { useThemeConfig } from '@docusaurus/theme-common';
import Frame from './Frame';
import { highlightJsonToHtml } from './json';

export default function JsonCodeBlock({
  code,
  title,
}: {
  code: string;
  title?: string;
}): ReactNode {
  const theme = (useThemeConfig().prism as { theme: PrismTheme }).theme;
  const html = useMemo(() => highlightJsonToHtml(theme, code), [theme, code]);
  return <Frame code={code} html={html} language="json" theme={theme} title={title} />;
}
