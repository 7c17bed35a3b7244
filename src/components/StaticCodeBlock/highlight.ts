/**
 * Highlighted code as an HTML string, coloured by the site's Prism theme. Same tokens and colours
 * as the theme's CodeBlock (prism-react-renderer), but one string instead of a component per line
 * and per token, so a page hydrates one element where it hydrated hundreds.
 */
import type { PrismTheme } from 'prism-react-renderer';

/** The part of Prism this needs (prism-react-renderer's instance in the browser, any in tests). */
export interface PrismLike {
  languages: Record<string, unknown>;
  tokenize: (text: string, grammar: never) => Array<string | TokenLike>;
}

interface TokenLike {
  type: string;
  alias?: string | string[];
  content: string | TokenLike | Array<string | TokenLike>;
}

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

/**
 * The HTML of `code` highlighted as `language`. Unknown languages come back escaped and uncoloured.
 * Token spans carry Prism's classes (`token property`) and the theme's colours inline.
 */
export function highlightToHtml(
  prism: PrismLike,
  theme: PrismTheme,
  code: string,
  language: string,
): string {
  const grammar = prism.languages[language];
  if (!grammar) return escapeHtml(code);
  const styles = themeStyles(theme, language);
  const render = (token: string | TokenLike, parentTypes: string[]): string => {
    if (typeof token === 'string') {
      if (parentTypes.length === 0) return escapeHtml(token);
      return span(parentTypes, escapeHtml(token));
    }
    const aliases = token.alias === undefined ? [] : [token.alias].flat();
    const types = [...parentTypes, token.type, ...aliases];
    const content = Array.isArray(token.content) ? token.content : [token.content];
    return content.map((part) => render(part, types)).join('');
  };
  const span = (types: string[], html: string): string => {
    const style: Record<string, string | number | undefined> = {};
    for (const type of types) Object.assign(style, styles.get(type));
    const css = cssText(style);
    const unique = [...new Set(types)];
    return `<span class="token ${unique.join(' ')}"${css ? ` style="${css}"` : ''}>${html}</span>`;
  };
  return prism
    .tokenize(code, grammar as never)
    .map((token) => render(token, []))
    .join('');
}
