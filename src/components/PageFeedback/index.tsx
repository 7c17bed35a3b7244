/**
 * "Was this page helpful?" under each doc. Plain HTML (no MUI). The question
 * is part of the page; the form behind it (comment, e-mail, send) is fetched
 * on the first Yes/No, so a reader who never answers never downloads it.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Answer } from './FeedbackForm';
import styles from './styles.module.css';

const FeedbackForm = lazy(() => import(/* webpackChunkName: "page-feedback" */ './FeedbackForm'));

interface Props {
  pageId: string;
  title: string;
  permalink: string;
}

export default function PageFeedback(props: Props): ReactNode {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <p className={styles.box} role="status">
        Thank you for your feedback!
      </p>
    );
  }

  return (
    <section className={styles.box} aria-labelledby="page-feedback-heading">
      <div className={styles.question}>
        <h2 id="page-feedback-heading" className={styles.heading}>
          Was this page helpful?
        </h2>
        <div className={styles.choices}>
          {(['yes', 'no'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              className={`button button--sm ${answer === choice ? 'button--primary' : 'button--outline button--primary'}`}
              aria-pressed={answer === choice}
              onClick={() => setAnswer(choice)}
            >
              {choice === 'yes' ? 'Yes' : 'No'}
            </button>
          ))}
        </div>
      </div>
      {answer && (
        <Suspense fallback={null}>
          <FeedbackForm answer={answer} {...props} onSent={() => setSent(true)} />
        </Suspense>
      )}
    </section>
  );
}
