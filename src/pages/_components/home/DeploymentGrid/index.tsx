import Link from '@docusaurus/Link';
import Icon from '../Icon';
import { PUBLIC_DEPLOYMENTS } from '../data';
import styles from './styles.module.css';

/** The six public deployments, one card each; the whole card is clickable. */
export default function DeploymentGrid(): React.JSX.Element {
  return (
    <section className={styles.section} aria-labelledby="deployments-heading">
      <div className="container">
        <h2 id="deployments-heading" className={styles.heading}>
          Public deployments, ready to call
        </h2>
        <p className={styles.intro}>
          Hosted models behind one API key. Each page explains the output, how to tune it and where
          it works best.
        </p>
        <ul className={styles.grid}>
          {PUBLIC_DEPLOYMENTS.map((deployment) => (
            <li key={deployment.title} className={styles.card}>
              <span className={styles.icon}>
                <Icon name={deployment.icon} />
              </span>
              <h3 className={styles.title}>
                <Link className={styles.cardLink} to={deployment.to}>
                  {deployment.title}
                </Link>
              </h3>
              <p className={styles.description}>{deployment.description}</p>
              {deployment.variants && (
                <ul className={styles.variants} aria-label={`${deployment.title} variants`}>
                  {deployment.variants.map((variant) => (
                    <li key={variant.to}>
                      <Link to={variant.to}>{variant.label}</Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
