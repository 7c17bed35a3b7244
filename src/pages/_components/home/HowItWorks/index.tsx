import Link from '@docusaurus/Link';
import StaticCodeBlock from '@site/src/components/StaticCodeBlock';
import { useSiteConfig } from '@site/src/config';
import Icon, { type IconName } from '../Icon';
import styles from './styles.module.css';
import { withoutTrailingSlashes } from '@site/src/api/url';

const STEPS: { icon: IconName; title: string; body: React.ReactNode }[] = [
  {
    icon: 'key',
    title: 'Create an API key',
    body: (
      <>
        <Link to="/sign-up/">Sign up</Link>, register your organization and create a key on the{' '}
        <Link to="/settings/api-keys/">API keys</Link> page.
      </>
    ),
  },
  {
    icon: 'request',
    title: 'Send an image',
    body: (
      <>
        POST the image to a deployment on the services host with your key in the{' '}
        <code>api-key</code> header. JSON comes back.
      </>
    ),
  },
  {
    icon: 'credits',
    title: 'Pay per call',
    body: (
      <>
        Each successful call is paid from your prepaid USD credits.{' '}
        <Link to="/settings/buy-credits/">Top up</Link> when you need to and track it on the{' '}
        <Link to="/settings/usage/">Usage</Link> page.
      </>
    ),
  },
];

export default function HowItWorks(): React.JSX.Element {
  // The services host is configuration (SERVICES_BASE_URL); show the one this build calls.
  const servicesHost = withoutTrailingSlashes(useSiteConfig().servicesBaseUrl);
  const example = [
    `curl -X POST ${servicesHost}/object-detection \\`,
    `  -H "api-key: YOUR_API_KEY" \\`,
    `  -F "image=@street.jpg"`,
  ].join('\n');

  return (
    <section className={styles.section} aria-labelledby="how-heading">
      <div className="container">
        <h2 id="how-heading" className={styles.heading}>
          How it works
        </h2>
        <div className={styles.layout}>
          <ol className={styles.steps}>
            {STEPS.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepIcon}>
                  <Icon name={step.icon} />
                </span>
                <div>
                  <h3 className={styles.stepTitle}>
                    <span className={styles.stepNumber}>{index + 1}.</span> {step.title}
                  </h3>
                  <p className={styles.stepBody}>{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
          <div className={styles.code}>
            <StaticCodeBlock language="bash" title="Detect objects in a photo" code={example} />
            <p className={styles.caption}>
              Replace <code>YOUR_API_KEY</code> with a key from your account. Parameters and
              response fields for every deployment are on its{' '}
              <Link to="/dashboard/public-deployment/object-detection/">docs page</Link>.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
