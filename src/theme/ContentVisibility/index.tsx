/**
 * ContentVisibility, ejected (issue 24): the theme's "unlisted" and "draft" banners are chunks of
 * their own, fetched only by a page that shows one (src/deferred). The theme bundles them, and
 * with them every admonition icon, with each docs page and blog post, where they render nothing:
 * no page of this site is unlisted and drafts are not built.
 */
import type { ReactNode } from 'react';
import type { Props } from '@theme/ContentVisibility';
import { deferred } from '@site/src/deferred';

const Draft = deferred(
  'Draft',
  () => import('@theme/ContentVisibility/Draft'),
  () => null,
);
const Unlisted = deferred(
  'Unlisted',
  () => import('@theme/ContentVisibility/Unlisted'),
  () => null,
);

export default function ContentVisibility({ metadata }: Props): ReactNode {
  const { unlisted, frontMatter } = metadata;
  // As the theme: the front matter too, so the banners show in development.
  return (
    <>
      {(unlisted || Boolean(frontMatter.unlisted)) && <Unlisted />}
      {Boolean(frontMatter.draft) && <Draft />}
    </>
  );
}
