/**
 * Lone UTF-16 surrogates: JSON may carry them as escapes (`"\ud800"` is valid JSON), but they
 * are not Unicode text. PostgreSQL refuses them in `jsonb` (a 500 once they reach an audit
 * entry), UTF-8 encoders turn them into U+FFFD behind the caller's back, and mail headers break.
 * Both servers refuse them with a 400 where a body is read (plugins/http.ts, services/input.ts).
 */

/** Longest path to the first bad string echoed in a message. */
const MAX_PATH = 80;

/** A surrogate code unit that is not half of a pair (with `u`, a pair is one code point). */
const LONE_SURROGATE = /\p{Cs}/u;

/** True when `text` is well-formed UTF-16 (no lone surrogate). Linear. */
export const isWellFormedText = (text: string): boolean => !LONE_SURROGATE.test(text);

/**
 * The path (`name`, `queries[2]`, `(a key)`) of the first string, or object key, that is not
 * well-formed UTF-16; null when every one is. Iterative: a body nested 100 000 levels deep costs
 * a loop, not a stack overflow.
 */
export function firstLoneSurrogate(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isWellFormedText(current)) return path || '(the body)';
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i], path: `${path}[${i}]` });
      }
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (!isWellFormedText(key)) return `${path ? `${path}.` : ''}(a property name)`;
        stack.push({ value: child, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}

/** The message of a body with a lone surrogate at `path`. */
export function loneSurrogateMessage(part: string, path: string): string {
  const cut = path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
  // eslint-disable-next-line no-control-regex
  const where = cut.replace(/[\u0000-\u001f\u007f\p{Cs}]/gu, '?');
  return `Invalid ${part}: ${where} is not valid Unicode text (it holds a lone UTF-16 surrogate such as \\ud800). Send the text as UTF-8, or pair the surrogate.`;
}
