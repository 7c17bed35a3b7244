/**
 * Writes the generated half of both official SDKs from the contract (`npm run generate:sdk`;
 * tests/unit/sdk-generated.test.ts fails when a committed copy is stale):
 *
 *   packages/typescript/src/generated/contract.ts   types of every deployment and operation, and
 *                                                   the plain-data tables the client reads
 *   packages/typescript/src/generated/errors.ts     one error class per `code`
 *   packages/typescript/src/generated/resources.ts  one method per deployment and per operation
 *   packages/python/visionapi/_generated.py         the same for Python (TypedDicts, tables,
 *                                                   error classes, methods)
 *
 * The source is the contract itself (contract/operations.ts, services.ts, errors.ts), the same
 * table the servers build their routes and OpenAPI documents from; the hand-written cores
 * (packages/typescript/src/core, packages/python/visionapi/_client.py) only read these tables.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import {
  DEPLOYMENT_ERRORS,
  DEPLOYMENT_PATHS,
  ERROR_CODES,
  ERROR_CODE_LIST,
  OPERATIONS,
  OPERATION_IDS,
  PUBLIC_DEPLOYMENTS,
  deploymentOperationId,
  impliedErrors,
  type OperationId,
  type OperationSpec,
} from '../contract';
import { MAX_IMAGE_BYTES, MAX_PROCESSING_SIDE } from '../contract/limits';
import {
  PythonTypes,
  pascal,
  pyLiteral,
  snake,
  tsDeclaration,
  type Schema,
} from './sdk/schema-types';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SDK_COMMAND = 'npm run generate:sdk';
export const GENERATED_FILES = {
  tsContract: path.join(ROOT, 'packages/typescript/src/generated/contract.ts'),
  tsErrors: path.join(ROOT, 'packages/typescript/src/generated/errors.ts'),
  tsResources: path.join(ROOT, 'packages/typescript/src/generated/resources.ts'),
  python: path.join(ROOT, 'packages/python/visionapi/_generated.py'),
} as const;

/**
 * Operations an SDK user never calls as a method: Stripe calls the webhook; the event stream is
 * read by the hand-written `events.stream()` (an async iterator that reconnects with
 * `Last-Event-ID`), not answered once.
 */
const NOT_IN_SDK = new Set<OperationId>(['receiveStripeWebhook', 'streamEvents']);
/** Header parameters as SDK fields: the header `x-api-key` carries a key's id, not a secret. */
const HEADER_FIELDS: Record<string, string> = { 'x-api-key': 'api_key_id' };
/** Call options of the SDK methods: a request field may not take one of these names. */
function reservedNames(spec: OperationSpec): Set<string> {
  const names = new Set(['timeout', 'max_retries']);
  if (spec.access.kind === 'member') names.add('organization_id');
  if (spec.idempotent) names.add('idempotency_key');
  return names;
}

const header = (comment: string) =>
  `GENERATED from the contract by scripts/generate-sdk.ts (${SDK_COMMAND}). Do not edit by hand.\n\n${comment}`;

// ------------------------------------------------------------------ the model

interface Field {
  name: string;
  where: 'path' | 'query' | 'header' | 'body';
  /** The wire name (a header's own name). */
  wire: string;
  required: boolean;
  schema: Schema;
}

interface OperationModel {
  id: OperationId;
  python: string;
  spec: OperationSpec;
  fields: Field[];
  produces: 'json' | 'text' | 'binary';
  /** Paged lists (`skip`/`limit`): the array property of the answer. */
  pageItems: string | null;
}

function fieldsOf(schema: unknown, where: Field['where']): Field[] {
  if (!schema) return [];
  const object = schema as Schema;
  if (object.type !== 'object' || !object.properties)
    throw new Error(`${where} is not an object with properties`);
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).map(([wire, property]) => {
    const name = where === 'header' ? HEADER_FIELDS[wire] : wire;
    if (!name) throw new Error(`header ${wire} has no SDK field name (HEADER_FIELDS)`);
    return { name, wire, where, required: required.has(wire), schema: property };
  });
}

