/**
 * Highlighted code as an HTML string, coloured by the site's Prism theme. Same tokens and colours
 * as the theme's CodeBlock (prism-react-renderer), but one string instead of a component per line
 * and per token, so a page hydrates one element where it hydrated hundreds.
 */
import { normalizeTokens, type PrismTheme } from 'prism-react-renderer';
import { escapeHtml, tokenHtml } from './html';

export { cssText, escapeHtml, themeStyles } from './html';

/** The part of Prism this needs (prism-react-renderer's instance in the browser, any in tests). */
export interface PrismLike {
  languages: Record<string, unknown>;
  tokenize: (text: string, grammar: never) => Parameters<typeof normalizeTokens>[0];
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
  const span = tokenHtml(theme, language);
  // Lines of flat tokens, as the theme's CodeBlock renders them (an empty line holds one "\n").
  return normalizeTokens(prism.tokenize(code, grammar as never))
    .map((line) =>
      line.map((token) => (token.empty ? '' : span(token.types, token.content))).join(''),
    )
    .join('\n');
}
