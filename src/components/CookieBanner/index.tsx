/**
 * The cookie banner (spec §2): fixed at the bottom until the visitor chooses. It overlays the page
 * (no layout shift) and, while shown, publishes its height as --cookie-banner-height: the page
 * keeps that much room at its end and scrolls focused elements above the banner
 * (src/css/custom.css), so nothing stays hidden behind it. It comes first in the page's tab order
 * (src/theme/Root.tsx). After a choice the banner goes away and focus moves on: back to where it
 * was before it entered the banner, or to the page's main content.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent, ReactNode } from 'react';
import Link from '@docusaurus/Link';
import ConsentSwitches from '@site/src/components/ConsentSwitches';
import { acceptAll, switchChoices, rejectOptional, saveConsent } from '@site/src/consent/store';
import type { OptionalChoices } from '@site/src/consent/store';
import styles from './styles.module.css';

export default function CookieBanner({
  pending = false,
}: {
  /**
   * The stored consent is not read yet (server rendering, hydration): the banner shows only if
   * the early head script found no valid consent (src/consent/earlyBanner.ts).
   */
  pending?: boolean;
}): ReactNode {
  const id = useId();
  const [customizing, setCustomizing] = useState(false);
  const [choices, setChoices] = useState<OptionalChoices>(() => switchChoices());
  const bannerRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const customizeRef = useRef<HTMLButtonElement>(null);

  // Where focus was before it entered the banner, to go back there after a choice.
  const cameFrom = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const banner = bannerRef.current;
    if (!banner || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty('--cookie-banner-height', `${banner.offsetHeight}px`),
    );
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.removeProperty('--cookie-banner-height');
    };
  }, []);

  useEffect(() => {
    if (customizing) panelRef.current?.querySelector<HTMLInputElement>('input:enabled')?.focus();
  }, [customizing]);

  const closePanel = () => {
    setCustomizing(false);
    customizeRef.current?.focus();
  };

  /** Applies a choice (which removes the banner) and moves focus out of it first. */
  const choose = (apply: () => void) => {
    const banner = bannerRef.current;
    const focusWasInBanner = Boolean(banner?.contains(document.activeElement));
    if (focusWasInBanner) focusAfterBanner(banner, cameFrom.current);
    apply();
  };

  const onFocus = (event: FocusEvent) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !bannerRef.current?.contains(from)) cameFrom.current = from;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && customizing) {
      event.stopPropagation();
      closePanel();
    }
  };

  return (
    <section
      ref={bannerRef}
      className={pending ? `${styles.banner} cookie-banner-pending` : styles.banner}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      <div className={styles.inner}>
        <h2 id={`${id}-title`} className={styles.title}>
          Cookies on VisionAPI
        </h2>
        <p id={`${id}-text`} className={styles.text}>
          We use essential cookies to run this site. With your consent we also use analytics to
          improve the docs and a scheduling widget to book a call. See our{' '}
          <Link to="/privacy/">Privacy policy</Link>.
        </p>
        {customizing && (
          <div
            ref={panelRef}
            id={`${id}-panel`}
            className={styles.panel}
            role="group"
            aria-label="Cookie categories"
          >
            <ConsentSwitches choices={choices} onChange={setChoices} />
          </div>
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className="button button--primary"
            onClick={() => choose(acceptAll)}
          >
            Accept All Cookies
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => choose(rejectOptional)}
          >
            Reject Optional
          </button>
          <button
            ref={customizeRef}
            type="button"
            className="button button--secondary"
            aria-expanded={customizing}
            aria-controls={customizing ? `${id}-panel` : undefined}
            onClick={() => (customizing ? closePanel() : setCustomizing(true))}
          >
            Customize Settings
          </button>
          {customizing && (
            <button
              type="button"
              className="button button--outline button--primary"
              onClick={() => choose(() => saveConsent(choices))}
            >
              Save Preferences
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * Focus for when the banner goes: the element it came from, if it is still on the page and
 * visible, else the start of the main content (as the skip link does).
 */
function focusAfterBanner(banner: HTMLElement | null, from: HTMLElement | null): void {
  if (from?.isConnected && !banner?.contains(from) && from.getClientRects().length > 0) {
    from.focus();
    if (document.activeElement === from) return;
  }
  const main =
    document.querySelector<HTMLElement>('main') ??
    document.getElementById('__docusaurus_skipToContent_fallback');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}
