/**
 * Floating 'Accelerate with AI — Book Now' badge, rendered only with scheduling consent (spec §2).
 * react-calendly is fetched after mount, never in a page's first load. Until it arrives, or if it
 * cannot load, the badge is a plain link to the booking page; with no booking URL configured it
 * links to /contact-us/. It sits in its own landmark, and while it shows the page keeps room for
 * it at the bottom (styles.module.css), so it never hides the page's end or a focused control.
 * On the account pages, whose tables put actions at every row's right edge, it does not float:
 * it sits at the end of the page, where it covers nothing.
 */
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import clsx from 'clsx';
import { runWhenIdle } from '@site/src/browser/idle';
import styles from './styles.module.css';

export const BADGE_TEXT = 'Accelerate with AI — Book Now';
/**
 * On <html> while the badge floats: the page keeps room for it (styles.module.css). An attribute,
 * because Docusaurus' head manager sets <html>'s class on every page change and would drop ours.
 */
export const BADGE_SHOWN_ATTRIBUTE = 'data-scheduling-badge-shown';

const loadPopup = () => import(/* webpackChunkName: "calendly-popup" */ './CalendlyPopup');
const CalendlyPopup = lazy(loadPopup);

/** Pages whose controls reach the window's right edge: the badge sits at the end instead. */
export function badgeInFlow(pathname: string): boolean {
  return pathname.startsWith('/settings/') || pathname.startsWith('/invitation/');
}

export default function SchedulingBadge({ url }: { url: string }): ReactNode {
  const { pathname } = useLocation();
  const inFlow = badgeInFlow(pathname);
  const dock = clsx(styles.dock, inFlow && styles.inFlow);
  // `data-scheduling-badge` marks the badge wherever it is; `data-badge-inline`, one that takes
  // its own room (the page then keeps none for it at the bottom).
  const marker = { 'data-scheduling-badge': '', ...(inFlow && { 'data-badge-inline': '' }) };
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);

  // Before the first paint with the badge, so the room for it arrives with it. A badge in the
  // page's flow takes its own room: none is kept at the bottom then.
  useLayoutEffect(() => {
    if (inFlow) return;
    document.documentElement.setAttribute(BADGE_SHOWN_ATTRIBUTE, '');
    return () => document.documentElement.removeAttribute(BADGE_SHOWN_ATTRIBUTE);
  }, [inFlow]);

  useEffect(() => {
    if (!url) return;
    let live = true;
    // Fetched once the page is idle: until then (and if it cannot load) the badge is a link.
    const cancel = runWhenIdle(() => {
      loadPopup().then(
        () => live && setReady(true),
        // Offline or blocked: the badge keeps working as a link.
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [url]);

  if (!url) {
    return (
      <aside className={dock} aria-label="Book a call" {...marker}>
        <Link className={styles.badge} to="/contact-us/">
          {BADGE_TEXT}
        </Link>
      </aside>
    );
  }

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!ready) return;
    event.preventDefault();
    setOpen(true);
  };

  return (
    <aside className={dock} aria-label="Book a call" {...marker}>
      <a
        className={styles.badge}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-haspopup={ready ? 'dialog' : undefined}
        onClick={onClick}
      >
        {BADGE_TEXT}
      </a>
      {ready && (
        <Suspense fallback={null}>
          <CalendlyPopup url={url} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </aside>
  );
}
