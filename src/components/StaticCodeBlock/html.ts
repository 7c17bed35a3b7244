/**
 * The HTML pieces of a highlighted code block, without Prism: escaping, the theme's styles per
 * token type, and one token's span. Shared by the Prism highlighter (highlight.ts) and the JSON
 * one (json.ts), so both write the same markup.
 */
import type { PrismTheme } from 'prism-react-renderer';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** `{color: '#fff', fontStyle: 'italic'}` → `color:#fff;font-style:italic`. */
export function cssText(style: Record<string, string | number | undefined>): string {
  return Object.entries(style)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`)
    .join(';');
}

/** Token type → merged style, as prism-react-renderer's themeToDict builds it. */
export function themeStyles(
  theme: PrismTheme,
  language: string,
): Map<string, Record<string, string | number | undefined>> {
  const styles = new Map<string, Record<string, string | number | undefined>>();
  for (const entry of theme.styles) {
    if (entry.languages && !entry.languages.includes(language as never)) continue;
    for (const type of entry.types) {
      styles.set(type, { ...styles.get(type), ...(entry.style as Record<string, string>) });
    }
  }
  return styles;
}

/** A function writing one token: plain text escaped, any other type a span with Prism's classes. */
export function tokenHtml(
  theme: PrismTheme,
  language: string,
): (types: string[], text: string) => string {
  const styles = themeStyles(theme, language);
  return (types, text) => {
    if (types.length === 1 && types[0] === 'plain') return escapeHtml(text);
    const style: Record<string, string | number | undefined> = {};
    for (const type of types) Object.assign(style, styles.get(type));
    const css = cssText(style);
    return `<span class="token ${types.join(' ')}"${css ? ` style="${css}"` : ''}>${escapeHtml(text)}</span>`;
  };
}
