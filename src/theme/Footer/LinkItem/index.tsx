/**
 * Footer links: an internal `{ label, to }` link renders as a PlainLink (one component and an
 * `<a>`, instead of Link's six and an IntersectionObserver that prefetched every footer page as
 * soon as the footer scrolled into view); anything else (external `href`, extra props) renders
 * through the theme's FooterLinkItem, unchanged.
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { Props } from '@theme/Footer/LinkItem';
import FooterLinkItem from '@theme-original/Footer/LinkItem';
import PlainLink from '@site/src/components/PlainLink';

export default function FooterLinkItemPlain({ item }: Props): ReactNode {
  const { to, label, className, ...rest } = item;
  if (typeof to !== 'string' || typeof label !== 'string' || Object.keys(rest).length > 0) {
    return <FooterLinkItem item={item} />;
  }
  return (
    <PlainLink to={to} className={clsx('footer__link-item', className)}>
      {label}
    </PlainLink>
  );
}
