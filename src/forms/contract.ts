/**
 * Form fields checked by the contract's own schemas (contract/*.ts, TypeBox), with TypeBox's
 * checker (`typebox/schema`: interpreted, no `eval`, so it runs under the site's CSP): the browser
 * applies the rules the server applies, from the same source, and says what is wrong in the
 * product's words. Modules that import this are loaded on first use (./resolver.ts).
 */
import type { TSchema } from 'typebox';
import { Errors } from 'typebox/schema';

/** What a field says: when it is empty, when a given keyword fails (`maxLength`…), otherwise. */
export type FieldMessages = { invalid: string; required?: string } & Partial<
  Record<string, string>
>;

/** The first problem of each field of `body` that `schema` refuses, in the field's words. */
export function fieldErrors<F extends string>(
  schema: TSchema,
  body: object,
  messages: Record<F, FieldMessages>,
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  const values = body as Record<string, unknown>;
  for (const error of Errors(schema, body)[1]) {
    const fields: string[] =
      error.keyword === 'required'
        ? ((error.params as { requiredProperties?: string[] }).requiredProperties ?? [])
        : [error.instancePath.split('/')[1] ?? ''];
    for (const field of fields) {
      if (!(field in messages) || found[field as F]) continue;
      const say = messages[field as F];
      const empty = values[field] === undefined || values[field] === '';
      found[field as F] = (empty && say.required) || say[error.keyword] || say.invalid;
    }
  }
  return found;
}
