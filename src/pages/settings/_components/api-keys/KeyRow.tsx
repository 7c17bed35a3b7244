/**
 * One key: name and markers, the redacted secret (prefix…last four: secrets are shown only
 * once), who created it and when, when it was last used, its limits and the calls they refused, its spend this month
 * against its cap, actions. The row can
 * take the focus (after the new-key notice closes, or a key above it is deleted).
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import type { ApiKey } from '@contract';
import { usdCents } from '../shared/format';
import shared from '../shared/styles.module.css';
import { longLocalDate } from '../shared/format';
import { capState, lastUsedText, previousSecretNote } from './keys';
import { deploymentsText, expiryText, originsText, refusalsText } from './limits';
import styles from './styles.module.css';

interface Props {
  apiKey: ApiKey;
  busy: boolean;
  onSetDefault: (key: ApiKey) => void;
  onRoll: (key: ApiKey) => void;
  onCap: (key: ApiKey) => void;
  onEditLimits: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
  /** Disable a key, or enable a disabled (or paused) one again. */
  onToggleDisabled: (key: ApiKey) => void;
  /** The member's role may not change keys: no actions. */
  readOnly: boolean;
}

/** Its deployments, origins and expiry, and the calls they refused (free, counted by the host). */
function Limits({ apiKey, onEdit }: { apiKey: ApiKey; onEdit: (() => void) | null }): ReactNode {
  const expired = apiKey.expires_at !== null && new Date(apiKey.expires_at) <= new Date();
  return (
    <div className={styles.limitsCell}>
      <ul className={styles.limitList}>
        <li>{deploymentsText(apiKey)}</li>
        <li>{originsText(apiKey)}</li>
        <li className={expired ? styles.expired : undefined}>{expiryText(apiKey)}</li>
        <li className={apiKey.refused_calls > 0 ? styles.refused : styles.refusals}>
          {refusalsText(apiKey)}
        </li>
      </ul>
      {onEdit && (
        <Button size="small" className={styles.capButton} onClick={onEdit}>
          Edit limits
        </Button>
      )}
    </div>
  );
}

function MonthToDate({ apiKey, onCap }: { apiKey: ApiKey; onCap: () => void }): ReactNode {
  const cap = capState(apiKey);
  return (
    <div className={styles.month}>
      <span className={styles.monthSpend}>
        {usdCents(apiKey.month_to_date_usd)}
        {cap.kind === 'none' ? (
          <span className={shared.muted}> · no cap</span>
        ) : (
          <> of {usdCents(cap.cap)}</>
        )}
      </span>
      {cap.kind !== 'none' && (
        <span className={styles.capMeter} aria-hidden="true">
          <span
            className={cap.kind === 'reached' ? styles.capReachedBar : styles.capBar}
            style={{ width: `${Math.round(cap.ratio * 100)}%` }}
          />
        </span>
      )}
      {cap.kind === 'reached' && <span className={styles.capReached}>Cap reached</span>}
      <Button size="small" className={styles.capButton} onClick={onCap}>
        {cap.kind === 'none' ? 'Set cap' : 'Edit cap'}
      </Button>
    </div>
  );
}

export default function KeyRow({
  apiKey,
  busy,
  onSetDefault,
  onRoll,
  onCap,
  onEditLimits,
  onDelete,
  onToggleDisabled,
  readOnly,
}: Props): ReactNode {
  const previous = previousSecretNote(apiKey);
  return (
    <tr aria-label={apiKey.name} data-key-id={apiKey.id} tabIndex={-1} className={styles.keyRow}>
      <td className={styles.wide}>
        <div className={styles.nameCell}>
          <span className={styles.keyName}>{apiKey.name}</span>
          {apiKey.is_default && <Chip label="Default" size="small" color="primary" />}
          {apiKey.mode === 'test' && (
            <Chip
              label="Test"
              size="small"
              variant="outlined"
              title="A test key: free sample answers, never charged"
            />
          )}
          {apiKey.disabled && (
            <Chip
              label={apiKey.disabled_reason === 'spend_spike' ? 'Paused' : 'Disabled'}
              size="small"
              color="warning"
              title={
                apiKey.disabled_reason === 'spend_spike'
                  ? 'Paused: its spend jumped far above its usual. Enable it if the usage is expected.'
                  : 'Disabled: its calls are refused until it is enabled.'
              }
            />
          )}
          {apiKey.used_for_ui && (
            <Chip
              label="Used for UI"
              size="small"
              variant="outlined"
              title="Used for the image calls you make on this site"
            />
          )}
        </div>
      </td>
      <td data-label="Key" className={styles.labelled}>
        <code className={`${shared.mono} ${styles.redacted}`} aria-label="Redacted key">
          {apiKey.redacted}
        </code>
        {previous && <div className={styles.previous}>{previous}</div>}
      </td>
      <td data-label="Created by" className={`${styles.createdBy} ${styles.labelled}`}>
        {apiKey.created_by ?? <span className={shared.muted}>—</span>}
      </td>
      <td data-label="Created" className={`${styles.date} ${styles.labelled}`}>
        {longLocalDate(apiKey.created_at)}
      </td>
      <td data-label="Last used" className={`${styles.date} ${styles.labelled}`}>
        {lastUsedText(apiKey)}
      </td>
      <td data-label="Limits" className={styles.labelled}>
        <Limits apiKey={apiKey} onEdit={readOnly ? null : () => onEditLimits(apiKey)} />
      </td>
      <td data-label="This month" className={styles.labelled}>
        <MonthToDate apiKey={apiKey} onCap={() => onCap(apiKey)} />
      </td>
      <td className={styles.wide}>
        {/* Fixed slots, so that Roll and Delete line up whether or not a row has Set default. */}
        {readOnly ? null : (
          <div className={styles.actions}>
            <span className={styles.defaultSlot}>
              {!apiKey.is_default && (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={busy}
                  onClick={() => onSetDefault(apiKey)}
                >
                  Set default
                </Button>
              )}
            </span>
            <Button size="small" disabled={busy} onClick={() => onRoll(apiKey)}>
              Roll key
            </Button>
            <Button size="small" disabled={busy} onClick={() => onToggleDisabled(apiKey)}>
              {apiKey.disabled ? 'Enable' : 'Disable'}
            </Button>
            <Button size="small" color="error" disabled={busy} onClick={() => onDelete(apiKey)}>
              Delete
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}
