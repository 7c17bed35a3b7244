/**
 * "Notify me" on a coming-soon page: sends a contact message (POST email)
 * with the doc's id as pageId. Signed in, the account's address is used;
 * signed out, the reader types one.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import { sendFeedback } from '@site/src/api/feedback';
import { useAuth } from '@site/src/auth';
import styles from './styles.module.css';

type SendState =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string };

export default function NotifyMe({ name }: { name: string }): ReactNode {
  const { metadata } = useDoc();
  const auth = useAuth();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<SendState>({ kind: 'idle' });
  const signedIn = auth.status === 'signedIn';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: 'sending' });
    const result = await sendFeedback({
      subject: `Notify me: ${name}`,
      body: `Please tell me when ${name} is available as a public deployment.`,
      pageId: metadata.id,
      ...(signedIn ? {} : { email: email.trim() }),
    });
    setState(
      result.error_message !== undefined
        ? { kind: 'error', message: result.error_message }
        : { kind: 'sent' },
    );
  };

  if (state.kind === 'sent') {
    return (
      <div className={styles.box} role="status">
        Thanks! We will e-mail you when {name} launches.
      </div>
    );
  }
  return (
    <form
      className={styles.box}
      onSubmit={(e) => void submit(e)}
      aria-label={`Notify me about ${name}`}
    >
      <p className={styles.lead}>Get an e-mail when {name} launches.</p>
      <div className={styles.row}>
        {signedIn ? null : (
          <input
            type="email"
            required
            autoComplete="email"
            placeholder="you@company.com"
            aria-label="E-mail address"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={state.kind === 'sending'}
        >
          {state.kind === 'sending' ? 'Sending…' : 'Notify me'}
        </button>
      </div>
      {state.kind === 'error' ? (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
