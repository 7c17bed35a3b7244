/**
 * DocItemFooterWrapper: the theme's doc footer and the "Was this page helpful?" widget, which
 * sends the doc's id as pageId. The theme's footer shows only a doc's tags, edit link and last
 * update; no doc of this site has them today, so it is a chunk of its own (src/deferred), fetched
 * only by a doc that does (issue 24: its icons and utilities were on every docs page to render nothing).
 */
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import type { ReactNode } from 'react';
import type FooterType from '@theme/DocItem/Footer';
import type { WrapperProps } from '@docusaurus/types';
import PageFeedback from '@site/src/components/PageFeedback';
import { deferred } from '@site/src/deferred';

type Props = WrapperProps<typeof FooterType>;

const Footer = deferred(
  'DocFooter',
  () => import('@theme-original/DocItem/Footer'),
  () => null,
);

export default function DocItemFooterWrapper(props: Props): ReactNode {
  const { metadata } = useDoc();
  // The theme's own condition for rendering anything.
  const hasFooter =
    metadata.tags.length > 0 ||
    Boolean(metadata.editUrl || metadata.lastUpdatedAt || metadata.lastUpdatedBy);
  return (
    <>
      {hasFooter && <Footer {...props} />}
      <PageFeedback pageId={metadata.id} title={metadata.title} permalink={metadata.permalink} />
    </>
  );
}
