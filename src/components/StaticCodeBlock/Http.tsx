/**
 * A static code block of HTTP header lines (the docs' header fences): StaticCodeBlock's look and
 * markup, highlighted by http.ts instead of Prism. For anything but plain header lines it shows
 * escaped, uncoloured text; the remark plugin that writes it
 * (src/plugins/deferred-components/remark.ts) only does so for header lines.
 */
import type { ReactNode } from 'react';
import type { PrismTheme } from 'prism-react-renderer';
import HighlightedCodeBlock from './Highlighted';
import { escapeHtml } from './html';
import { highlightHttpHeadersToHtml } from './http';

const highlight = (theme: PrismTheme, code: string): string =>
  highlightHttpHeadersToHtml(theme, code) ?? escapeHtml(code);

export default function HttpCodeBlock(props: { code: string; title?: string }): ReactNode {
  return <HighlightedCodeBlock {...props} language="http" highlight={highlight} />;
}
