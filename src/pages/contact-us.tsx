import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import type { ReactNode } from 'react';
import ContactForm from './_components/contact/ContactForm';
import styles from './_components/contact/styles.module.css';

/** /contact-us/ (spec §2): public; signed-in users find their e-mail filled in. */
export default function ContactUsPage(): ReactNode {
  return (
    <Layout
      title="Contact us"
      description="Questions about VisionAPI, pricing, private deployments or your account? Write to us."
    >
      <main className="container margin-vert--lg">
        <h1>Contact us</h1>
        <p>Questions, feedback or a project in mind? Write to us and we will answer by e-mail.</p>
        <div className={styles.layout}>
          <ContactForm />
          <aside className={styles.aside} aria-labelledby="contact-aside">
            <h2 id="contact-aside">Before you write</h2>
            <ul>
              <li>
                Prices per call are on the <Link to="/pricing/">pricing page</Link>.
              </li>
              <li>
                Your keys, usage and payments are under{' '}
                <Link to="/settings/api-keys/">API keys</Link>,{' '}
                <Link to="/settings/usage/">Usage</Link> and{' '}
                <Link to="/settings/buy-credits/">Buy credits</Link>.
              </li>
              <li>
                Dedicated capacity or your own model: see{' '}
                <Link to="/dashboard/private-deployment/">private deployment</Link>.
              </li>
            </ul>
          </aside>
        </div>
      </main>
    </Layout>
  );
}
