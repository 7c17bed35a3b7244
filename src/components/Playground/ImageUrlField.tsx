/**
 * The "Image URL" input of the playground: the services host fetches the image (`image_url`).
 * Enter runs the call (a one-field form); what the browser can check is checked first
 * (src/playground/image-url.ts), with the message tied to the field by aria-describedby.
 */
import { useId, useState, type ReactNode, type Ref } from 'react';
import { IMAGE_LIMITS } from '@site/src/generated/reference/common';
import styles from './styles.module.css';

const MAX_MB = IMAGE_LIMITS.maxImageBytes / 1024 / 1024;

export default function ImageUrlField({
  value,
  error,
  onChange,
  onSubmit,
  sampleUrl,
  curl,
  ref,
}: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onSubmit: () => void;
  /** The absolute URL of a bundled sample image, to try the field with. */
  sampleUrl: string;
  /** The call for the URL as typed and the current parameters, as curl. */
  curl: string;
  ref: Ref<HTMLInputElement>;
}): ReactNode {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form
      className={styles.urlForm}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={id}>Image URL</label>
      <input
        ref={ref}
        id={id}
        name="image_url"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/photo.jpg"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
      />
      {error ? (
        <p id={errorId} className={styles.fieldError} data-testid="image-url-error">
          {error}
        </p>
      ) : null}
      <p id={hintId} className={styles.hint}>
        Our servers fetch the image from this address: a public http or https URL of a JPEG, PNG or
        WebP image, at most {MAX_MB} MB, processed at up to {IMAGE_LIMITS.maxProcessingSide} px on
        the long side. If it cannot be fetched, the call fails and nothing is charged.
      </p>
      <button type="button" className={styles.linkButton} onClick={() => onChange(sampleUrl)}>
        Use a sample image&apos;s URL
      </button>
      <details className={styles.request}>
        <summary>This call with curl</summary>
        <pre tabIndex={0} aria-label="This call with curl">
          <code>{curl}</code>
        </pre>
        <button
          type="button"
          className="button button--sm button--secondary"
          onClick={() => void navigator.clipboard.writeText(curl).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </details>
    </form>
  );
}
