/**
 * Code samples for one deployment in curl, Python and JavaScript. Tabs share
 * the `code-language` group, so the reader's choice is remembered across
 * pages (and `?lang=` selects one). Signed in, the samples carry the reader's
 * key for in-browser calls (the only secret the backend shows again), masked
 * until revealed; the copy buttons copy the real key. Signed out, without that
 * key (and on the server) they carry a placeholder. The page passes
 * its deployment's reference (`DOC` from src/generated/reference/<slug>.ts).
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
import { useDefaultKey, type DefaultKeyState } from './useDefaultKey';
import styles from './styles.module.css';

const LANGUAGES: Array<{ value: SampleLanguage; label: string }> = [
  { value: 'curl', label: 'curl' },
  { value: 'python', label: 'Python' },
  { value: 'javascript', label: 'JavaScript' },
];

function KeyBar({
  state,
  revealed,
  onReveal,
  copied,
  onCopyKey,
}: {
  state: DefaultKeyState;
  revealed: boolean;
  onReveal: () => void;
  copied: boolean;
  onCopyKey: () => void;
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
          <Link to={signInPath(pathname)}>Sign in</Link> to fill in your own API key.
        </span>
      );
      break;
    case 'noKey':
      content = (
        <span>
          You have no API key yet. <Link to="/settings/api-keys/">Create one</Link> to see it here.
        </span>
      );
      break;
    case 'hidden':
      content = (
        <span>
          Samples use the placeholder <code>{API_KEY_PLACEHOLDER}</code>: paste in the secret of
          your key <strong>{state.name}</strong> (shown once, when it was created or rolled).{' '}
          <Link to="/settings/api-keys/">Manage your keys</Link>
        </span>
      );
      break;
    case 'failed':
      content = <span role="alert">{state.error_message}</span>;
      break;
    case 'ready':
      content = (
        <>
          <span>
            Your key <strong>{state.name}</strong>:{' '}
            <code data-testid="sample-key">{revealed ? state.key : maskKey(state.key)}</code>
          </span>
          <span className={styles.keyActions}>
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
        </>
      );
      break;
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
  const [revealed, setRevealed] = useState(false);
  const [copied, copy] = useCopy();
  const realKey = keyState.status === 'ready' ? keyState.key : API_KEY_PLACEHOLDER;
  const shownKey = keyState.status === 'ready' && !revealed ? maskKey(keyState.key) : realKey;
  const shown = buildCodeSamples(doc, servicesBaseUrl, shownKey);
  const real = buildCodeSamples(doc, servicesBaseUrl, realKey);
  return (
    <div className={styles.samples}>
      <KeyBar
        state={keyState}
        revealed={revealed}
        onReveal={() => setRevealed((r) => !r)}
        copied={copied === 'key'}
        onCopyKey={() => copy('key', realKey)}
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
