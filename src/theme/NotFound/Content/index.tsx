/**
 * CUSTOM (replaces the classic theme's NotFound/Content): a designed
 * not-found page that sends the reader home, to the docs or to search,
 * instead of the theme's "contact the owner of the site" text.
 */
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import type { Props } from '@theme/NotFound/Content';
import styles from './styles.module.css';

const POPULAR = [
  { to: '/dashboard/public-deployment/object-detection/', label: 'Object detection' },
  { to: '/dashboard/public-deployment/depth-estimation/', label: 'Depth estimation' },
  { to: '/dashboard/public-deployment/image-segmentation/semantic/', label: 'Image segmentation' },
  { to: '/pricing/', label: 'Pricing' },
];

export default function NotFoundContent({ className }: Props): React.JSX.Element {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className={styles.card}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <Heading as="h1">Page not found</Heading>
        <p>
          We could not find that page. It may have moved, or the address may be mistyped. Use the
          search box in the navigation bar, or start from one of these:
        </p>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to="/">
            Go to the home page
          </Link>
          <Link className="button button--secondary button--lg" to="/dashboard/public-deployment/">
            Browse the docs
          </Link>
        </div>
        <nav aria-label="Popular pages">
          <ul className={styles.popular}>
            {POPULAR.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </main>
  );
}
