/**
 * MDXComponentsWrapper: Markdown tables render in a ScrollTable, so a table wider than the page
 * (on a phone) scrolls inside a container that keyboard users can focus and scroll. A Markdown
 * link to a page of the site renders as a PlainLink (see mdxLinkPath). Every other component is
 * the theme's (code blocks, <details> and admonitions load only on pages that have one: see the
 * swizzled MDXComponents/Code, MDXComponents/Details and Admonition).
 */
import type { ComponentProps, ReactNode } from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import PlainLink, { mdxLinkPath } from '@site/src/components/PlainLink';
import ScrollTable from '@site/src/components/ScrollTable';

function MDXTable(props: ComponentProps<'table'>): ReactNode {
  return (
    <ScrollTable>
      <table {...props} />
    </ScrollTable>
  );
}

/**
 * A link to one of the site's pages (Docusaurus has already resolved Markdown links to `.mdx`
 * files into page paths) is a PlainLink: the same `<a>`, client-side navigation and preload on
 * hover, touch or focus, without Link's IntersectionObserver and viewport prefetch per link (the
 * deployments overview has 60). Anything else (external, anchors, titles) is the theme's link.
 */
function MDXLink(props: ComponentProps<'a'>): ReactNode {
  const path = mdxLinkPath(props);
  if (path === null) return <MDXComponents.a {...props} />;
  return <PlainLink to={path}>{props.children}</PlainLink>;
}

export default { ...MDXComponents, table: MDXTable, a: MDXLink };
