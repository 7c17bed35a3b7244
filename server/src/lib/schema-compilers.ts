/**
 * Fastify's own schema compilers (the ones it loads by default: @fastify/ajv-compiler and
 * @fastify/fast-json-stringify-compiler, resolved from Fastify itself, so versions never differ),
 * shared by every app this process builds instead of made anew for each.
 *
 * A server process builds one app per role and gains nothing. The test suites build two apps
 * per harness, hundreds of harnesses a run: compiling every route's response serializer (a new
 * Ajv instance and generated code per schema) and validators again for each was about 1.6 s of
 * each harness's 3.5 s on 2 cores (CPU profile of tests/server). Reusing them is exact: a
 * compiled function depends on its schema and the compiler's options only.
 * - Validators: one pool for the process. The pool keeps an Ajv instance per set of external
 *   schemas and options (its own key), and Ajv keeps each schema it compiled by the schema object.
 * - Serializers: kept by schema object, when the app has no shared schemas (`addSchema`) and no
 *   serializer options, which is every app here; otherwise compiled as Fastify would.
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type RouteCompiler = (route: { schema: object }) => unknown;
type CompilerFactory = (externalSchemas: unknown, options: unknown) => RouteCompiler;

const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const ValidatorSelector = fromFastify('@fastify/ajv-compiler') as () => CompilerFactory;
const SerializerSelector = fromFastify(
  '@fastify/fast-json-stringify-compiler',
) as () => CompilerFactory;

const buildValidator = ValidatorSelector();
const buildDefaultSerializer = SerializerSelector();
const serializers = new WeakMap<object, unknown>();

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'object' && Object.keys(value).length === 0);

const buildSerializer: CompilerFactory = (externalSchemas, options) => {
  const compile = buildDefaultSerializer(externalSchemas, options);
  if (!isEmpty(externalSchemas) || !isEmpty(options)) return compile;
  return (route) => {
    let serialize = serializers.get(route.schema);
    if (serialize === undefined) {
      serialize = compile(route);
      serializers.set(route.schema, serialize);
    }
    return serialize;
  };
};

/** For `Fastify({ schemaController })`: the shared compilers. */
export const sharedSchemaCompilers = {
  compilersFactory: { buildValidator, buildSerializer },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;
