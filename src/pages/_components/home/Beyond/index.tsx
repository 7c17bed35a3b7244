import Link from '@docusaurus/Link';
import Icon, { type IconName } from '../Icon';
import styles from './styles.module.css';

const OFFERS: { icon: IconName; title: string; body: string; to: string; cta: string }[] = [
  {
    icon: 'server',
    title: 'Private deployment',
    body: 'Dedicated, isolated capacity for our models or your own: in our cloud, in your cloud account or on premises, with service levels agreed with you.',
    to: '/dashboard/private-deployment/',
    cta: 'Explore private deployment',
  },
  {
    icon: 'studio',
    title: 'AI training studio',
    body: 'Upload and label your images, fine-tune a classification, detection or segmentation model, evaluate it and deploy it for your organization.',
    to: '/dashboard/ai-training-studio/',
    cta: 'Explore the training studio',
  },
];

/** Teasers for what goes beyond the public, pay-per-call deployments. */
export default function Beyond(): React.JSX.Element {
  return (
    <section className={styles.section} aria-labelledby="beyond-heading">
      <div className="container">
        <h2 id="beyond-heading" className={styles.heading}>
          When public deployments are not enough
        </h2>
        <div className={styles.grid}>
          {OFFERS.map((offer) => (
            <article key={offer.title} className={styles.card}>
              <span className={styles.icon}>
                <Icon name={offer.icon} />
              </span>
              <h3 className={styles.title}>{offer.title}</h3>
              <p className={styles.body}>{offer.body}</p>
              <Link className={styles.link} to={offer.to}>
                {offer.cta} <span aria-hidden="true">→</span>
              </Link>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
