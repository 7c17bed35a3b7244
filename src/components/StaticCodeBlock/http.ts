/**
 * HTTP header lines highlighted without Prism: the token types Prism's `http` grammar gives a
 * `Name: value` line (header › header-name/keyword, punctuation, header-value), so the HTML is
 * the one highlight.ts writes with Prism (tests/unit/http-highlight.test.ts compares them). Only
 * text made of such lines is taken (`httpHeaderTokens` answers null for anything else: request
 * and status lines, bodies, continuation lines, blank lines, and the headers whose values Prism
 * highlights as another language); the caller then keeps the theme's CodeBlock.
 *
 * Linear in the text: one anchored regular expression per line, with no nested quantifier.
 */
import type { PrismTheme } from 'prism-react-renderer';
import { tokenHtml } from './html';

type Token = [types: string[], text: string];

/** A header line as Prism's `header` token matches it, with a value after the colon. */
const HEADER_LINE = /^([\w-]+)(:)([ \t]*)([^ \t][^\r\n]*)$/;
/** Headers whose value (or the body after them) Prism highlights with another grammar. */
const OTHER_GRAMMARS = new Set([
  'content-type',
  'content-security-policy',
  'public-key-pins',
  'public-key-pins-report-only',
  'strict-transport-security',
]);

/** The tokens of each line, or null when the text is not only plain header lines. */
export function httpHeaderTokens(code: string): Token[][] | null {
  const lines = code.split('\n');
  const out: Token[][] = [];
  for (const line of lines) {
    const match = HEADER_LINE.exec(line);
    if (!match) return null;
    const [, name, colon, space, value] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (OTHER_GRAMMARS.has(name.toLowerCase())) return null;
    const tokens: Token[] = [
      [['header', 'header-name', 'keyword'], name],
      [['header', 'punctuation'], colon],
    ];
    if (space) tokens.push([['header'], space]);
    tokens.push([['header', 'header-value'], value]);
    out.push(tokens);
  }
  return out;
}

/** The HTML of header lines highlighted as HTTP, coloured by `theme`; null if not only headers. */
export function highlightHttpHeadersToHtml(theme: PrismTheme, code: string): string | null {
  const lines = httpHeaderTokens(code);
  if (!lines) return null;
  const span = tokenHtml(theme, 'http');
  return lines
    .map((tokens) => tokens.map(([types, text]) => span(types, text)).join(''))
    .join('\n');
}
