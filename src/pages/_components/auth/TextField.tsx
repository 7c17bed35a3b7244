/**
 * A labelled text input for the auth pages: plain HTML and a CSS module, so the public sign-in,
 * sign-up and password pages load no UI library (issue 24). The label is always visible above
 * the field; a hint and the invalid state are tied to the input for screen readers.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './styles.module.css';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'className' | 'id'
> {
  label: string;
  /** A line under the field (for example the password rule). */
  helperText?: string;
  /** Marks the field invalid (aria-invalid and a red border). */
  error?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Something drawn inside the field at its end (the password's Show button). */
  end?: ReactNode;
}

export default function TextField({
  label,
  helperText,
  error = false,
  inputRef,
  end,
  required,
  ...input
}: TextFieldProps): ReactNode {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className={styles.control}>
        <input
          {...input}
          id={id}
          ref={inputRef}
          required={required}
          className={end ? `${styles.input} ${styles.inputWithEnd}` : styles.input}
          aria-invalid={error || undefined}
          aria-describedby={helperText ? hintId : undefined}
        />
        {end}
      </div>
      {helperText && (
        <p id={hintId} className={styles.hint}>
          {helperText}
        </p>
      )}
    </div>
  );
}
