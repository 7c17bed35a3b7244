/** A small CSS spinner for the navbar (no MUI in a docs page's first load). */
import clsx from 'clsx';
import type { ReactNode } from 'react';
import styles from './styles.module.css';

/** With an empty label the spinner is decorative (its container names the state). */
export default function Spinner({
  label,
  className,
}: {
  label: string;
  className?: string;
}): ReactNode {
  if (!label) return <span aria-hidden="true" className={clsx(styles.spinner, className)} />;
  return <span role="progressbar" aria-label={label} className={clsx(styles.spinner, className)} />;
}
