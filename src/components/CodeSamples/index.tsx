/**
 * Code samples for one deployment: curl, the official SDKs (TypeScript, Python) and their
 * command line, and plain Python and JavaScript on the wire. Tabs share
 * the `code-language` group, so the reader's choice is remembered across
 * pages (and `?lang=` selects one). Signed in, the samples carry one of the
 * organization's test keys (free sample answers, so a copied sample runs as it
 * is from a terminal and costs nothing), masked until revealed, with a picker
 * of the keys the reader may use; the copy buttons copy the real key. A live
 * key's secret was shown once, so picking one keeps a placeholder to replace.
 * Without a test key the bar offers to create one. Signed out (and on the
 * server) they carry a placeholder. The page passes its deployment's reference
 * (`DOC` from src/generated/reference/<slug>.ts).
 */
import { useState, type ReactNode } from 'react';
import { useCopy } from '@site/src/components/useCopy';
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import { signInPath } from '@site/src/auth/redirect';
import { useSiteConfig } from '@site/src/config';
import {
  API_KEY_PLACEHOLDER,
  buildCodeSamples,
  maskKey,
  type SampleLanguage,
} from '@site/src/playground/code-samples';
import type { DeploymentDoc } from '@site/src/playground/schema-doc';
import LanguageTabs from './LanguageTabs';
import {
  createTestKey,
  defaultSampleKey,
  useDefaultKey,
  type DefaultKeyState,
  type SampleKey,
} from './useDefaultKey';
import styles from './styles.module.css';

// The official SDKs and their command line beside curl, then the same call on the wire.
const LANGUAGES: Array<{ value: SampleLanguage; label: string }> = [
  { value: 'curl', label: 'curl' },
  { value: 'typescript', label: 'TypeScript SDK' },
  { value: 'python-sdk', label: 'Python SDK' },
  { value: 'cli', label: 'CLI' },
  { value: 'python', label: 'Python' },
  { value: 'javascript', label: 'JavaScript' },
];

function keyLabel(key: SampleKey): string {
  return `${key.name} (${key.mode === 'test' ? 'test' : 'live'}, ${key.redacted})`;
}

function CreateTestKey({ onCreated }: { onCreated: () => void }): ReactNode {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <span className={styles.create}>
      <button
        type="button"
        className="button button--sm button--primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          void createTestKey()
            .then((result) => {
              if (result.error_message) setError(result.error_message);
              else onCreated();
            })
            .catch(() => setError('The key could not be created. Try again in a moment.'))
            .finally(() => setBusy(false));
        }}
      >
        {busy ? 'Creating…' : 'Create a test key'}
      </button>
      {error && <span role="alert">{error}</span>}
    </span>
  );
}

function KeyBar({
  state,
  selected,
  onSelect,
  revealed,
  onReveal,
  copied,
  onCopyKey,
  onCreated,
}: {
  state: DefaultKeyState;
  selected: SampleKey | null;
  onSelect: (id: string) => void;
  revealed: boolean;
  onReveal: () => void;
  copied: boolean;
  onCopyKey: () => void;
  onCreated: () => void;
}): ReactNode {
  const { pathname } = useLocation();
  let content: ReactNode;
  switch (state.status) {
    case 'unknown':
      content = <span className={styles.muted}>Samples use {API_KEY_PLACEHOLDER}.</span>;
      break;
    case 'signedOut':
      content = (
        <span>
          Samples use the placeholder <code>{API_KEY_PLACEHOLDER}</code>.{' '}
          <Link to={signInPath(pathname)}>Sign in</Link> to fill in your own test key.
        </span>
      );
      break;
    case 'noAccess':
      content = (
        <span>
          Samples use the placeholder <code>{API_KEY_PLACEHOLDER}</code>. {state.message}
        </span>
      );
      break;
    case 'failed':
      content = <span role="alert">{state.error_message}</span>;
      break;
    case 'ready': {
      const hasTestKey = state.keys.some((key) => key.secret !== null);
      content = (
        <>
          {state.keys.length > 0 && (
            <label className={styles.picker}>
              <span>Key in the samples</span>
              <select value={selected?.id ?? ''} onChange={(event) => onSelect(event.target.value)}>
                {state.keys.map((key) => (
                  <option key={key.id} value={key.id}>
                    {keyLabel(key)}
                  </option>
                ))}
              </select>
            </label>
          )}
          {selected?.secret ? (
            <span className={styles.keyActions}>
              <code data-testid="sample-key">
                {revealed ? selected.secret : maskKey(selected.secret)}
              </code>
              <button
                type="button"
                className="button button--sm button--secondary"
                onClick={onReveal}
                aria-pressed={revealed}
              >
                {revealed ? 'Hide key' : 'Reveal key'}
              </button>
              <button
                type="button"
                className="button button--sm button--secondary"
                onClick={onCopyKey}
              >
                {copied ? 'Copied' : 'Copy key'}
              </button>
            </span>
          ) : null}
          {!hasTestKey && (
            <span>
              {state.keys.length === 0 ? 'You have no API key for samples yet. ' : ''}A test key
              answers with free sample results, so a copied sample runs as it is.{' '}
              <CreateTestKey onCreated={onCreated} />
            </span>
          )}
          <p className={styles.note}>
            {selected && !selected.secret ? (
              <>
                The secret of the live key <strong>{selected.name}</strong> was shown once, when it
                was created or rolled: replace <code>{API_KEY_PLACEHOLDER}</code> with it. Live
                calls are charged.
              </>
            ) : (
              <>
                Test keys answer with labelled sample results and cost nothing. For real results,
                pick a live key (charged) and paste its secret, or{' '}
                <Link to="/settings/api-keys/">create one</Link>.
              </>
            )}
          </p>
        </>
      );
      break;
    }
  }
  return (
    <div className={styles.keyBar} data-key-state={state.status}>
      {content}
    </div>
  );
}

export default function CodeSamples({ doc }: { doc: DeploymentDoc }): ReactNode {
  const { servicesBaseUrl } = useSiteConfig();
  const keyState = useDefaultKey();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [copied, copy] = useCopy();
  const keys = keyState.status === 'ready' ? keyState.keys : [];
  const selected =
    keys.find((key) => key.id === chosenId) ?? defaultSampleKey(keys) ?? keys[0] ?? null;
  const secret = selected?.secret ?? null;
  const realKey = secret ?? API_KEY_PLACEHOLDER;
  const shownKey = secret && !revealed ? maskKey(secret) : realKey;
  const shown = buildCodeSamples(doc, servicesBaseUrl, shownKey);
  const real = buildCodeSamples(doc, servicesBaseUrl, realKey);
  return (
    <div className={styles.samples}>
      <KeyBar
        state={keyState}
        selected={selected}
        onSelect={(id) => {
          setChosenId(id);
          setRevealed(false);
        }}
        revealed={revealed}
        onReveal={() => setRevealed((r) => !r)}
        copied={copied === 'key'}
        onCopyKey={() => copy('key', realKey)}
        onCreated={keyState.reload}
      />
      <LanguageTabs
        tabs={LANGUAGES.map(({ value, label }) => ({
          value,
          label,
          content: (
            <div className={styles.codeWrap}>
              <pre className={styles.code} aria-label={`${label} sample`} tabIndex={0}>
                <code>{shown[value]}</code>
              </pre>
              <button
                type="button"
                className={`button button--sm button--secondary ${styles.copy}`}
                onClick={() => copy(value, real[value])}
                aria-label={`Copy ${label} sample`}
              >
                {copied === value ? 'Copied' : 'Copy'}
              </button>
            </div>
          ),
        }))}
      />
    </div>
  );
}
