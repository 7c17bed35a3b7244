/**
 * The try-it playground of a deployment page. The server and the first client
 * render show a fixed-size placeholder; the playground and its rendering code
 * are fetched in their own chunk after hydration.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { DeploymentPath } from '@site/src/api/contract/services';
import styles from './styles.module.css';

const PlaygroundApp = lazy(() => import(/* webpackChunkName: "playground" */ './PlaygroundApp'));

function Placeholder(): ReactNode {
  return (
    <div className={styles.placeholder} aria-busy="true">
      <noscript>
        The playground needs JavaScript. The reference above describes the call in full.
      </noscript>
    </div>
  );
}

export default function Playground({ path }: { path: DeploymentPath }): ReactNode {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <section className={styles.frame} aria-label="Playground">
      {mounted ? (
        <Suspense fallback={<Placeholder />}>
          <PlaygroundApp path={path} />
        </Suspense>
      ) : (
        <Placeholder />
      )}
    </section>
  );
}
