/**
 * MDXComponents/Code, swizzled (issue 24): inline code as the theme renders it, and a fenced block
 * as the theme's CodeBlock loaded only by a page that has one (src/deferred). The theme's MDXCode
 * imports CodeBlock (4.6 KB gzip with its utilities) into every docs page; most deployment pages
 * have no fenced block. The inline test is the theme's own.
 */
import type { ReactNode } from 'react';
import CodeInline from '@theme/CodeInline';
import type { Props } from '@theme/MDXComponents/Code';
import type { Props as CodeBlockProps } from '@theme/CodeBlock';
import { deferred } from '@site/src/deferred';

function shouldBeInline(props: Props): boolean {
  if (typeof props.children === 'undefined') return false;
  const items = Array.isArray(props.children) ? props.children : [props.children];
  return items.every((item) => typeof item === 'string' && !item.includes('\n'));
}

const CodeBlock = deferred(
  'CodeBlock',
  () => import('@theme/CodeBlock'),
  (props: CodeBlockProps) => (
    // Scrollable on a phone: in the tab order, as the theme's code blocks are.
    <pre tabIndex={0}>
      <code>{props.children}</code>
    </pre>
  ),
);

export default function MDXCode(props: Props): ReactNode {
  return shouldBeInline(props) ? (
    <CodeInline {...props} />
  ) : (
    <CodeBlock {...(props as CodeBlockProps)} />
  );
}
