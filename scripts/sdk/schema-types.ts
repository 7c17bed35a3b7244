/**
 * JSON Schema (the contract's TypeBox schemas are plain JSON Schema) to type text, for the SDK
 * generator (scripts/generate-sdk.ts): TypeScript type expressions and Python `TypedDict`s. Only
 * the keywords the contract uses are read; any other shape fails generation, so a new keyword
 * cannot quietly become `unknown`.
 */

export interface Schema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  description?: string;
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  title?: string;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

export const snake = (camel: string): string =>
  camel.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A one-line summary of what a schema allows beyond its type (for doc comments). */
export function constraints(schema: Schema): string {
  const facts: string[] = [];
  if (schema.minimum !== undefined && schema.maximum !== undefined)
    facts.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) facts.push(`at least ${schema.minimum}`);
  else if (schema.maximum !== undefined) facts.push(`at most ${schema.maximum}`);
  if (schema.maxItems !== undefined)
    facts.push(`${schema.minItems ?? 0} to ${schema.maxItems} items`);
  if (schema.maxLength !== undefined) facts.push(`at most ${schema.maxLength} characters`);
  if (schema.default !== undefined) facts.push(`default ${JSON.stringify(schema.default)}`);
  return facts.join('; ');
}

function describe(schema: Schema): string {
  const facts = constraints(schema);
  const text = [schema.description, facts ? `(${facts})` : ''].filter(Boolean).join(' ');
  return text.replace(/\*\//g, '*\u2215');
}

// ------------------------------------------------------------------ TypeScript

/** A TypeScript type expression for a schema. `indent` is the current nesting. */
export function tsType(schema: Schema, indent = ''): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.anyOf) {
    return schema.anyOf
      .map((member) => {
        const text = tsType(member, indent);
        return member.allOf ? `(${text})` : text;
      })
      .join(' | ');
  }
  if (schema.allOf) {
    return schema.allOf
      .map((member) => {
        const text = tsType(member, indent);
        return member.anyOf || member.enum ? `(${text})` : text;
      })
      .join(' & ');
  }
  const type = schema.type;
  if (Array.isArray(type)) return type.map((t) => tsType({ type: t }, indent)).join(' | ');
  switch (type) {
    case 'string':
      return schema.format === 'binary' ? 'Uint8Array' : 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      if (!schema.items) throw new Error('array without items');
      return `Array<${tsType(schema.items, indent)}>`;
    }
    case 'object':
      return tsObject(schema, indent);
    default:
      if (Object.keys(schema).every((key) => key === 'description')) return 'unknown';
      throw new Error(`unsupported schema: ${JSON.stringify(schema).slice(0, 200)}`);
  }
}

