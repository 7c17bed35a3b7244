/**
 * Building blocks shared by the account API (/v1) and the services host.
 *
 * Every schema is a TypeBox value and every type is derived from it with
 * `Static`, so a shape is written exactly once. This folder imports nothing
 * but `typebox`: the browser client only does `import type` from it, and the
 * docs pages may import schemas at runtime without pulling server code.
 */
import { Type, type Static } from 'typebox';

/** Every non-2xx answer of both servers. */
export const ErrorResponse = Type.Object(
  {
    error_message: Type.String({
      description: 'A human-readable explanation of what went wrong.',
      examples: ['The ID token is missing or invalid. Sign in again.'],
    }),
  },
  { title: 'ErrorResponse' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

/** An instant, as an ISO 8601 string in UTC (`2025-01-31T12:00:00.000Z`). */
export const IsoDateTime = Type.String({ format: 'date-time' });

/** An amount of US dollars with up to 6 decimals (amounts are kept as integer micro-dollars). */
export const UsdAmount = Type.Number({
  description: 'US dollars, exact to 6 decimals (micro-dollars).',
});

export function Nullable<T extends Parameters<typeof Type.Union>[0][number]>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}
