/**
 * MDXComponents/Details, wrapped (issue 24): the theme's <details> for MDX, loaded only by a page
 * that has one (src/deferred); no page of this site has one today.
 */
import type { ReactNode } from 'react';
import type { Props } from '@theme/MDXComponents/Details';
import { deferred } from '@site/src/deferred';

export default deferred(
  'MDXDetails',
  () => import('@theme-original/MDXComponents/Details'),
  (props: Props): ReactNode => <details>{props.children}</details>,
);
