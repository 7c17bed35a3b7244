/**
 * An OpenAPI 3.1 document as readable Markdown for the "API reference" docs page: its
 * operations grouped by tag, each with who may call it, its parameters, its request body's
 * fields, its answer's fields and the error statuses it can answer; then the limits of the
 * server that serves it. Written as an MDX partial (escaped for MDX by remark-mdx) that
 * docs/api-reference.mdx imports; never committed (docs/_generated/ is ignored).
 */
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { table } from './components-markdown';

type Schema = {
  type?: string | string[];
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: Schema }> }
  >;
}
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: {
    securitySchemes?: Record<
      string,
      {
        type: string;
        scheme?: string;
        name?: string;
        in?: string;
        bearerFormat?: string;
        description?: string;
      }
    >;
    schemas?: Record<string, Schema>;
  };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const code = (text: string): string => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);

/** A schema's type in one line: `string`, `integer[]`, `"live" \| "test"`, `object \| null`. */
export function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.split('/').at(-1) ?? 'object';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map(typeOf))].join(' | ');
  if (schema.allOf) return schema.allOf.length === 1 ? typeOf(schema.allOf[0]) : 'object';
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('array')) return `${typeOf(schema.items)}[]`;
  const name = types.join(' | ') || (schema.properties ? 'object' : 'any');
  return schema.format ? `${name} (${schema.format})` : name;
}

/** The object schema behind allOf/anyOf wrappers, if there is one (allOf parts merged). */
function objectOf(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema;
  if (schema.allOf) {
    const parts = schema.allOf.map(objectOf).filter((part): part is Schema => Boolean(part));
    if (parts.length === 0) return undefined;
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((part) => part.properties)),
      required: parts.flatMap((part) => part.required ?? []),
    };
  }
  const variants = (schema.anyOf ?? schema.oneOf)?.filter((s) => typeOf(s) !== 'null');
  if (variants?.length === 1) return objectOf(variants[0]);
  if (typeOf(schema).endsWith('[]')) return objectOf(schema.items);
  return undefined;
}

/** Default and bounds: `Default 0.5; 0 to 1.` */
function constraints(schema: Schema): string {
  const bound = (min?: number, max?: number, unit = '') =>
    min !== undefined && max !== undefined
      ? `${min} to ${max}${unit}`
      : min !== undefined
        ? `At least ${min}${unit}`
        : max !== undefined
          ? `At most ${max}${unit}`
          : '';
  const parts = [
    schema.default !== undefined ? `Default ${JSON.stringify(schema.default)}` : '',
    bound(schema.minimum, schema.maximum),
    bound(schema.minLength, schema.maxLength, ' characters'),
    bound(schema.minItems, schema.maxItems, ' items'),
  ].filter(Boolean);
  return parts.length ? `${parts.join('. ')}.` : '';
}

function describe(schema: Schema): string {
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf ?? [];
  const own = schema.description ?? variants.map((s) => s.description).find(Boolean) ?? '';
  const limits = constraints(schema) || variants.map(constraints).find(Boolean) || '';
  // Descriptions often state their bounds already (`A label, 1 to 64 characters.`).
  const unsaid = limits
    .split('. ')
    .map((part) => part.replace(/\.$/, ''))
    .filter((part) => part && !own.toLowerCase().includes(part.toLowerCase()));
  return [own, unsaid.length ? `${unsaid.join('. ')}.` : ''].filter(Boolean).join(' ');
}

/** Field rows of an object schema, nested fields as `a.b` and `a[].b`, to `depth` levels. */
function fieldRows(schema: Schema | undefined, depth: number, prefix = ''): string[][] {
  const object = objectOf(schema);
  if (!object?.properties) return [];
  return Object.entries(object.properties).flatMap(([name, field]) => {
    const fieldPath = `${prefix}${name}`;
    const type = typeOf(field);
    const row = [
      code(fieldPath),
      code(type),
      object.required?.includes(name) ? 'yes' : 'no',
      describe(field),
    ];
    const nested =
      depth > 1
        ? fieldRows(field, depth - 1, `${fieldPath}${type.endsWith('[]') ? '[]' : ''}.`)
        : [];
    return [row, ...nested];
  });
}

