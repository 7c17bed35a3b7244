/**
 * The fields of a key's limits, shared by the create form and the limits dialog: the deployments
 * it may call (checkboxes; none checked: every one), the browser origins it accepts, and the day
 * it expires. Native controls, each labelled, with its hint and its error tied to it.
 */
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import {
  DEPLOYMENT_CHOICES,
  LAST_EXPIRY_DAY,
  ORIGINS_MAX_CHARS,
  type LimitErrors,
  type LimitsDraft,
} from './limits';
import styles from './styles.module.css';

interface Props {
  /** Unique per form: the fields' ids start with it. */
  idPrefix: string;
  draft: LimitsDraft;
  onChange: (draft: LimitsDraft) => void;
  errors: LimitErrors;
  disabled: boolean;
  /** The in-browser key: with no origins it accepts this site's own only. */
  usedForUi?: boolean;
}

export default function KeyLimitsFields({
  idPrefix,
  draft,
  onChange,
  errors,
  disabled,
  usedForUi = false,
}: Props): ReactNode {
  const id = (name: string) => `${idPrefix}-${name}`;
  const toggle = (path: string, checked: boolean) =>
    onChange({
      ...draft,
      deployments: checked
        ? [...draft.deployments, path]
        : draft.deployments.filter((p) => p !== path),
    });
  const describedBy = (name: 'origins' | 'expires') =>
    [id(`${name}-hint`), errors[name] ? id(`${name}-error`) : null].filter(Boolean).join(' ');

  return (
    <div className={styles.limitFields}>
      <fieldset className={styles.deployments} aria-describedby={id('deployments-hint')}>
        <legend>Deployments it may call</legend>
        <p id={id('deployments-hint')} className={styles.fieldHint}>
          None checked: every deployment, new ones included.
        </p>
        <div className={styles.deploymentChoices}>
          {DEPLOYMENT_CHOICES.map((deployment) => (
            <label key={deployment.path} className={styles.choice}>
              <input
                type="checkbox"
                checked={draft.deployments.includes(deployment.path)}
                disabled={disabled}
                onChange={(event) => toggle(deployment.path, event.target.checked)}
              />
              {deployment.title}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.limitField}>
        <label htmlFor={id('origins')}>Allowed browser origins (optional)</label>
        <textarea
          id={id('origins')}
          rows={2}
          value={draft.origins}
          disabled={disabled}
          maxLength={ORIGINS_MAX_CHARS}
          spellCheck={false}
          placeholder="https://app.example.com"
          aria-invalid={errors.origins ? true : undefined}
          aria-describedby={describedBy('origins')}
          onChange={(event) => onChange({ ...draft, origins: event.target.value })}
        />
        <span id={id('origins-hint')} className={styles.fieldHint}>
          One per line, or separated by commas.{' '}
          {usedForUi
            ? 'Empty: this site only. A list replaces this site: add its origin to keep the playground working.'
            : 'Empty: calls from anywhere.'}
        </span>
        {errors.origins && (
          <span id={id('origins-error')} className={styles.fieldError}>
            {errors.origins}
          </span>
        )}
      </div>
      <div className={styles.limitField}>
        <label htmlFor={id('expires')}>Expires (optional)</label>
        <input
          id={id('expires')}
          type="date"
          value={draft.expires}
          disabled={disabled}
          min={dayjs().format('YYYY-MM-DD')}
          max={LAST_EXPIRY_DAY}
          aria-invalid={errors.expires ? true : undefined}
          aria-describedby={describedBy('expires')}
          onChange={(event) => onChange({ ...draft, expires: event.target.value })}
        />
        <span id={id('expires-hint')} className={styles.fieldHint}>
          Refused after the end of this day (your time). Empty: never.
        </span>
        {errors.expires && (
          <span id={id('expires-error')} className={styles.fieldError}>
            {errors.expires}
          </span>
        )}
      </div>
    </div>
  );
}
