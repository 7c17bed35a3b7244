/**
 * A code block for code the page computes (reference examples, the home page's request): same look
 * as the theme's CodeBlock (title bar, theme colours, copy button), rendered as one highlighted
 * HTML string. The theme's CodeBlock builds a component per line and per token (≈950 of a
 * deployment page's 2,500 React components were its two JSON examples), all hydrated and then
 * re-rendered after hydration; this block hydrates as a handful of elements. MDX code fences keep
 * the theme's CodeBlock.
 */
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useCopy } from '@site/src/components/useCopy';
import { Prism, type PrismTheme } from 'prism-react-renderer';
import { useThemeConfig } from '@docusaurus/theme-common';
import { highlightToHtml, type PrismLike } from './highlight';
import styles from './styles.module.css';

export default function StaticCodeBlock({
  code,
  language,
  title,
}: {
  code: string;
  language: string;
  title?: string;
}): ReactNode {
  const theme = (useThemeConfig().prism as { theme: PrismTheme }).theme;
  const html = useMemo(
    () => highlightToHtml(Prism as unknown as PrismLike, theme, code, language),
    [theme, code, language],
  );
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
