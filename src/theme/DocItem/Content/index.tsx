/**
 * Wraps the docs page content: a "Copy page as Markdown" bar above it (the page's Markdown is
 * written beside the page at build time by src/plugins/docs-for-machines).
 */
import type { ReactNode } from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import CopyPageMarkdown from '@site/src/components/CopyPageMarkdown';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const { metadata } = useDoc();
  return (
    <>
      <CopyPageMarkdown permalink={metadata.permalink} />
      <Content {...props} />
    </>
  );
}
