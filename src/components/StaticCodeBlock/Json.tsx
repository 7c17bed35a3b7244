/**
 * A static code block of JSON (the reference's request and response examples, the docs' JSON
 * fences): StaticCodeBlock's look and markup, highlighted by json.ts instead of Prism, so the page
 * fetches no Prism.
 */
import type { ReactNode } from 'react';
import HighlightedCodeBlock from './Highlighted';
import { highlightJsonToHtml } from './json';

export default function JsonCodeBlock(props: { code: string; title?: string }): ReactNode {
  return <HighlightedCodeBlock {...props} language="json" highlight={highlightJsonToHtml} />;
}