function operationModels(): OperationModel[] {
  return OPERATION_IDS.filter((id) => !NOT_IN_SDK.has(id)).map((id) => {
    const spec = OPERATIONS[id] as OperationSpec;
    const fields = [
      ...fieldsOf(spec.params, 'path'),
      ...fieldsOf(spec.query, 'query'),
      ...fieldsOf(spec.headers, 'header'),
      ...fieldsOf(spec.body, 'body'),
    ];
    const seen = new Set<string>();
    const reserved = reservedNames(spec);
    for (const field of fields) {
      if (seen.has(field.name) || reserved.has(field.name))
        throw new Error(`${id}: field ${field.name} collides with another field or a call option`);
      seen.add(field.name);
    }
    const paged =
      !spec.produces &&
      fields.some((f) => f.name === 'skip') &&
      fields.some((f) => f.name === 'limit');
    const arrays = Object.entries((spec.response as Schema).properties ?? {}).filter(
      ([, property]) => property.type === 'array',
    );
    if (paged && arrays.length !== 1) throw new Error(`${id}: a paged list needs one array`);
    return {
      id,
      python: snake(id),
      spec,
      fields,
      produces:
        spec.produces === 'text/csv' || spec.produces === 'application/atom+xml'
          ? 'text'
          : spec.produces === 'application/pdf'
            ? 'binary'
            : 'json',
      pageItems: paged ? arrays[0]![0] : null,
    };
  });
}

interface DeploymentModel {
  path: string;
  method: string;
  python: string;
  typeName: string;
  name: string;
  params: Schema;
  result: Schema;
}

function deploymentModels(): DeploymentModel[] {
  return DEPLOYMENT_PATHS.map((deploymentPath) => {
    const deployment = PUBLIC_DEPLOYMENTS[deploymentPath];
    const method = deploymentOperationId(deploymentPath);
    return {
      path: deploymentPath,
      method,
      python: snake(method),
      typeName: pascal(deploymentPath),
      name: deployment.name,
      params: deployment.params as Schema,
      result: deployment.result as Schema,
    };
  });
}

const errorClassName = (code: string) => {
  const name = pascal(code);
  return name.endsWith('Error') ? name : `${name}Error`;
};

/** A deployment parameter as the CLIs read it from `--param name=value`. */
function paramInfo(schema: Schema, required: boolean) {
  const type =
    schema.type === 'array'
      ? `${(schema.items as Schema).type}[]`
      : ((schema.type as string) ?? 'string');
  return { type, required };
}

// ------------------------------------------------------------------ TypeScript

