/**
 * NavbarMobileSidebarWrapper: the theme's mobile drawer, with the keyboard handling a drawer
 * needs. Opening it moves focus to its close button; Escape closes it; closing it (Escape or the
 * close button) returns focus to the menu toggle, unless a link inside was followed (the new page
 * then starts from the top, as Docusaurus does).
 *
 * Its contents (the navbar's items and, on a docs page, the whole docs sidebar: 150–200
 * components) are first rendered in a React transition once the page has hydrated, instead of in
 * the update that follows hydration on a phone, when the window size becomes known: the same
 * render, in slices that let input through instead of one 100–200 ms task (CPU ×4). The drawer
 * stays closed until the reader opens it, and opening it earlier renders it at once.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import { useAfterHydration } from '@site/src/browser/hydratedStore';

const toggleButton = () => document.querySelector<HTMLElement>('.navbar__toggle');

export default function NavbarMobileSidebarWrapper(): ReactNode {
  const { shown, toggle } = useNavbarMobileSidebar();
  const { pathname } = useLocation();
  const prepared = useAfterHydration();
  const openedOn = useRef<string | null>(null);
  // The page the drawer closes on (read when it closes, not followed).
  const currentPath = useRef(pathname);
  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (shown) {
      openedOn.current = currentPath.current;
      // Infima fades the drawer in, its visibility included: on the first frame it is still
      // hidden and focus() does nothing, so it is tried again on the next frames until it takes.
      let frame = 0;
      let tries = 0;
      const focusClose = () => {
        const close = document.querySelector<HTMLElement>('.navbar-sidebar__close');
        close?.focus();
        if (document.activeElement !== close && (tries += 1) < 30)
          frame = requestAnimationFrame(focusClose);
      };
      focusClose();
      const onKeyDown = (event: KeyboardEvent) => {
        if (event.key === 'Escape') toggle();
      };
      document.addEventListener('keydown', onKeyDown);
      return () => {
        cancelAnimationFrame(frame);
        document.removeEventListener('keydown', onKeyDown);
      };
    }
    if (openedOn.current === null) return undefined;
    const samePage = openedOn.current === currentPath.current;
    openedOn.current = null;
    const active = document.activeElement;
    const focusLost =
      active === null || active === document.body || Boolean(active.closest('.navbar-sidebar'));
    if (samePage && focusLost) toggleButton()?.focus();
    return undefined;
  }, [shown, toggle]);

  return prepared || shown ? <MobileSidebar /> : null;
}
