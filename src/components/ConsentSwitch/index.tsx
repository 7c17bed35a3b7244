/** One consent category as a labelled switch with its one-line explanation. */
import { useId } from 'react';
import type { ReactNode } from 'react';
import styles from './styles.module.css';

interface Props {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  /** Shown next to the label, e.g. "Always on". */
  note?: string;
  onChange?: (checked: boolean) => void;
}

export default function ConsentSwitch({
  label,
  description,
  checked,
  disabled = false,
  note,
  onChange,
}: Props): ReactNode {
  const id = useId();
  return (
    <div className={styles.row}>
      <input
        id={`${id}-input`}
        className={styles.switch}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onChange={(event) => onChange?.(event.target.checked)}
      />
      <div className={styles.text}>
        <label htmlFor={`${id}-input`} className={styles.label}>
          {label}
        </label>
        {note && <span className={styles.note}>{note}</span>}
        <p id={`${id}-description`} className={styles.description}>
          {description}
        </p>
      </div>
    </div>
  );
}
