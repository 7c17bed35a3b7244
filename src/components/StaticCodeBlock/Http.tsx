/**
 * A static code block of HTTP header lines (the docs' header examples): StaticCodeBlock's look
 * and markup, highlighted by http.ts instead of Prism. For anything but plain header lines it
 * falls back to escaped, uncoloured text; the remark plugin that writes it
 * (src/plugins/deferred-components/remark.ts) only does so for header lines.
 */
import { useMemo, type ReactNode } from 'react';
import type { PrismTheme } from 'prism-react-renderer';
import { useThemeConfig } from '@docusaurus/theme-common';
import Frame from './Frame';
import { escapeHtml } from './html';
import { highlightHttpHeadersToHtml } from './http';

export default function HttpCodeBlock({
  code,
  title,
}: {
  code: string;
  title?: string;
}): ReactNode {
  const theme = (useThemeConfig().prism as { theme: PrismTheme }).theme;
  const html = useMemo(
    () => highlightHttpHeadersToHtml(theme, code) ?? escapeHtml(code),
    [theme, code],
  );
  return <Frame code={code} html={html} language="http" theme={theme} title={title} />;
}
