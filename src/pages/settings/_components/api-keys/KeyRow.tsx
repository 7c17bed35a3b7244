/**
 * One key: name and markers, the redacted secret (prefix…last four: secrets are shown only
 * once), created and last used dates, actions.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import type { ApiKey } from '@contract';
import { longLocalDate } from '../shared/format';
import shared from '../shared/styles.module.css';
import { lastUsedText, previousSecretNote } from './keys';
import styles from './styles.module.css';

interface Props {
  apiKey: ApiKey;
  busy: boolean;
  onSetDefault: (key: ApiKey) => void;
  onRoll: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}

export default function KeyRow({ apiKey, busy, onSetDefault, onRoll, onDelete }: Props): ReactNode {
  const previous = previousSecretNote(apiKey);
  return (
    <tr aria-label={apiKey.name}>
      <td>
        <div className={styles.nameCell}>
          <span className={styles.keyName}>{apiKey.name}</span>
          {apiKey.is_default && <Chip label="Default" size="small" color="primary" />}
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
      <td>
        <code className={`${shared.mono} ${styles.redacted}`} aria-label="Redacted key">
          {apiKey.redacted}
        </code>
        {previous && <div className={styles.previous}>{previous}</div>}
      </td>
      <td data-label="Created" className={`${styles.date} ${styles.labelled}`}>
        {longLocalDate(apiKey.created_at)}
      </td>
      <td data-label="Last used" className={`${styles.date} ${styles.labelled}`}>
        {lastUsedText(apiKey)}
      </td>
      <td>
        <div className={styles.actions}>
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
          <Button size="small" disabled={busy} onClick={() => onRoll(apiKey)}>
            Roll
          </Button>
          <Button size="small" color="error" disabled={busy} onClick={() => onDelete(apiKey)}>
            Delete
          </Button>
        </div>
      </td>
    </tr>
  );
}
