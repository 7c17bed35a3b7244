/**
 * DocItemFooterWrapper: keeps the theme's doc footer and adds the
 * "Was this page helpful?" widget, which sends the doc's id as pageId.
 */
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import Footer from '@theme-original/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type { WrapperProps } from '@docusaurus/types';
import type { ReactNode } from 'react';
import PageFeedback from '@site/src/components/PageFeedback';

type Props = WrapperProps<typeof FooterType>;

export default function DocItemFooterWrapper(props: Props): ReactNode {
  const { metadata } = useDoc();
  return (
    <>
      <Footer {...props} />
      <PageFeedback pageId={metadata.id} title={metadata.title} permalink={metadata.permalink} />
    </>
  );
}
