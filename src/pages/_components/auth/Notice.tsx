import type { ReactNode } from 'react';
import styles from './styles.module.css';

interface Props {
  severity: 'error' | 'success' | 'info';
  /** `alert` for errors (announced at once), `status` for the rest. */
  role: 'alert' | 'status';
  id?: string;
  children: ReactNode;
}

/** The mark inside each message's circle (drawn, so the message's text is only its words). */
const MARKS: Record<Props['severity'], string> = {
  error: 'M12 6.5v7M12 16.6v.9',
  success: 'M7.5 12.5l3 3 6-6.5',
  info: 'M12 10.5v7M12 6.6v.9',
};

/** A message box of the auth pages, in the colours the account pages' alerts use. */
export default function Notice({ severity, role, id, children }: Props): ReactNode {
  return (
    <div id={id} role={role} className={`${styles.notice} ${styles[severity]}`}>
      <svg
        className={styles.noticeMark}
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path
          d={MARKS[severity]}
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div className={styles.noticeText}>{children}</div>
    </div>
  );
}