function tsObject(schema: Schema, indent: string): string {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const doc = describe(property);
    if (doc) lines.push(`${inner}/** ${doc} */`);
    const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
    lines.push(`${inner}${key}${required.has(name) ? '' : '?'}: ${tsType(property, inner)};`);
  }
  const rest =
    Object.values(schema.patternProperties ?? {})[0] ??
    (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
  if (rest) lines.push(`${inner}[key: string]: ${tsType(rest, inner)};`);
  if (lines.length === 0) return 'Record<string, never>';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** `export interface Name { … }` (or a type alias when the schema is not a plain object). */
export function tsDeclaration(name: string, schema: Schema, doc?: string): string {
  const comment = doc ? `/** ${doc.replace(/\*\//g, '*\u2215')} */\n` : '';
  const text = tsType(schema);
  return schema.type === 'object' && text.startsWith('{')
    ? `${comment}export interface ${name} ${text}\n`
    : `${comment}export type ${name} = ${text};\n`;
}

// ------------------------------------------------------------------ Python

/** Collects Python `TypedDict` classes while types are converted, nested objects first. */
export class PythonTypes {
  readonly classes: string[] = [];
  private readonly names = new Set<string>();

  private unique(name: string): string {
    let candidate = name;
    for (let n = 2; this.names.has(candidate); n++) candidate = `${name}${n}`;
    this.names.add(candidate);
    return candidate;
  }

  /** A Python type annotation for a schema; objects become classes named from `name`. */
  type(schema: Schema, name: string): string {
    if (schema.const !== undefined) return `Literal[${pyLiteral(schema.const)}]`;
    if (schema.enum) return `Literal[${schema.enum.map((value) => pyLiteral(value)).join(', ')}]`;
    if (schema.anyOf) {
      const nonNull = schema.anyOf.filter((member) => member.type !== 'null');
      const consts = nonNull.every((member) => member.const !== undefined);
      const inner = consts
        ? `Literal[${nonNull.map((member) => pyLiteral(member.const)).join(', ')}]`
        : nonNull.length === 1
          ? this.type(nonNull[0]!, name)
          : `Union[${nonNull.map((member, i) => this.type(member, `${name}${i + 1}`)).join(', ')}]`;
      return nonNull.length < schema.anyOf.length ? `Optional[${inner}]` : inner;
    }
    if (schema.allOf) {
      // TypedDicts merge by inheritance: one class with every member's fields.
      const merged: Schema = { type: 'object', properties: {}, required: [] };
      for (const member of schema.allOf) {
        if (member.type !== 'object') throw new Error('allOf of a non-object');
        Object.assign(merged.properties!, member.properties);
        merged.required!.push(...(member.required ?? []));
      }
      return this.type(merged, name);
    }
    switch (schema.type) {
      case 'string':
        return schema.format === 'binary' ? 'bytes' : 'str';
      case 'number':
        return 'float';
      case 'integer':
        return 'int';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'array':
        return `List[${this.type(schema.items!, `${name}Item`)}]`;
      case 'object':
        return this.object(schema, name);
      default:
        if (Object.keys(schema).every((key) => key === 'description')) return 'Any';
        throw new Error(`unsupported schema: ${JSON.stringify(schema).slice(0, 200)}`);
    }
  }

  private object(schema: Schema, name: string): string {
    const properties = Object.entries(schema.properties ?? {});
    const rest = Object.values(schema.patternProperties ?? {})[0];
    if (properties.length === 0) {
      return rest ? `Dict[str, ${this.type(rest, `${name}Value`)}]` : 'Dict[str, Any]';
    }
    const className = this.unique(name);
    const required = new Set(schema.required ?? []);
    const fields = properties.map(([field, property]) => ({
      field,
      required: required.has(field),
      annotation: this.type(property, `${className}${pascal(field)}`),
      doc: describe(property),
    }));
    const identifiers = fields.every(({ field }) => /^[A-Za-z_]\w*$/.test(field));
    const render = (list: typeof fields) =>
      list.map(({ field, annotation, doc }) =>
        doc
          ? `    ${field}: ${annotation}\n    """${pyDoc(doc)}"""`
          : `    ${field}: ${annotation}`,
      );
    if (!identifiers) {
      // Keys that are not identifiers (`x-api-key`) need the functional form.
      const entries = fields.map(
        ({ field, annotation }) => `${JSON.stringify(field)}: ${annotation}`,
      );
      this.classes.push(
        `${className} = TypedDict(${JSON.stringify(className)}, {${entries.join(', ')}}, total=False)\n`,
      );
      return className;
    }
    const mandatory = fields.filter((field) => field.required);
    const optional = fields.filter((field) => !field.required);
    if (mandatory.length > 0 && optional.length > 0) {
      const base = this.unique(`_${className}Required`);
      this.classes.push(`class ${base}(TypedDict):\n${render(mandatory).join('\n')}\n`);
      this.classes.push(
        `class ${className}(${base}, total=False):\n${render(optional).join('\n')}\n`,
      );
    } else {
      const total = optional.length > 0 ? ', total=False' : '';
      this.classes.push(`class ${className}(TypedDict${total}):\n${render(fields).join('\n')}\n`);
    }
    return className;
  }
}

function pyDoc(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"');
}

/**
 * A Python literal for plain JSON data (None, True, False, numbers, strings, lists, dicts).
 * Dicts nested less than `depth` deep are written one entry a line.
 */
export function pyLiteral(value: unknown, depth = 0, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => pyLiteral(item)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (depth <= 0 || entries.length === 0)
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${pyLiteral(item)}`).join(', ')}}`;
  const inner = `${indent}    `;
  return `{\n${entries
    .map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pyLiteral(item, depth - 1, inner)},`)
    .join('\n')}\n${indent}}`;
}
