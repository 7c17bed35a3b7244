/**
 * Admonition, wrapped (issue 24): the theme's admonition, with its icons and types, loaded only
 * by a page that shows one (src/deferred). The theme bundles it with every docs page and blog
 * post; the live deployment pages have none. Until it arrives after a client-side navigation, the
 * content shows in Infima's alert box.
 */
import type { ReactNode } from 'react';
import type { Props } from '@theme/Admonition';
import { deferred } from '@site/src/deferred';

export default deferred(
  'Admonition',
  () => import('@theme-original/Admonition'),
  (props: Props): ReactNode => (
    <div className={`alert alert--${props.type === 'danger' ? 'danger' : 'info'}`}>
      {props.children}
    </div>
  ),
);