function tsContract(operations: OperationModel[], deployments: DeploymentModel[]): string {
  const out: string[] = [
    `/**\n * ${header('Types of every deployment and account operation, and the plain-data tables the\nclient reads (methods, paths, where each field goes, error codes).').replace(/\n/g, '\n * ')}\n */\n`,
  ];
  out.push(
    `/** Longest side, in pixels, images are processed at; larger ones are resized first. */`,
  );
  out.push(`export const MAX_PROCESSING_SIDE = ${MAX_PROCESSING_SIDE};`);
  out.push(`/** Largest image the services host accepts, in bytes. */`);
  out.push(`export const MAX_IMAGE_BYTES = ${MAX_IMAGE_BYTES};\n`);

  out.push(`/** What went wrong, for programs: the \`code\` of every error answer. */`);
  out.push(`export type ErrorCode = ${ERROR_CODE_LIST.map((c) => `'${c}'`).join(' | ')};\n`);
  out.push(`/** Each code's status and whether the same request may succeed on a retry. */`);
  out.push(
    `export const ERROR_CODES: Readonly<Record<ErrorCode, { readonly status: number; readonly retryable: boolean }>> = ${JSON.stringify(
      Object.fromEntries(
        ERROR_CODE_LIST.map((code) => [
          code,
          { status: ERROR_CODES[code].status, retryable: ERROR_CODES[code].retryable },
        ]),
      ),
    )};\n`,
  );

  out.push('// ------------------------------------------------------------------ deployments\n');
  out.push(`export type DeploymentPath = ${deployments.map((d) => `'${d.path}'`).join(' | ')};\n`);
  for (const d of deployments) {
    out.push(tsDeclaration(`${d.typeName}Params`, d.params, `Parameters of ${d.name}.`));
    out.push(tsDeclaration(`${d.typeName}Result`, d.result, `The answer of ${d.name}.`));
  }
  out.push(`/** Each deployment's parameters and answer, by its path. */`);
  out.push(`export interface Deployments {`);
  for (const d of deployments) {
    out.push(`  '${d.path}': { params: ${d.typeName}Params; result: ${d.typeName}Result };`);
  }
  out.push(`}\n`);
  out.push(
    `/** A deployment parameter's JSON type (\`string[]\` for a list) and whether it is required. */`,
  );
  out.push(`export interface ParamInfo { readonly type: string; readonly required: boolean }`);
  out.push(`export interface DeploymentInfo {`);
  out.push(
    `  readonly path: DeploymentPath;\n  readonly method: string;\n  readonly name: string;`,
  );
  out.push(`  readonly params: Readonly<Record<string, ParamInfo>>;\n}`);
  out.push(
    `export const DEPLOYMENTS: Readonly<Record<DeploymentPath, DeploymentInfo>> = ${JSON.stringify(
      Object.fromEntries(
        deployments.map((d) => [
          d.path,
          {
            path: d.path,
            method: d.method,
            name: d.name,
            params: Object.fromEntries(
              Object.entries(d.params.properties ?? {}).map(([name, schema]) => [
                name,
                paramInfo(schema, (d.params.required ?? []).includes(name)),
              ]),
            ),
          },
        ]),
      ),
    )};\n`,
  );
  out.push(`/** The error codes a deployment call may answer (nothing is charged for any). */`);
  out.push(
    `export const DEPLOYMENT_ERRORS: readonly ErrorCode[] = ${JSON.stringify(DEPLOYMENT_ERRORS)};\n`,
  );

  out.push('// ------------------------------------------------------------------ account API\n');
  for (const op of operations) {
    const typeName = pascal(op.id);
    const request: Schema = {
      type: 'object',
      properties: Object.fromEntries(op.fields.map((f) => [f.name, f.schema])),
      required: op.fields.filter((f) => f.required).map((f) => f.name),
    };
    out.push(
      op.fields.length > 0
        ? tsDeclaration(`${typeName}Request`, request, `What \`${op.id}\` sends.`)
        : `/** \`${op.id}\` sends nothing. */\nexport type ${typeName}Request = Record<string, never>;\n`,
    );
    const response =
      op.produces === 'text' ? 'string' : op.produces === 'binary' ? 'Uint8Array' : null;
    out.push(
      response
        ? `/** The answer of \`${op.id}\` (${op.spec.produces}). */\nexport type ${typeName}Response = ${response};\n`
        : tsDeclaration(
            `${typeName}Response`,
            op.spec.response as Schema,
            `The answer of \`${op.id}\`.`,
          ),
    );
  }
  out.push(`/** Each operation's request and answer, by its operationId. */`);
  out.push(`export interface AccountOperations {`);
  for (const op of operations) {
    const typeName = pascal(op.id);
    out.push(`  ${op.id}: { request: ${typeName}Request; response: ${typeName}Response };`);
  }
  out.push(`}\nexport type AccountOperationId = keyof AccountOperations;\n`);
  out.push(`/** Operations whose request has a required field. */`);
  const requiredOps = operations.filter((op) => op.fields.some((f) => f.required));
  out.push(
    `export type OperationsWithRequiredFields = ${requiredOps.map((op) => `'${op.id}'`).join(' | ')};\n`,
  );
  out.push(`export interface OperationInfo {`);
  out.push(`  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';`);
  out.push(
    `  /** Relative to \`/v1\`; path parameters as \`{name}\`. */\n  readonly path: string;`,
  );
  out.push(
    `  /** \`public\`: no credentials needed; \`user\`: a signed-in person; \`member\`: acts on an organization. */`,
  );
  out.push(`  readonly access: 'public' | 'user' | 'member';`);
  out.push(`  /** Request fields by where they go; headers map a field to its header. */`);
  out.push(`  readonly path_params: readonly string[];\n  readonly query: readonly string[];`);
  out.push(
    `  readonly headers: Readonly<Record<string, string>>;\n  readonly body: readonly string[] | null;`,
  );
  out.push(`  /** Accepts an \`Idempotency-Key\`: the SDK sends one, reused across retries. */`);
  out.push(`  readonly idempotent: boolean;\n  readonly produces: 'json' | 'text' | 'binary';`);
  out.push(
    `  /** For paged lists, the array property of the answer. */\n  readonly page_items: string | null;`,
  );
  out.push(`  readonly errors: readonly ErrorCode[];\n}`);
  out.push(
    `export const ACCOUNT_OPERATIONS: Readonly<Record<AccountOperationId, OperationInfo>> = ${JSON.stringify(
      Object.fromEntries(operations.map((op) => [op.id, operationInfo(op)])),
    )};\n`,
  );
  out.push(`/** The paged lists (\`skip\`/\`limit\`) and the array each answer holds. */`);
  const paged = operations.filter((op) => op.pageItems);
  out.push(`export interface PagedOperations {`);
  for (const op of paged) out.push(`  ${op.id}: '${op.pageItems}';`);
  out.push(`}`);
  return out.join('\n');
}

