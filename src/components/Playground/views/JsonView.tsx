/** The raw answer; long base64 strings are shortened on screen, never in the copy. */
import { useState, type ReactNode } from 'react';
import styles from '../styles.module.css';

const shorten = (_key: string, value: unknown) =>
  typeof value === 'string' && value.length > 96
    ? `${value.slice(0, 64)}… (${value.length} characters)`
    : value;

export default function JsonView({ value }: { value: unknown }): ReactNode {
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.json}>
      <button
        type="button"
        className="button button--sm button--secondary"
        onClick={() =>
          void navigator.clipboard
            .writeText(JSON.stringify(value, null, 2))
            .then(() => setCopied(true))
        }
      >
        {copied ? 'Copied' : 'Copy JSON'}
      </button>
      <pre tabIndex={0} aria-label="Raw JSON answer">
        <code>{JSON.stringify(value, shorten, 2)}</code>
      </pre>
    </div>
  );
}
