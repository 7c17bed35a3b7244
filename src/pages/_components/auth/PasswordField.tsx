import { useState, type ReactNode } from 'react';
import TextField, { type TextFieldProps } from './TextField';
import styles from './styles.module.css';

/** Password input with a Show/Hide switch. */
export default function PasswordField(props: Omit<TextFieldProps, 'type' | 'end'>): ReactNode {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      end={
        <button
          type="button"
          className={styles.reveal}
          onClick={() => setVisible((value) => !value)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
