/**
 * Validators: request bodies are checked as sent (no type coercion, so
 * `"country": 42` is refused), while query strings and headers, which are
 * always strings, are coerced to the schema's types. Defaults apply to both.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

function createAjv(coerceTypes: false | 'array') {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    strict: false,
  });
  (addFormats as unknown as (instance: Ajv) => void)(ajv);
  return ajv;
}

export function registerValidators(app: FastifyInstance): void {
  const body = createAjv(false);
  const other = createAjv('array');
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? body : other).compile(schema),
  );
}