function security(document: OpenApiDocument, operation: Operation): string {
  const schemes = document.components?.securitySchemes ?? {};
  const options = (operation.security ?? []).map((requirement) => {
    const names = Object.keys(requirement);
    if (names.length === 0) return 'none';
    return names
      .map((name) => {
        const scheme = schemes[name];
        if (!scheme) return name;
        if (scheme.type === 'apiKey') return `${code(`${scheme.name}`)} ${scheme.in}`;
        return `${code(`Authorization: Bearer`)} ${scheme.bearerFormat ?? scheme.scheme ?? ''}`.trim();
      })
      .join(' and ');
  });
  if (options.length === 0) return 'none';
  return options.join(', or ');
}

function operationMarkdown(
  document: OpenApiDocument,
  method: string,
  url: string,
  operation: Operation,
): string {
  const parts: string[] = [`#### ${operation.summary ?? `${method.toUpperCase()} ${url}`}`];
  parts.push(
    `${code(`${method.toUpperCase()} ${url}`)}. Authentication: ${security(document, operation)}.`,
  );
  if (operation.description) parts.push(operation.description);
  const parameters = operation.parameters ?? [];
  if (parameters.length) {
    parts.push('Parameters:');
    parts.push(
      table(
        ['Name', 'In', 'Type', 'Required', 'Description'],
        parameters.map((p) => [
          code(p.name),
          p.in,
          code(typeOf(p.schema)),
          p.required ? 'yes' : 'no',
          [p.description, constraints(p.schema ?? {})].filter(Boolean).join(' '),
        ]),
      ),
    );
  }
  const body = operation.requestBody?.content ?? {};
  const bodyTypes = Object.keys(body);
  if (bodyTypes.length) {
    const [first] = bodyTypes;
    const rows = fieldRows(body[first!]!.schema, 2);
    parts.push(`Request body (${bodyTypes.map(code).join(' or ')}):`);
    if (rows.length) parts.push(table(['Field', 'Type', 'Required', 'Description'], rows));
  }
  const responses = operation.responses ?? {};
  for (const [status, response] of Object.entries(responses)) {
    if (!status.startsWith('2')) continue;
    const types = Object.keys(response.content ?? {});
    const schema = types[0] ? response.content![types[0]]!.schema : undefined;
    const rows = fieldRows(schema, 2);
    const kind = types.length
      ? ` (${types.map(code).join(', ')}${rows.length ? '' : `, ${code(typeOf(schema))}`})`
      : '';
    parts.push(`Answer ${code(status)}${kind}${rows.length ? ':' : '.'}`);
    if (rows.length) parts.push(table(['Field', 'Type', 'Always there', 'Description'], rows));
  }
  const errors = Object.keys(responses).filter((status) => !status.startsWith('2'));
  if (errors.length) {
    parts.push(
      `Errors: ${errors.map(code).join(', ')}, each with the body ${code('{"error_message": string}')}.`,
    );
  }
  return parts.join('\n\n');
}

/** Every operation of the document, grouped by tag (in first-seen order), as Markdown. */
export function operationsMarkdown(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [url, operations] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(operationMarkdown(document, method, url, operation));
    }
  }
  return [...byTag]
    .map(([tag, operations]) => [`### ${tag}`, ...operations].join('\n\n'))
    .join('\n\n');
}

const mdx = unified().use(remarkParse).use(remarkGfm);
const mdxWriter = unified()
  .use(remarkGfm, { tableCellPadding: false, tablePipeAlign: false })
  .use(remarkMdx)
  .use(remarkStringify, { bullet: '-', fences: true, listItemIndent: 'one' });

/** Markdown written so MDX reads it as the same text (`{` and `<` escaped). */
export function asMdx(markdown: string): string {
  return mdxWriter.stringify(mdx.parse(markdown));
}
