/**
 * Plain descriptions of the deployments' contract schemas (parameters and
 * answers), for the reference tables, code samples and playground controls.
 *
 * The TypeBox builder is ~20 KB gzip, too much for every docs page, so the
 * pages import the output of `describeDeployment` over `PUBLIC_DEPLOYMENTS`,
 * written by scripts/generate-reference.ts into src/generated/reference/ (a
 * deployment page its own `<slug>.ts`, the overview and the playground the
 * index of them all); tests/unit/reference-data.test.ts checks it is fresh.
 */

/** The subset of JSON Schema the contract uses (TypeBox schemas are plain JSON Schema). */
interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

export type ParamType = 'number' | 'integer' | 'string[]';

export interface ParamDoc {
  name: string;
  type: ParamType;
  required: boolean;
  default?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  /** Longest accepted item, for lists of strings. */
  maxLength?: number;
  description: string;
}

export interface FieldDoc {
  /** Dotted path, `[]` for list items: `predictions[].box.x_min`. */
  path: string;
  type: string;
  description?: string;
}

export interface DeploymentDoc {
  path: string;
  task: string;
  sub: string | null;
  name: string;
  model: string;
  params: ParamDoc[];
  response: FieldDoc[];
}

function typeName(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map(typeName).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') return `${schema.items ? typeName(schema.items) : 'unknown'}[]`;
  return schema.type ?? 'unknown';
}

export function describeParams(schema: JsonSchema): ParamDoc[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, prop]) => {
    const type: ParamType =
      prop.type === 'array' ? 'string[]' : prop.type === 'integer' ? 'integer' : 'number';
    const doc: ParamDoc = { name, type, required: required.has(name), description: '' };
    if (typeof prop.default === 'number') doc.default = prop.default;
    if (prop.minimum !== undefined) doc.minimum = prop.minimum;
    if (prop.maximum !== undefined) doc.maximum = prop.maximum;
    if (prop.minItems !== undefined) doc.minItems = prop.minItems;
    if (prop.maxItems !== undefined) doc.maxItems = prop.maxItems;
    if (prop.items?.maxLength !== undefined) doc.maxLength = prop.items.maxLength;
    doc.description = prop.description ?? '';
    return doc;
  });
}

export function describeFields(schema: JsonSchema, prefix = ''): FieldDoc[] {
  const fields: FieldDoc[] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    const item = prop.type === 'array' ? prop.items : undefined;
    const field: FieldDoc = { path, type: typeName(prop) };
    const description = prop.description ?? item?.description;
    if (description) field.description = description;
    if (prop.type === 'object') {
      fields.push({ ...field, type: 'object' }, ...describeFields(prop, path));
    } else if (item?.type === 'object') {
      fields.push({ ...field, type: 'object[]' }, ...describeFields(item, `${path}[]`));
    } else {
      fields.push(field);
    }
  }
  return fields;
}

export function describeDeployment(spec: {
  path: string;
  task: string;
  sub: string | null;
  name: string;
  model: string;
  params: unknown;
  result: unknown;
}): DeploymentDoc {
  return {
    path: spec.path,
    task: spec.task,
    sub: spec.sub,
    name: spec.name,
    model: spec.model,
    params: describeParams(spec.params as JsonSchema),
    response: describeFields(spec.result as JsonSchema),
  };
}

/** "0 to 1", "1 to 100", "1 to 20 items" or an empty string. */
export function formatRange(param: ParamDoc): string {
  if (param.type === 'string[]') {
    const items =
      param.minItems !== undefined && param.maxItems !== undefined
        ? `${param.minItems} to ${param.maxItems} items`
        : '';
    return param.maxLength ? `${items}, each up to ${param.maxLength} characters` : items;
  }
  if (param.minimum !== undefined && param.maximum !== undefined)
    return `${param.minimum} to ${param.maximum}`;
  if (param.minimum !== undefined) return `≥ ${param.minimum}`;
  if (param.maximum !== undefined) return `≤ ${param.maximum}`;
  return '';
}

/** Example values used in code samples and as the playground's starting values. */
export const EXAMPLE_LISTS: Record<string, string[]> = {
  queries: ['person', 'red car', 'traffic light'],
  candidate_labels: ['cat', 'dog', 'car', 'mountain landscape'],
};

export function exampleParams(doc: DeploymentDoc): Record<string, number | string[]> {
  const params: Record<string, number | string[]> = {};
  for (const param of doc.params) {
    if (param.type === 'string[]') params[param.name] = EXAMPLE_LISTS[param.name] ?? ['example'];
    else if (param.default !== undefined) params[param.name] = param.default;
  }
  return params;
}
