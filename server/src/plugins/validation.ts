/**
 * Validators: request bodies are checked as sent (no type coercion, so `"country": 42` is
 * refused), while query strings and headers, which are always strings, are coerced to the
 * schema's types. Defaults apply to both. Every pattern in the contract is a single anchored
 * character class, and strings are length-checked before patterns and formats, so validation is
 * linear in the input.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
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

/** Unknown property names echoed in a message: this many, each cut to this length. */
const ECHOED_NAMES = 3;
const ECHOED_NAME_LENGTH = 40;

const echoName = (name: string) => {
  const cut = name.length > ECHOED_NAME_LENGTH ? `${name.slice(0, ECHOED_NAME_LENGTH)}…` : name;
  // eslint-disable-next-line no-control-regex
  return `"${cut.replace(/[\u0000-\u001f\u007f]/g, '?')}"`;
};

/**
 * The error of a body that names none of its schema's properties: `removeAdditional` would
 * otherwise strip it to `{}` and let an "update nothing" reach the database (a 500), or do
 * nothing at all without saying so. In Ajv's error shape, so the one error handler words it.
 */
export function unknownOnlyError(sent: string[], known: string[]) {
  const names = sent.slice(0, ECHOED_NAMES).map(echoName).join(', ');
  const more = sent.length > ECHOED_NAMES ? ` and ${sent.length - ECHOED_NAMES} more` : '';
  return {
    instancePath: '',
    schemaPath: '#/properties',
    keyword: 'unknownProperties',
    params: { unknown: sent.length },
    message:
      `it names no field this operation accepts (got ${names}${more}); ` +
      `accepted: ${known.join(', ')}`,
  };
}

type BodyValidator = ((data: unknown, context?: unknown) => boolean) & {
  errors?: FastifySchemaValidationError[] | null;
  schemaEnv?: unknown;
};

/**
 * A body validator that, besides the schema, refuses an object made only of unknown properties
 * (a typo'd field, another version's name): 400 with the accepted names, for every route.
 * A body with some known properties keeps the old behaviour (the unknown ones are dropped).
 */
function refusingUnknownOnly(validate: BodyValidator, schema: Record<string, unknown>) {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (schema.type !== 'object' || !properties || schema.additionalProperties === true) {
    return validate;
  }
  const known = Object.keys(properties);
  if (known.length === 0) return validate;
  const wrapped: BodyValidator = (data, context) => {
    if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
      const sent = Object.keys(data);
      if (sent.length > 0 && !sent.some((name) => Object.hasOwn(properties, name))) {
        wrapped.errors = [unknownOnlyError(sent, known)];
        return false;
      }
    }
    const valid = validate(data, context);
    wrapped.errors = validate.errors;
    return valid;
  };
  // Fastify passes the parent to an Ajv function (for root defaults) when it sees this.
  wrapped.schemaEnv = validate.schemaEnv;
  return wrapped;
}

/**
 * The two Ajv instances, one per process: Ajv keeps each schema it compiled by the schema object,
 * so every app the process builds (the test suites build hundreds) reuses the route validators.
 */
let instances: { body: Ajv; other: Ajv } | undefined;

export function registerValidators(app: FastifyInstance): void {
  instances ??= { body: createAjv(false), other: createAjv('array') };
  const { body, other } = instances;
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body'
      ? refusingUnknownOnly(
          body.compile(schema) as BodyValidator,
          schema as Record<string, unknown>,
        )
      : other.compile(schema),
  );
}
