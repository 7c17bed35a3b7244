/**
 * MDXComponentsWrapper: Markdown tables render in a ScrollTable, so a table wider than the page
 * (on a phone) scrolls inside a container that keyboard users can focus and scroll. Every other
 * component is the theme's (code blocks, <details> and admonitions load only on pages that have
 * one: see the swizzled MDXComponents/Code, MDXComponents/Details and Admonition).
 */
import type { ComponentProps, ReactNode } from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import ScrollTable from '@site/src/components/ScrollTable';

function MDXTable(props: ComponentProps<'table'>): ReactNode {
  return (
    <ScrollTable>
      <table {...props} />
    </ScrollTable>
  );
}

export default { ...MDXComponents, table: MDXTable };
