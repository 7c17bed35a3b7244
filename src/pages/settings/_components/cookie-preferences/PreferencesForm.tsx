/**
 * The preferences form: current choice and its date, a switch per optional category, Save and
 * Reset. Server-rendered as a disabled form of the same size; real values fill in after mount.
 */
import { Fragment, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { dateTime } from '@site/src/format/dates';
import ConsentSwitches from '@site/src/components/ConsentSwitches';
import { CONSENT_CATEGORIES } from '@site/src/consent/categories';
import {
  consentExpiry,
  switchChoices,
  resetConsent,
  saveConsent,
  useConsent,
} from '@site/src/consent/store';
import type { OptionalChoices } from '@site/src/consent/store';
import styles from './styles.module.css';

function onOff(value: boolean): string {
  return value ? 'On' : 'Off';
}

export default function PreferencesForm(): ReactNode {
  const consent = useConsent();
  const pending = consent.status === 'pending';
  const stored = consent.status === 'set' ? consent.preferences : null;
  // null: follow the stored choice (it may change in another tab); an object: unsaved edits.
  const [draft, setDraft] = useState<OptionalChoices | null>(null);
  const [message, setMessage] = useState('');
  const choices: OptionalChoices = draft ?? switchChoices(stored);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    saveConsent(choices);
    setDraft(null);
    setMessage('Your preferences were saved and apply now.');
  };

  const onReset = () => {
    resetConsent();
    setDraft(null);
    setMessage('Your preferences were reset. Choose again in the cookie banner.');
  };

  let summary: ReactNode;
  if (pending) {
    summary = 'Reading the choice saved in this browser…';
  } else if (!stored) {
    summary = 'No choice saved in this browser: optional cookies and services are off.';
  } else {
    summary = (
      <>
        Saved on <time dateTime={stored.consentDate}>{dateTime(stored.consentDate)}</time>, valid
        until {dateTime(consentExpiry(stored.consentDate))}.
      </>
    );
  }
  // Same rows in every state, so nothing moves when the stored values fill in after mount.
  const current = (value: boolean | undefined) => (pending ? '—' : onOff(value ?? false));

  return (
    <form onSubmit={onSubmit}>
      <section className={styles.card} aria-labelledby="cookie-preferences-current">
        <h2 id="cookie-preferences-current" className={styles.cardTitle}>
          Current choice
        </h2>
        <p className={styles.summaryText}>{summary}</p>
        <dl className={styles.current}>
          {CONSENT_CATEGORIES.map((category) => (
            <Fragment key={category.id}>
              <dt>{category.label}</dt>
              <dd>{category.kind === 'required' ? 'On' : current(stored?.[category.id])}</dd>
            </Fragment>
          ))}
        </dl>
      </section>

      <fieldset className={styles.card} disabled={pending}>
        <legend className={styles.legend}>Categories</legend>
        <ConsentSwitches
          choices={choices}
          onChange={(next) => {
            setDraft(next);
            setMessage('');
          }}
        />
        {CONSENT_CATEGORIES.map(
          (category) =>
            category.kind === 'acceptAllOnly' && (
              <p key={category.id} className={styles.hint}>
                {category.label} measurement is only granted by Accept All Cookies; saving here
                turns it off.
              </p>
            ),
        )}
      </fieldset>

      <div className={styles.actions}>
        <button type="submit" className="button button--primary" disabled={pending}>
          Save Preferences
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={pending || !stored}
          onClick={onReset}
        >
          Reset preferences
        </button>
      </div>
      <p role="status" className={styles.status}>
        {message}
      </p>
    </form>
  );
}
