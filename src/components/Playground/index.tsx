/**
 * The try-it playground of a deployment page. The server and the first client
 * render show a fixed-size placeholder; the playground and its rendering code
 * are a chunk of their own, fetched when the section comes near the viewport
 * (or at once where IntersectionObserver is missing). A reader who only reads
 * the reference never downloads it.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DeploymentDoc } from '@site/src/playground/schema-doc';
import styles from './frame.module.css';

const PlaygroundApp = lazy(() => import(/* webpackChunkName: "playground" */ './PlaygroundApp'));

/** How far below (or above) the viewport the section starts loading. */
const LOAD_MARGIN = '800px 0px';

function Placeholder(): ReactNode {
  return (
    <div className={styles.placeholder} aria-busy="true">
      <noscript>
        The playground needs JavaScript. The reference above describes the call in full.
      </noscript>
    </div>
  );
}

export default function Playground({ doc }: { doc: DeploymentDoc }): ReactNode {
  const [near, setNear] = useState(false);
  const frame = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <section ref={frame} className={styles.frame} aria-label="Playground">
      {near ? (
        <Suspense fallback={<Placeholder />}>
          <PlaygroundApp doc={doc} />
        </Suspense>
      ) : (
        <Placeholder />
      )}
    </section>
  );
}
