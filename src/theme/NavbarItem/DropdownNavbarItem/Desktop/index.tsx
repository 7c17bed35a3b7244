/**
 * The navbar's desktop dropdown, with lean menu links.
 *
 * The theme renders each menu link through NavbarItem → DefaultNavbarItem → NavbarNavLink → Link
 * → NavLink → Link: about 14 React components per link, each with its own IntersectionObserver
 * (viewport prefetch of pages hidden in a closed menu). This site's navbar holds 16 plain
 * `{ label, to }` menu links on every page: 176 of the navbar's 350 components during hydration.
 * Here a plain menu link is an `<li>` and a PlainLink (same markup, classes, `aria-current`,
 * client-side navigation, preload on hover/focus). Menu items with anything more than a label and
 * a path (the version and language menus) render through the theme's NavbarItem as before. The
 * toggle, its keyboard handling and outside-click closing are the theme's; CUSTOM: Escape closes
 * the menu (also one shown on hover, until the pointer leaves) and returns focus to the toggle.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { useLocation } from '@docusaurus/router';
import { useBaseUrlUtils } from '@docusaurus/useBaseUrl';
import NavbarNavLink from '@theme/NavbarItem/NavbarNavLink';
import NavbarItem from '@theme/NavbarItem';
import type { Props } from '@theme/NavbarItem/DropdownNavbarItem/Desktop';
import PlainLink, { isActivePath, isPlainItem } from '@site/src/components/PlainLink';

export default function DropdownNavbarItemDesktop({
  items,
  position,
  className,
  // Not forwarded to the toggle (as the theme).
  onClick: _onClick,
  ...props
}: Props): ReactNode {
  const dropdownRef = useRef<HTMLDivElement>(null);
  const [showDropdown, setShowDropdown] = useState(false);
  // Dismissed with Escape: not shown on hover either until the pointer leaves (WCAG 1.4.13).
  const [dismissed, setDismissed] = useState(false);
  const { pathname } = useLocation();
  const { withBaseUrl } = useBaseUrlUtils();

  useEffect(() => {
    const handleClickOutside = (event: Event) => {
      if (!dropdownRef.current || dropdownRef.current.contains(event.target as Node)) return;
      setShowDropdown(false);
    };
    document.addEventListener('mousedown', handleClickOutside);
    document.addEventListener('touchstart', handleClickOutside);
    document.addEventListener('focusin', handleClickOutside);
    return () => {
      document.removeEventListener('mousedown', handleClickOutside);
      document.removeEventListener('touchstart', handleClickOutside);
      document.removeEventListener('focusin', handleClickOutside);
    };
  }, [dropdownRef]);

  return (
    <div
      ref={dropdownRef}
      className={clsx('navbar__item', 'dropdown', {
        'dropdown--hoverable': !dismissed,
        'dropdown--right': position === 'right',
        'dropdown--show': showDropdown,
      })}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        setShowDropdown(false);
        setDismissed(true);
        dropdownRef.current?.querySelector<HTMLElement>('.navbar__link')?.focus();
      }}
      onMouseLeave={() => setDismissed(false)}
    >
      <NavbarNavLink
        aria-haspopup="true"
        aria-expanded={showDropdown}
        role="button"
        // As the theme: "#" keeps the toggle focusable when it has no target.
        href={props.to ? undefined : '#'}
        className={clsx('navbar__link', className)}
        {...props}
        onClick={props.to ? undefined : (e) => e.preventDefault()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setShowDropdown(!showDropdown);
          }
        }}
      >
        {props.children ?? props.label}
      </NavbarNavLink>
      <ul className="dropdown__menu">
        {items.map((item, i) => {
          if (!isPlainItem(item)) {
            return (
              <NavbarItem
                isDropdownItem
                activeClassName="dropdown__link--active"
                {...item}
                key={i}
              />
            );
          }
          const active = isActivePath(pathname, withBaseUrl(item.to));
          return (
            <li key={i}>
              <PlainLink
                to={item.to}
                className={clsx('dropdown__link', active && 'dropdown__link--active')}
                aria-current={active ? 'page' : undefined}
              >
                {item.label}
              </PlainLink>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
