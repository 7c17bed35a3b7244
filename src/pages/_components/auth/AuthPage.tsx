/**
 * Frame of the sign-in, sign-up and password pages: the heading is rendered
 * on the server; the form only in the browser (it reads the session and the
 * query), inside a placeholder of the same size so nothing moves when it
 * appears. The form is plain HTML with a CSS module: no UI library, and the
 * identity SDK arrives at the reader's first key or pointer (useLoadOnIntent)
 * or when a form is sent, never at mount (issue 24).
 */
import BrowserOnly from '@docusaurus/BrowserOnly';
import Layout from '@theme/Layout';
import type { ReactNode } from 'react';
import { loadIdentity } from '@site/src/auth';
import useLoadOnIntent from './useLoadOnIntent';
import styles from './styles.module.css';

interface Props {
  title: string;
  heading: string;
  subtitle: ReactNode;
  description: string;
  /** The height of the page's form, kept free before it appears so nothing below it moves. */
  formHeight?: 'signIn' | 'signUp' | 'short';
  children: () => ReactNode;
}

function StartIdentity(): null {
  // Every form of these pages needs the SDK to send: fetch it once the reader starts.
  useLoadOnIntent(loadIdentity);
  return null;
}

export default function AuthPage({
  title,
  heading,
  subtitle,
  description,
  formHeight = 'short',
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
          <div className={`${styles.body} ${styles[formHeight]}`}>
            <BrowserOnly fallback={<div aria-hidden="true" />}>
              {() => (
                <>
                  <StartIdentity />
                  {children()}
                </>
              )}
            </BrowserOnly>
          </div>
        </section>
      </main>
    </Layout>
  );
}
