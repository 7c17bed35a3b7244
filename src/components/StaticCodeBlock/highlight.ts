/**
 * Highlighted code as an HTML string, coloured by the site's Prism theme. Same tokens and colours
 * as the theme's CodeBlock (prism-react-renderer), but one string instead of a component per line
 * and per token, so a page hydrates one element where it hydrated hundreds.
 */
import { normalizeTokens, type PrismTheme } from 'prism-react-renderer';

/** The part of Prism this needs (prism-react-renderer's instance in the browser, any in tests). */
export interface PrismLike {
  languages: Record<string, unknown>;
  tokenize: (text: string, grammar: never) => Parameters<typeof normalizeTokens>[0];
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
  const span = (types: string[], text: string): string => {
    if (types.length === 1 && types[0] === 'plain') return escapeHtml(text);
    const style: Record<string, string | number | undefined> = {};
    for (const type of types) Object.assign(style, styles.get(type));
    const css = cssText(style);
    return `<span class="token ${types.join(' ')}"${css ? ` style="${css}"` : ''}>${escapeHtml(text)}</span>`;
  };
  // Lines of flat tokens, as the theme's CodeBlock renders them (an empty line holds one "\n").
  return normalizeTokens(prism.tokenize(code, grammar as never))
    .map((line) =>
      line.map((token) => (token.empty ? '' : span(token.types, token.content))).join(''),
    )
    .join('\n');
}