function operationInfo(op: OperationModel) {
  const access = op.spec.access.kind;
  return {
    method: op.spec.method,
    path: op.spec.path,
    access,
    path_params: op.fields.filter((f) => f.where === 'path').map((f) => f.name),
    query: op.fields.filter((f) => f.where === 'query').map((f) => f.name),
    headers: Object.fromEntries(
      op.fields.filter((f) => f.where === 'header').map((f) => [f.name, f.wire]),
    ),
    body: op.spec.body ? op.fields.filter((f) => f.where === 'body').map((f) => f.name) : null,
    idempotent: Boolean(op.spec.idempotent),
    produces: op.produces,
    page_items: op.pageItems,
    errors: impliedErrors(op.spec),
  };
}

function tsErrors(): string {
  const out = [
    `/**\n * ${header('One error class per `code` of the error catalogue (contract/errors.ts): catch\n`KeyCapReachedError`, or any `APIError` and branch on `error.code`.').replace(/\n/g, '\n * ')}\n */`,
    `import { APIError } from '../core/errors.js';`,
    `import type { ErrorCode } from './contract.js';\n`,
  ];
  for (const code of ERROR_CODE_LIST) {
    const spec = ERROR_CODES[code];
    out.push(`/** ${spec.status} \`${code}\`: ${spec.description.replace(/\*\//g, '*\u2215')} */`);
    out.push(`export class ${errorClassName(code)} extends APIError {`);
    out.push(`  declare readonly code: '${code}';`);
    out.push(`  override readonly name: string = '${errorClassName(code)}';\n}`);
  }
  out.push(`\n/** The class of each code. */`);
  out.push(`export const ERROR_CLASSES: { readonly [C in ErrorCode]: typeof APIError } = {`);
  for (const code of ERROR_CODE_LIST) out.push(`  ${code}: ${errorClassName(code)},`);
  out.push(`};`);
  return out.join('\n');
}

