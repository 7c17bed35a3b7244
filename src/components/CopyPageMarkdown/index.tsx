/**
 * "Copy page as Markdown" and a link to the page's Markdown (written beside the page by
 * src/plugins/docs-for-machines), for pasting a page into a coding assistant. Plain HTML and a
 * fetch: nothing is loaded until it is clicked. The clipboard gets exactly the file's text.
 */
import { useState, type ReactNode } from 'react';
import { markdownPath } from '@site/src/machine-docs/paths';
import styles from './styles.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The page's Markdown, never anything else: a server that answers the path with its HTML app
 * shell (a host without the file, a dev server of old) makes the copy fail with a message
 * instead of putting a page of HTML on the clipboard.
 */
export async function fetchText(href: string): Promise<string> {
  const response = await fetch(href, { headers: { Accept: 'text/markdown, text/plain' } });
  if (!response.ok) throw new Error(`${href}: ${response.status}`);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('html')) throw new Error(`${href}: HTML, not Markdown`);
  const text = await response.text();
  if (/^\s*<(?:!doctype|html)/i.test(text)) throw new Error(`${href}: HTML, not Markdown`);
  return text;
}

/** Starts the clipboard write within the click (Safari requires it), the text following. */
async function copyFrom(href: string): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
    const blob = fetchText(href).then((text) => new Blob([text], { type: 'text/plain' }));
    try {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch {
      // Browsers without promise items in ClipboardItem: copy the text below.
    }
  }
  await navigator.clipboard.writeText(await fetchText(href));
}

export default function CopyPageMarkdown({ permalink }: { permalink: string }): ReactNode {
  const href = markdownPath(permalink);
  const [state, setState] = useState<CopyState>('idle');
  const copy = () => {
    copyFrom(href).then(
      () => {
        setState('copied');
        window.setTimeout(() => setState((s) => (s === 'copied' ? 'idle' : s)), 2000);
      },
      () => setState('failed'),
    );
  };
  return (
    <div className={styles.bar}>
      <button type="button" className="button button--secondary button--sm" onClick={copy}>
        {state === 'copied' ? 'Copied' : 'Copy page as Markdown'}
      </button>
      {/* A static file beside the page, not a route: a plain link. */}
      <a href={href} className={styles.link}>
        View as Markdown
      </a>
      <span role="status" className={styles.message}>
        {state === 'copied'
          ? 'Page copied as Markdown.'
          : state === 'failed'
            ? 'Could not copy: open the Markdown and copy it from there.'
            : ''}
      </span>
    </div>
  );
}
