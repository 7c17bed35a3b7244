/**
 * Frame of the sign-in, sign-up and password pages: the heading is rendered
 * on the server; the form (MUI, identity SDK) only in the browser, inside a
 * placeholder of the same size so nothing moves when it appears.
 */
import BrowserOnly from '@docusaurus/BrowserOnly';
import Layout from '@theme/Layout';
import { useEffect, type ReactNode } from 'react';
import { loadIdentity } from '@site/src/auth';
import MuiScope from '@site/src/components/MuiScope';
import styles from './styles.module.css';

interface Props {
  title: string;
  heading: string;
  subtitle: ReactNode;
  description: string;
  children: () => ReactNode;
}

function StartIdentity(): null {
  // Auth pages always need the SDK: start downloading it as soon as the page mounts.
  useEffect(() => {
    void loadIdentity().catch(() => undefined);
  }, []);
  return null;
}

export default function AuthPage({
  title,
  heading,
  subtitle,
  description,
  children,
}: Props): ReactNode {
  return (
    <Layout title={title} description={description}>
      <main className={styles.page}>
        <section className={styles.card} aria-labelledby="auth-heading">
          <h1 id="auth-heading" className={styles.heading}>
            {heading}
          </h1>
          <p className={styles.subtitle}>{subtitle}</p>
          <div className={styles.body}>
            <BrowserOnly fallback={<div className={styles.placeholder} aria-hidden="true" />}>
              {() => (
                <MuiScope>
                  <StartIdentity />
                  {children()}
                </MuiScope>
              )}
            </BrowserOnly>
          </div>
        </section>
      </main>
    </Layout>
  );
}
