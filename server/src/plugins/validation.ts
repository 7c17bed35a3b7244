/**
 * Validators: request bodies are checked as sent (no type coercion, so `"country": 42` is
 * refused), while query strings and headers, which are always strings, are coerced to the
 * schema's types. Defaults apply to both. Every pattern in the contract is a single anchored
 * character class, and strings are length-checked before patterns and formats, so validation is
 * linear in the input.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { DATE_RANGE } from '@contract';

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i;
const MIN_MS = Date.parse(DATE_RANGE.min);
const MAX_MS = Date.parse(DATE_RANGE.max);

/**
 * An ISO 8601 instant that is a real date (no 23:59:60, no February 30th) between the contract's
 * bounds. `Date` would turn the first two into Invalid Date or the next month.
 */
export function isBoundedDateTime(value: string): boolean {
  if (value.length > 40) return false;
  const match = ISO_INSTANT.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[];
  if (month! < 1 || month! > 12 || hour! > 23 || minute! > 59 || second! > 59) return false;
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (day! < 1 || day! > daysInMonth) return false;
  const ms = Date.parse(value);
  return Number.isFinite(ms) && ms >= MIN_MS && ms <= MAX_MS;
}

function createAjv(coerceTypes: false | 'array') {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    strict: false,
    // Errors carry their schema, so a field's own `x-error-message` can be shown.
    verbose: true,
  });
  (addFormats as unknown as (instance: Ajv) => void)(ajv);
  ajv.addFormat('bounded-date-time', { type: 'string', validate: isBoundedDateTime });
  return ajv;
}

export function registerValidators(app: FastifyInstance): void {
  const body = createAjv(false);
  const other = createAjv('array');
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? body : other).compile(schema),
  );
}
