/**
 * The cookie banner (spec §2): fixed at the bottom until the visitor chooses. It overlays the page
 * (no layout shift) and, while shown, a spacer of its height ends the page so nothing stays
 * hidden behind it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import Link from '@docusaurus/Link';
import ConsentSwitches from '@site/src/components/ConsentSwitches';
import { acceptAll, switchChoices, rejectOptional, saveConsent } from '@site/src/consent/store';
import type { OptionalChoices } from '@site/src/consent/store';
import styles from './styles.module.css';

export default function CookieBanner(): ReactNode {
  const id = useId();
  const [customizing, setCustomizing] = useState(false);
  const [choices, setChoices] = useState<OptionalChoices>(() => switchChoices());
  const [height, setHeight] = useState(0);
  const bannerRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const customizeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const banner = bannerRef.current;
    if (!banner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(banner.offsetHeight));
    observer.observe(banner);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (customizing) panelRef.current?.querySelector<HTMLInputElement>('input:enabled')?.focus();
  }, [customizing]);

  const closePanel = () => {
    setCustomizing(false);
    customizeRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && customizing) {
      event.stopPropagation();
      closePanel();
    }
  };

  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <section
        ref={bannerRef}
        className={styles.banner}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onKeyDown={onKeyDown}
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
            <button type="button" className="button button--primary" onClick={acceptAll}>
              Accept All Cookies
            </button>
            <button type="button" className="button button--primary" onClick={rejectOptional}>
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
                onClick={() => saveConsent(choices)}
              >
                Save Preferences
              </button>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
