/**
 * The second step of "Was this page helpful?": the comment (and e-mail when
 * signed out) and the send. A chunk of its own, fetched on the first Yes/No.
 * The feedback client is imported when the reader sends, through `POST email`
 * with the doc's id as pageId. Signed-out readers add their e-mail (the backend needs it).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useAuth } from '@site/src/auth/AuthProvider';
import { notify } from '@site/src/components/Notifications';
import styles from './styles.module.css';

export type Answer = 'yes' | 'no';

interface Props {
  answer: Answer;
  pageId: string;
  title: string;
  permalink: string;
  onSent: () => void;
}

export default function FeedbackForm({
  answer,
  pageId,
  title,
  permalink,
  onSent,
}: Props): ReactNode {
  const { status, user } = useAuth();
  const [comment, setComment] = useState('');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signedIn = status === 'signedIn' && Boolean(user);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!signedIn && !/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(email.trim())) {
      setEmailError('Enter your e-mail address.');
      return;
    }
    setBusy(true);
    setFailure(null);
    const { sendFeedback } = await import('@site/src/api/feedback');
    const result = await sendFeedback({
      subject: `Docs feedback: ${answer === 'yes' ? 'helpful' : 'not helpful'} – ${title}`.slice(
        0,
        200,
      ),
      body: [
        `Helpful: ${answer}`,
        `Page: ${permalink}`,
        comment.trim() && `Comment: ${comment.trim()}`,
      ]
        .filter(Boolean)
        .join('\n')
        .slice(0, 5000),
      pageId: pageId.slice(0, 200),
      ...(signedIn ? {} : { email: email.trim() }),
    });
    setBusy(false);
    if (result.error_message !== undefined) {
      setFailure(result.error_message);
      notify({ severity: 'error', message: result.error_message });
      return;
    }
    onSent();
  };

  return (
    <form className={styles.form} onSubmit={(event) => void send(event)} noValidate>
      <label htmlFor="page-feedback-comment">
        {answer === 'yes' ? 'Anything to add? (optional)' : 'What was missing or wrong? (optional)'}
      </label>
      <textarea
        id="page-feedback-comment"
        rows={3}
        maxLength={4000}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        disabled={busy}
      />
      {!signedIn && (
        <>
          <label htmlFor="page-feedback-email">Your e-mail</label>
          <input
            id="page-feedback-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(null);
            }}
            aria-invalid={Boolean(emailError)}
            aria-describedby={emailError ? 'page-feedback-email-error' : undefined}
            disabled={busy}
          />
          {emailError && (
            <span id="page-feedback-email-error" className={styles.error}>
              {emailError}
            </span>
          )}
        </>
      )}
      {failure && (
        <span className={styles.error} role="alert">
          {failure}
        </span>
      )}
      <div>
        <button
          type="submit"
          className="button button--primary button--sm"
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? 'Sending…' : 'Send feedback'}
        </button>
      </div>
    </form>
  );
}
