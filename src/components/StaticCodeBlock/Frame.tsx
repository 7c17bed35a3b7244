/**
 * The frame of a static code block: title bar, theme colours, the highlighted HTML in a
 * keyboard-scrollable <pre>, and the copy button. The highlighting is the caller's (Prism in
 * index.tsx, the JSON pass in Json.tsx), so a page with only JSON blocks fetches no Prism.
 */
import type { CSSProperties, ReactNode } from 'react';
import type { PrismTheme } from 'prism-react-renderer';
import { useCopy } from '@site/src/components/useCopy';
import styles from './styles.module.css';

export default function Frame({
  code,
  html,
  language,
  theme,
  title,
}: {
  code: string;
  html: string;
  language: string;
  theme: PrismTheme;
  title?: string;
}): ReactNode {
  const [copied, copy] = useCopy();
  const colors = {
    '--prism-color': theme.plain.color,
    '--prism-background-color': theme.plain.backgroundColor,
  } as CSSProperties;
  return (
    <div className={`theme-code-block language-${language} ${styles.container}`} style={colors}>
      {title && <div className={styles.title}>{title}</div>}
      <div className={styles.content}>
        <pre
          className={`prism-code language-${language} ${styles.pre}`}
          // Scrollable region: reachable by keyboard, as the theme's code blocks are.
          tabIndex={0}
        >
          <code dangerouslySetInnerHTML={{ __html: html }} />
        </pre>
        <button
          type="button"
          className={`button button--sm button--secondary ${styles.copy}`}
          onClick={() => copy('code', code)}
          aria-label={copied ? 'Copied' : 'Copy code to clipboard'}
          title="Copy"
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
