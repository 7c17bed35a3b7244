/**
 * An internal link that is just an `<a>`: for the site chrome's many small links (navbar menus,
 * footer), rendered on every page.
 *
 * Docusaurus's Link is about six React components per link plus an IntersectionObserver that
 * prefetches the target as soon as the link is in the viewport (closed menus and the footer
 * included). This one is one component and an `<a>`, and behaves the same for the reader: a plain
 * click navigates client-side, modified clicks (new tab, download) are the browser's, the target
 * page's code loads ahead of the click on hover, touch or focus (core's preload, which honours 2g
 * and save-data), and the build's broken-link check sees it (onBrokenLinks: 'throw').
 */
import type { MouseEvent, ReactNode } from 'react';
import { useHistory } from '@docusaurus/router';
import { useBaseUrlUtils } from '@docusaurus/useBaseUrl';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import { isPlainClick } from './links';

export { isActivePath, isPlainClick, isPlainItem, mdxLinkPath } from './links';

export interface PlainLinkProps {
  /** Site path, without the base URL (as Link's `to`). */
  to: string;
  className?: string;
  'aria-current'?: 'page';
  tabIndex?: number;
  /** Called first, as React Router's Link does; a handler that prevents the default stops the navigation. */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}

function preload(path: string): void {
  (window as unknown as { docusaurus?: { preload: (p: string) => unknown } }).docusaurus?.preload(
    path,
  );
}

export default function PlainLink({ to, children, onClick, ...rest }: PlainLinkProps): ReactNode {
  const history = useHistory();
  const href = useBaseUrlUtils().withBaseUrl(to);
  useBrokenLinks().collectLink(href);
  return (
    <a
      href={href}
      {...rest}
      onMouseEnter={() => preload(href)}
      onTouchStart={() => preload(href)}
      onFocus={() => preload(href)}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        history.push(href);
      }}
    >
      {children}
    </a>
  );
}
