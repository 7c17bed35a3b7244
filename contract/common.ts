/**
 * Building blocks shared by the account API (/v1) and the services host.
 *
 * Every schema is a TypeBox value and every type is derived from it with
 * `Static`, so a shape is written exactly once. This folder imports nothing
 * but `typebox`: the browser client only does `import type` from it, and the
 * docs pages may import schemas at runtime without pulling server code.
 */
import { Type } from 'typebox';

/** Every non-2xx answer of both servers: contract/errors.ts. */
export { ErrorResponse } from './errors';

/** An instant, as an ISO 8601 string in UTC (`2025-01-31T12:00:00.000Z`). */
export const IsoDateTime = Type.String({ format: 'date-time' });

/** An amount of US dollars with up to 6 decimals (amounts are kept as integer micro-dollars). */
export const UsdAmount = Type.Number({
  description: 'US dollars, exact to 6 decimals (micro-dollars).',
});

export function Nullable<T extends Parameters<typeof Type.Union>[0][number]>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** No control characters at all (names, subjects, identifiers). */
export const SINGLE_LINE_PATTERN = '^[^\\u0000-\\u001F\\u007F]*$';
/** Line breaks and tabs allowed, no other control characters (message bodies, addresses). */
export const MULTI_LINE_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';

type StringOptions = Parameters<typeof Type.String>[0];

/** A one-line text field: control characters (NUL included) are refused with a 400. */
export function SingleLineText(options: StringOptions = {}) {
  return Type.String({
    ...options,
    pattern: SINGLE_LINE_PATTERN,
    'x-error-message': 'must not contain control characters',
  });
}

/** A text field that may span lines; other control characters are refused with a 400. */
export function MultiLineText(options: StringOptions = {}) {
  return Type.String({
    ...options,
    pattern: MULTI_LINE_PATTERN,
    'x-error-message': 'must not contain control characters other than line breaks and tabs',
  });
}

/** Instants the API accepts in queries: years 2000 to 2099, checked as real dates. */
export const DATE_RANGE = { min: '2000-01-01T00:00:00.000Z', max: '2099-12-31T23:59:59.999Z' };

/** An instant sent by the caller: ISO 8601, bounded, leap seconds and overflowed fields refused. */
export const BoundedDateTime = Type.String({
  format: 'bounded-date-time',
  maxLength: 40,
  description: `An ISO 8601 instant between ${DATE_RANGE.min.slice(0, 10)} and ${DATE_RANGE.max.slice(0, 10)}.`,
  'x-error-message': `must be an ISO 8601 date-time between ${DATE_RANGE.min.slice(0, 4)} and ${DATE_RANGE.max.slice(0, 4)}`,
});

/** Largest `skip` of any paged list. */
export const MAX_SKIP = 100_000;

/** A list's page cursor: opaque, the `next_cursor` of the page before. */
export const PageCursor = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^[A-Za-z0-9_-]+$',
  description:
    'The `next_cursor` of the previous page (opaque): the next rows in the same order, stable ' +
    'while new rows arrive. Keep the other filters the same; `skip` then counts from the cursor.',
});

/** The cursor of the page after this one; null on the last page. */
export const NextCursor = Type.Union([Type.String(), Type.Null()], {
  description: 'Pass as `cursor` for the next page; null when this page is the last.',
});
