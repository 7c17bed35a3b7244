/**
 * JSON highlighted without Prism: one pass over the text, the token types of Prism's `json`
 * grammar (property, string, number, punctuation, operator, boolean, null as a keyword), so the
 * HTML is the one highlight.ts writes with Prism (a unit test compares them on every reference
 * example). The reference's examples are JSON, and with this a deployment page fetches no Prism at
 * all (issue 24). Comments, which JSON does not have, stay plain text.
 *
 * Linear in the text: each character is looked at a bounded number of times.
 */
import type { PrismTheme } from 'prism-react-renderer';
import { tokenHtml } from './html';

type Token = [types: string[], text: string];

const PUNCTUATION = new Set(['{', '}', '[', ']', ',']);
const isWord = (c: string | undefined): boolean => c !== undefined && /\w/.test(c);
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** The end of a string token starting at `start` (a quote), or -1 when Prism would not match one. */
function stringEnd(code: string, start: number): number {
  for (let j = start + 1; j < code.length; j += 1) {
    const c = code[j]!;
    if (c === '"') return j + 1;
    if (c === '\n' || c === '\r') return -1;
    if (c === '\\') {
      // `\\.`: any character but a line break after the backslash.
      const next = code[j + 1];
      if (
        next === undefined ||
        next === '\n' ||
        next === '\r' ||
        next === '\u2028' ||
        next === '\u2029'
      )
        return -1;
      j += 1;
    }
  }
  return -1;
}

/** The end of a number token at `start` (Prism: /-?\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/i), or -1. */
function numberEnd(code: string, start: number): number {
  let i = start;
  if (code[i] === '-') i += 1;
  // \b before the first digit: the character before it is not a word character.
  if (!isDigit(code[i]) || isWord(code[i - 1])) return -1;
  while (isDigit(code[i])) i += 1;
  if (code[i] === '.' && isDigit(code[i + 1])) {
    i += 1;
    while (isDigit(code[i])) i += 1;
  }
  if (code[i] === 'e' || code[i] === 'E') {
    let j = i + 1;
    if (code[j] === '+' || code[j] === '-') j += 1;
    if (isDigit(code[j])) {
      while (isDigit(code[j])) j += 1;
      if (!isWord(code[j])) return j;
    }
  }
  // \b after the last digit.
  return isWord(code[i]) ? -1 : i;
}

/** `word` at `start` as a whole word (\bword\b), or false. */
function wordAt(code: string, start: number, word: string): boolean {
  return (
    code.startsWith(word, start) && !isWord(code[start - 1]) && !isWord(code[start + word.length])
  );
}

export function jsonTokens(code: string): Token[] {
  const tokens: Token[] = [];
  let plainStart = 0;
  const push = (start: number, end: number, types: string[]) => {
    if (plainStart < start) tokens.push([['plain'], code.slice(plainStart, start)]);
    tokens.push([types, code.slice(start, end)]);
    plainStart = end;
  };
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '"' && code[i - 1] !== '\\') {
      const end = stringEnd(code, i);
      if (end > 0) {
        let k = end;
        while (k < code.length && /\s/.test(code[k]!)) k += 1;
        push(i, end, [code[k] === ':' ? 'property' : 'string']);
        i = end;
        continue;
      }
    } else if (c === '-' || isDigit(c)) {
      const end = numberEnd(code, i);
      if (end > 0) {
        push(i, end, ['number']);
        i = end;
        continue;
      }
    } else if (PUNCTUATION.has(c)) {
      push(i, i + 1, ['punctuation']);
      i += 1;
      continue;
    } else if (c === ':') {
      push(i, i + 1, ['operator']);
      i += 1;
      continue;
    } else if (wordAt(code, i, 'true') || wordAt(code, i, 'false')) {
      const end = i + (code[i] === 't' ? 4 : 5);
      push(i, end, ['boolean']);
      i = end;
      continue;
    } else if (wordAt(code, i, 'null')) {
      push(i, i + 4, ['null', 'keyword']);
      i += 4;
      continue;
    }
    i += 1;
  }
  if (plainStart < code.length) tokens.push([['plain'], code.slice(plainStart)]);
  return tokens;
}

/** The HTML of `code` highlighted as JSON, coloured by `theme`: highlight.ts's markup. */
export function highlightJsonToHtml(theme: PrismTheme, code: string): string {
  const span = tokenHtml(theme, 'json');
  return jsonTokens(code)
    .map(([types, text]) => span(types, text))
    .join('');
}
