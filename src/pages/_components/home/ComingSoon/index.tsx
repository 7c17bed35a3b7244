import Link from '@docusaurus/Link';
import { COMING_SOON_CATALOGUE, deploymentDocsPath } from '@contract/catalogue';
import styles from './styles.module.css';

export default function ComingSoon(): React.JSX.Element {
  return (
    <section className={styles.section} aria-labelledby="coming-soon-heading">
      <div className="container">
        <div className={styles.header}>
          <h2 id="coming-soon-heading" className={styles.heading}>
            Coming soon
          </h2>
          <p className={styles.intro}>
            Nine more deployments are in preparation. <Link to="/contact-us/">Contact us</Link> to
            get early access or to hear when they launch.
          </p>
        </div>
        <ul className={styles.list}>
          {COMING_SOON_CATALOGUE.map((entry) => (
            <li key={entry.slug}>
              <Link className={styles.item} to={deploymentDocsPath(entry)}>
                {entry.title}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
