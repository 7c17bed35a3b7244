/**
 * MDXComponents, ejected (issue 24): the theme's map, with two changes.
 *
 * - Markdown tables render in a ScrollTable, so a table wider than the page (on a phone) scrolls
 *   inside a container that keyboard users can focus and scroll.
 * - Fenced code blocks, admonitions and <details> are chunks of their own, fetched only by a page
 *   that has one (src/deferred): the theme bundles all three with every docs page (its CodeBlock
 *   alone is 4.6 KB gzip with its utilities), and most deployment pages use none of them.
 *
 * Every other entry is the theme's own component.
 */
import type { ComponentProps, ReactNode } from 'react';
import Head from '@docusaurus/Head';
import CodeInline from '@theme/CodeInline';
import MDXA from '@theme/MDXComponents/A';
import MDXPre from '@theme/MDXComponents/Pre';
import MDXHeading from '@theme/MDXComponents/Heading';
import MDXUl from '@theme/MDXComponents/Ul';
import MDXLi from '@theme/MDXComponents/Li';
import MDXImg from '@theme/MDXComponents/Img';
import Mermaid from '@theme/Mermaid';
import type { Props as CodeProps } from '@theme/MDXComponents/Code';
import type { Props as CodeBlockProps } from '@theme/CodeBlock';
import type { Props as AdmonitionProps } from '@theme/Admonition';
import type { Props as DetailsProps } from '@theme/MDXComponents/Details';
import ScrollTable from '@site/src/components/ScrollTable';
import { deferred } from '@site/src/deferred';

/** As the theme's MDXCode: a code element of one line of text is inline code. */
function shouldBeInline(props: CodeProps): boolean {
  if (typeof props.children === 'undefined') return false;
  const items = Array.isArray(props.children) ? props.children : [props.children];
  return items.every((item) => typeof item === 'string' && !item.includes('\n'));
}

const DeferredCodeBlock = deferred(
  'CodeBlock',
  () => import('@theme/CodeBlock'),
  (props: CodeBlockProps) => (
    // Scrollable on a phone: in the tab order, as the theme's code blocks are.
    <pre tabIndex={0}>
      <code>{props.children}</code>
    </pre>
  ),
);

function MDXCode(props: CodeProps): ReactNode {
  return shouldBeInline(props) ? (
    <CodeInline {...props} />
  ) : (
    <DeferredCodeBlock {...(props as CodeBlockProps)} />
  );
}

const DeferredAdmonition = deferred(
  'Admonition',
  () => import('@theme/Admonition'),
  (props: AdmonitionProps) => (
    <div className={`alert alert--${props.type === 'danger' ? 'danger' : 'info'}`}>
      {props.children}
    </div>
  ),
);

const DeferredDetails = deferred(
  'MDXDetails',
  () => import('@theme/MDXComponents/Details'),
  (props: DetailsProps) => <details>{props.children}</details>,
);

function MDXTable(props: ComponentProps<'table'>): ReactNode {
  return (
    <ScrollTable>
      <table {...props} />
    </ScrollTable>
  );
}

const MDXComponents = {
  Head,
  details: DeferredDetails,
  Details: DeferredDetails,
  code: MDXCode,
  a: MDXA,
  pre: MDXPre,
  ul: MDXUl,
  li: MDXLi,
  img: MDXImg,
  h1: (props: ComponentProps<'h1'>) => <MDXHeading as="h1" {...props} />,
  h2: (props: ComponentProps<'h2'>) => <MDXHeading as="h2" {...props} />,
  h3: (props: ComponentProps<'h3'>) => <MDXHeading as="h3" {...props} />,
  h4: (props: ComponentProps<'h4'>) => <MDXHeading as="h4" {...props} />,
  h5: (props: ComponentProps<'h5'>) => <MDXHeading as="h5" {...props} />,
  h6: (props: ComponentProps<'h6'>) => <MDXHeading as="h6" {...props} />,
  admonition: DeferredAdmonition,
  mermaid: Mermaid,
  table: MDXTable,
};

export default MDXComponents;
