import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './styles.module.css';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'className'> {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  /** `primary` fills the width of the form; `secondary` is an outlined button of its own width. */
  look?: 'primary' | 'secondary';
}

/** A button that shows progress and cannot be pressed again while its action runs. */
export default function SubmitButton({
  busy,
  busyLabel,
  children,
  disabled,
  look = 'primary',
  type = 'button',
  ...props
}: Props): ReactNode {
  return (
    <button
      type={type}
      {...props}
      className={look === 'primary' ? styles.primaryButton : styles.secondaryButton}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}
