/**
 * `@docusaurus/Link` for the docs sidebar's links (src/plugins/lean-sidebar-links resolves the
 * theme's DocSidebarItem/Link to it): an internal page link with only the props the sidebar
 * passes (class, aria-current, tab index, click handler) is a PlainLink; anything else is
 * Docusaurus's Link, unchanged.
 *
 * The sidebar shows 27 links on every docs page; each Link is six components and an
 * IntersectionObserver that prefetches its page once visible. As PlainLinks they are an `<a>`
 * each, with the same href (base URL and trailing slash applied as Link applies them),
 * client-side navigation, and preload on hover, touch or focus.
 */
import type { ComponentProps, ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { applyTrailingSlash } from '@docusaurus/utils-common';
import PlainLink from './index';
import { leanLinkTarget } from './links';

type LinkProps = ComponentProps<typeof Link>;

export default function LeanLink(props: LinkProps): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const target = leanLinkTarget(props);
  if (target === null) return <Link {...props} />;
  const { className, tabIndex, onClick, children } = props;
  return (
    <PlainLink
      to={applyTrailingSlash(target, {
        trailingSlash: siteConfig.trailingSlash,
        baseUrl: siteConfig.baseUrl,
      })}
      className={className}
      aria-current={props['aria-current'] === 'page' ? 'page' : undefined}
      tabIndex={tabIndex}
      onClick={onClick}
    >
      {children}
    </PlainLink>
  );
}
