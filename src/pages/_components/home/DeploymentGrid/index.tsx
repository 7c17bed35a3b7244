import Link from '@docusaurus/Link';
import { deploymentDocsPath, navigationItems } from '@contract/catalogue';
import Icon from '../Icon';
import styles from './styles.module.css';

/** A card per public deployment of the catalogue; a family's card links to each variant. */
const CARDS = navigationItems().map((item) =>
  item.kind === 'deployment'
    ? { ...item.entry, variants: null }
    : { ...item, slug: item.variants[0]!.slug },
);

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
          {CARDS.map((card) => (
            <li key={card.title} className={styles.card}>
              <span className={styles.icon}>
                <Icon name={card.icon} />
              </span>
              <h3 className={styles.title}>
                <Link className={styles.cardLink} to={deploymentDocsPath(card)}>
                  {card.title}
                </Link>
              </h3>
              <p className={styles.description}>{card.summary}</p>
              {card.variants && (
                <ul className={styles.variants} aria-label={`${card.title} variants`}>
                  {card.variants.map((variant) => (
                    <li key={variant.slug}>
                      <Link to={deploymentDocsPath(variant)}>
                        {variant.sub![0]!.toUpperCase() + variant.sub!.slice(1)}
                      </Link>
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
