/**
 * A react-hook-form resolver whose checks are loaded on first use: the contract's schemas and
 * TypeBox's checker (./contract.ts) are fetched when the form is first submitted, not with the
 * page. `load` gives the form's check: the body to send, or a message per field.
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { notify } from '@site/src/components/Notifications/queue';

export type FormCheck<Values, Body> = (
  values: Values,
) => { body: Body } | { errors: Partial<Record<keyof Values & string, string>> };

const LOAD_FAILED = 'The form could not be checked. Check your connection and try again.';

export function lazyResolver<Values extends FieldValues, Body>(
  load: () => Promise<FormCheck<Values, Body>>,
): Resolver<Values, unknown, Body> {
  let check: Promise<FormCheck<Values, Body>> | null = null;
  return async (values) => {
    check ??= load();
    let result: ReturnType<FormCheck<Values, Body>>;
    try {
      result = (await check)(values);
    } catch {
      // The chunk did not load (offline, new deploy): nothing is sent; the next submit retries.
      check = null;
      notify({ severity: 'error', message: LOAD_FAILED });
      return {
        values: {},
        errors: { root: { type: 'load', message: LOAD_FAILED } } as FieldErrors<Values>,
      };
    }
    if ('body' in result) return { values: result.body, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(result.errors))
      if (typeof message === 'string') errors[name] = { type: 'contract', message };
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