function jsDoc(lines: Array<string | undefined>, indent = '  '): string {
  const text = lines.filter(Boolean).join('\n\n').replace(/\*\//g, '*\u2215');
  return `${indent}/**\n${text
    .split('\n')
    .map((line) => `${indent} *${line ? ` ${line}` : ''}`)
    .join('\n')}\n${indent} */`;
}

function tsResources(operations: OperationModel[], deployments: DeploymentModel[]): string {
  const out = [
    `/**\n * ${header('One method per public deployment and per account operation; each calls the\nhand-written core (../core/client.ts) with its name.').replace(/\n/g, '\n * ')}\n */`,
    `import type { APIPromise } from '../core/api-promise.js';`,
    `import type { CallOptions, ImageInput } from '../core/types.js';`,
    `import type * as T from './contract.js';\n`,
    `/** What the generated methods call. */`,
    `export interface Caller {`,
    `  deployment<P extends T.DeploymentPath>(path: P, image: ImageInput, params: T.Deployments[P]['params'] | undefined, options: CallOptions | undefined): APIPromise<T.Deployments[P]['result']>;`,
    `  operation<K extends T.AccountOperationId>(id: K, request: T.AccountOperations[K]['request'] | undefined, options: CallOptions | undefined): APIPromise<T.AccountOperations[K]['response']>;`,
    `}\n`,
    `/** A method per public deployment of the services host. */`,
    `export abstract class DeploymentMethods {`,
    `  protected abstract readonly caller: Caller;\n`,
  ];
  for (const d of deployments) {
    const required = (d.params.required ?? []).length > 0;
    out.push(
      jsDoc([
        `${d.name}: \`POST /${d.path}\` on the services host. Charged once per answer (a retry reuses the call's \`Idempotency-Key\`).`,
        `@param image A path (Node), bytes, a Blob or a URL; resized to ${MAX_PROCESSING_SIDE} px on its long side when larger.`,
      ]),
    );
    out.push(
      `  ${d.method}(image: ImageInput, params${required ? '' : '?'}: T.${d.typeName}Params, options?: CallOptions): APIPromise<T.${d.typeName}Result> {`,
    );
    out.push(`    return this.caller.deployment('${d.path}', image, params, options);\n  }\n`);
  }
  out.push(`}\n`);
  out.push(`/** A method per operation of the account API (\`/v1\`). */`);
  out.push(`export class AccountResource {`);
  out.push(`  constructor(protected readonly caller: Caller) {}\n`);
  for (const op of operations) {
    const typeName = pascal(op.id);
    const required = op.fields.some((f) => f.required);
    const none = op.fields.length === 0;
    out.push(
      jsDoc([
        `${op.spec.summary}: \`${op.spec.method} /v1${op.spec.path}\`${op.spec.access.kind === 'public' ? ' (no credentials needed)' : ''}.`,
        op.spec.description,
      ]),
    );
    const requestParam = none
      ? `request?: T.${typeName}Request`
      : `request${required ? '' : '?'}: T.${typeName}Request`;
    out.push(
      `  ${op.id}(${requestParam}, options?: CallOptions): APIPromise<T.${typeName}Response> {`,
    );
    out.push(`    return this.caller.operation('${op.id}', request, options);\n  }\n`);
  }
  out.push(`}`);
  return out.join('\n');
}

// ------------------------------------------------------------------ Python

function pythonSource(operations: OperationModel[], deployments: DeploymentModel[]): string {
  const types = new PythonTypes();
  const deploymentTypes = deployments.map((d) => ({
    d,
    params: types.type(d.params, `${d.typeName}Params`),
    result: types.type(d.result, `${d.typeName}Result`),
    fields: Object.entries(d.params.properties ?? {}).map(([name, schema]) => ({
      name,
      required: (d.params.required ?? []).includes(name),
      annotation: types.type(schema, `${d.typeName}${pascal(name)}`),
    })),
  }));
  const operationTypes = operations.map((op) => ({
    op,
    response:
      op.produces === 'text'
        ? 'str'
        : op.produces === 'binary'
          ? 'bytes'
          : types.type(op.spec.response as Schema, `${pascal(op.id)}Response`),
    fields: op.fields.map((f) => ({
      ...f,
      annotation: types.type(f.schema, `${pascal(op.id)}${pascal(f.name)}`),
    })),
  }));

  const out: string[] = [
    `# ${header('Types, tables, error classes and methods of every deployment and account operation.').replace(/\n/g, '\n# ').replace(/# \n/g, '#\n')}`,
    `# flake8: noqa`,
    `from __future__ import annotations\n`,
    `from typing import TYPE_CHECKING, Any, Dict, List, Literal, Optional, TypedDict, Union\n`,
    `from ._exceptions import APIError\n`,
    `if TYPE_CHECKING:`,
    `    from ._images import ImageInput\n`,
    `MAX_PROCESSING_SIDE = ${MAX_PROCESSING_SIDE}`,
    `MAX_IMAGE_BYTES = ${MAX_IMAGE_BYTES}\n`,
    `ERROR_CODES: Dict[str, Dict[str, Any]] = ${pyLiteral(
      Object.fromEntries(
        ERROR_CODE_LIST.map((code) => [
          code,
          { status: ERROR_CODES[code].status, retryable: ERROR_CODES[code].retryable },
        ]),
      ),
      1,
    )}\n`,
    `DEPLOYMENTS: Dict[str, Dict[str, Any]] = ${pyLiteral(
      Object.fromEntries(
        deployments.map((d) => [
          d.path,
          {
            path: d.path,
            method: d.python,
            name: d.name,
            params: Object.fromEntries(
              Object.entries(d.params.properties ?? {}).map(([name, schema]) => [
                name,
                paramInfo(schema, (d.params.required ?? []).includes(name)),
              ]),
            ),
          },
        ]),
      ),
      2,
    )}\n`,
    `ACCOUNT_OPERATIONS: Dict[str, Dict[str, Any]] = ${pyLiteral(
      Object.fromEntries(operations.map((op) => [op.python, operationInfo(op)])),
      2,
    )}\n`,
    '\n# ------------------------------------------------------------------ types\n',
    ...types.classes,
    '\n# ------------------------------------------------------------------ errors\n',
  ];
  for (const code of ERROR_CODE_LIST) {
    const spec = ERROR_CODES[code];
    out.push(
      `class ${errorClassName(code)}(APIError):\n    """${spec.status} \`${code}\`: ${spec.description.replace(/"""/g, '')}"""\n`,
    );
  }
  out.push(
    `ERROR_CLASSES: Dict[str, type] = {\n${ERROR_CODE_LIST.map((c) => `    ${JSON.stringify(c)}: ${errorClassName(c)},`).join('\n')}\n}\n`,
  );

  const exported = [
    'MAX_PROCESSING_SIDE',
    'MAX_IMAGE_BYTES',
    'ERROR_CODES',
    'DEPLOYMENTS',
    'ACCOUNT_OPERATIONS',
    'ERROR_CLASSES',
    ...ERROR_CODE_LIST.map(errorClassName),
    ...types.classes
      .map((text) => /^(?:class ([A-Za-z]\w*)|([A-Za-z]\w*) = TypedDict)/.exec(text))
      .map((match) => match?.[1] ?? match?.[2])
      .filter((name): name is string => Boolean(name)),
  ];
  out.push(
    `__all__ = [\n${exported.map((name) => `    ${JSON.stringify(name)},`).join('\n')}\n]\n`,
  );

  out.push('\n# ------------------------------------------------------------------ methods\n');
  out.push(`class _DeploymentMethods:`);
  out.push(`    """A method per public deployment of the services host."""\n`);
  out.push(`    # Each method calls the client's _run (visionapi/_client.py).\n`);
  for (const { d, result, fields } of deploymentTypes) {
    const args = [
      'self',
      'image: ImageInput',
      '*',
      ...fields.filter((f) => f.required).map((f) => `${f.name}: ${f.annotation}`),
      ...fields
        .filter((f) => !f.required)
        .map((f) => `${f.name}: Optional[${f.annotation}] = None`),
      'idempotency_key: Optional[str] = None',
      'timeout: Optional[float] = None',
      'max_retries: Optional[int] = None',
      'resize: Optional[bool] = None',
    ];
    out.push(`    def ${d.python}(${args.join(', ')}) -> ${result}:`);
    out.push(
      `        """${d.name}: \`POST /${d.path}\` on the services host. Charged once per answer (a retry reuses the call's Idempotency-Key)."""`,
    );
    out.push(
      `        params = {${fields.map((f) => `${JSON.stringify(f.name)}: ${f.name}`).join(', ')}}`,
    );
    out.push(
      `        return self._run(${JSON.stringify(d.path)}, image, params, {"idempotency_key": idempotency_key, "timeout": timeout, "max_retries": max_retries, "resize": resize})\n`,
    );
  }
  out.push(`\nclass _AccountMethods:`);
  out.push(`    """A method per operation of the account API (/v1)."""\n`);
  out.push(`    # Each method calls the client's _call (visionapi/_client.py).\n`);
  for (const { op, response, fields } of operationTypes) {
    const args = [
      'self',
      '*',
      ...fields.filter((f) => f.required).map((f) => `${f.name}: ${f.annotation}`),
      ...fields
        .filter((f) => !f.required)
        .map((f) => `${f.name}: Optional[${f.annotation}] = None`),
      ...(op.spec.access.kind === 'member' ? ['organization_id: Optional[str] = None'] : []),
      ...(op.spec.idempotent ? ['idempotency_key: Optional[str] = None'] : []),
      'timeout: Optional[float] = None',
      'max_retries: Optional[int] = None',
    ];
    out.push(`    def ${op.python}(${args.join(', ')}) -> ${response}:`);
    const doc = `${op.spec.summary}: ${op.spec.method} /v1${op.spec.path}.`;
    out.push(`        """${doc.replace(/"""/g, '')}"""`);
    out.push(
      `        request = {${fields.map((f) => `${JSON.stringify(f.name)}: ${f.name}`).join(', ')}}`,
    );
    out.push(
      `        return self._call(${JSON.stringify(op.python)}, request, {${op.spec.access.kind === 'member' ? '"organization_id": organization_id, ' : ''}${op.spec.idempotent ? '"idempotency_key": idempotency_key, ' : ''}"timeout": timeout, "max_retries": max_retries})\n`,
    );
  }
  return `${out.join('\n')}\n`;
}

// ------------------------------------------------------------------ writing

async function prettierTs(file: string, source: string): Promise<string> {
  return format(source, { ...(await resolveConfig(file)), filepath: file });
}

/** Every generated file and its text. */
export async function sdkSources(): Promise<Record<keyof typeof GENERATED_FILES, string>> {
  const operations = operationModels();
  const deployments = deploymentModels();
  return {
    tsContract: await prettierTs(GENERATED_FILES.tsContract, tsContract(operations, deployments)),
    tsErrors: await prettierTs(GENERATED_FILES.tsErrors, tsErrors()),
    tsResources: await prettierTs(
      GENERATED_FILES.tsResources,
      tsResources(operations, deployments),
    ),
    python: pythonSource(operations, deployments),
  };
}

/** Writes the files that changed; the list of those it wrote. */
export async function writeSdkSources(): Promise<string[]> {
  const sources = await sdkSources();
  const written: string[] = [];
  for (const [key, file] of Object.entries(GENERATED_FILES)) {
    const text = sources[key as keyof typeof GENERATED_FILES];
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(path.relative(ROOT, file));
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeSdkSources()
    .then((written) =>
      console.log(written.length ? `updated: ${written.join(', ')}` : 'SDK sources are up to date'),
    )
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
