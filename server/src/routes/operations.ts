/**
 * The account API's routes, built from the operations table (contract/operations.ts): each
 * operation's method, URL, schemas, error answers, access and options come from its entry; the
 * route files give only the handlers, as a map keyed by operationId. `Handlers` requires a
 * handler for every operation, so an operation without its route, or a handler without its
 * operation, does not typecheck; `registerOperations` registers exactly the table's operations.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import {
  ERROR_CODES,
  ErrorResponse,
  impliedErrors,
  OPERATION_IDS,
  OPERATIONS,
  ORGANIZATION_HEADER,
  type ErrorCode,
  type OperationId,
  type Operations,
  type OperationSpec,
} from '@contract';
import { IDEMPOTENCY_HEADER_DESCRIPTION, MAX_IDEMPOTENCY_KEY } from '../lib/idempotency';
import type { TypedFastify } from './context';

type Spec<K extends OperationId> = Operations[K];
type Part<K extends OperationId, F extends string> = F extends keyof Spec<K>
  ? Spec<K>[F] extends TSchema
    ? Spec<K>[F]
    : undefined
  : undefined;

/** What the TypeBox provider needs to type a handler's request like Fastify would. */
export interface OperationSchema<K extends OperationId> {
  headers: Part<K, 'headers'>;
  querystring: Part<K, 'query'>;
  params: Part<K, 'params'>;
  body: Part<K, 'body'>;
  response: { 200: Spec<K>['response'] };
}

export type OperationRequest<K extends OperationId> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  OperationSchema<K>,
  TypeBoxTypeProvider,
  unknown,
  FastifyBaseLogger
>;

type Answer<K extends OperationId> =
  Spec<K> extends { produces: string } ? unknown : Static<Spec<K>['response']>;

export type OperationHandler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<Answer<K> | FastifyReply>;

/** A handler, or a handler with route options of its own (a body parser, a hook). */
export type OperationRoute<K extends OperationId> =
  | OperationHandler<K>
  | {
      handler: OperationHandler<K>;
      options?: Pick<RouteOptions, 'onRequest' | 'preParsing' | 'preHandler'>;
      /** Route config beside the table's (a limit read from the server's settings). */
      config?: Record<string, unknown>;
    };

export type Handlers = { [K in OperationId]: OperationRoute<K> };

/** `/team/members/{uid}` → `/team/members/:uid` (registered under the `/v1` prefix). */
export const routeUrl = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

const HTTP_STATUS_TEXT: Record<number, string> = {
  400: 'The request is invalid.',
  401: 'Not signed in, or the credentials are not valid.',
  402: 'Payment required.',
  403: 'Not allowed.',
  404: 'Not found.',
  409: 'Conflicts with the current state.',
  410: 'No longer available.',
  413: 'The body is too large.',
  414: 'The URL is too long.',
  415: 'Unsupported media type.',
  422: 'The Idempotency-Key was used for another request.',
  429: 'Too many requests.',
  500: 'Internal error.',
  502: 'A service behind this one failed.',
  503: 'Temporarily unavailable.',
  504: 'A service behind this one did not answer in time.',
};

/** The error answers of an operation, by status: the codes it may answer with each. */
export function errorStatuses(spec: OperationSpec): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of impliedErrors(spec)) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus.entries()].sort(([a], [b]) => a - b));
}

function errorResponse(status: number, codes: ErrorCode[]) {
  return {
    description: `${HTTP_STATUS_TEXT[status] ?? 'Error.'} Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
    'x-error-codes': codes,
    content: { 'application/json': { schema: ErrorResponse } },
  };
}

const IdempotencyHeader = Type.String({
  minLength: 1,
  maxLength: MAX_IDEMPOTENCY_KEY,
  description: IDEMPOTENCY_HEADER_DESCRIPTION,
});
const OrganizationHeader = Type.String({
  minLength: 1,
  maxLength: 64,
  description:
    'The organization the call acts on (its id); without it, the one you last selected (`POST /organizations/select`). An admin key acts on its own organization only.',
});

/** The headers an operation reads: its own, the organization it acts on, its Idempotency-Key. */
function headersOf(spec: OperationSpec): TSchema | undefined {
  const own = (spec.headers as { properties?: Record<string, TSchema> } | undefined)?.properties;
  const extra: Record<string, TSchema> = {};
  if (spec.access.kind === 'member') extra[ORGANIZATION_HEADER] = Type.Optional(OrganizationHeader);
  if (spec.idempotent) extra['idempotency-key'] = Type.Optional(IdempotencyHeader);
  if (!own && Object.keys(extra).length === 0) return undefined;
  return Type.Object({ ...(own ?? {}), ...extra });
}

/** Who may call it, in the reference's words. */
export function accessText(spec: OperationSpec): string {
  const access = spec.access;
  if (access.kind === 'public') return 'No sign-in needed.';
  if (access.kind === 'user') {
    return 'Needs a signed-in person (Firebase ID token); admin keys are refused.';
  }
  const roles = access.roles;
  const list =
    roles.length === 1
      ? roles[0]!
      : `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]}`;
  const who = `Members with the ${list} role`;
  const own = access.own_keys?.length
    ? ` A ${access.own_keys.join(' or ')} acts only on the keys they created (an admin key: the keys its holder created), else 403 \`not_key_owner\`; owners and admins act on every key.`
    : '';
  return access.people_only
    ? `${who}, signed in (admin keys are refused).${own}`
    : `${who} (ID token or an admin key of that role).${own}`;
}

/** The Fastify schema of an operation: what it validates, and what the OpenAPI document says. */
export function routeSchema(id: OperationId) {
  const spec = OPERATIONS[id] as OperationSpec;
  const description = [
    spec.description,
    spec.freshToken ? 'The ID token is checked for revocation.' : null,
    `**Who may call it:** ${accessText(spec)}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const security =
    spec.access.kind === 'public'
      ? id === 'sendFeedback'
        ? [{ bearerAuth: [] }, {}]
        : []
      : spec.access.kind === 'member' && !spec.access.people_only
        ? [{ bearerAuth: [] }, { adminKey: [] }]
        : [{ bearerAuth: [] }];
  const success = spec.produces
    ? {
        description: spec.summary,
        content: { [spec.produces]: { schema: spec.response } },
      }
    : spec.response;
  const response: Record<number, unknown> = { 200: success };
  for (const [status, codes] of errorStatuses(spec))
    response[status] = errorResponse(status, codes);
  const headers = headersOf(spec);
  return {
    operationId: id,
    tags: [spec.tag],
    summary: spec.summary,
    description,
    security,
    ...(headers ? { headers } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    response,
  };
}

/** The operations a server with this payment provider serves. */
export function servedOperations(paymentProvider: 'stripe' | 'sandbox'): OperationId[] {
  return OPERATION_IDS.filter((id) => {
    const only = (OPERATIONS[id] as OperationSpec).only;
    return !only || only === paymentProvider;
  });
}

/**
 * Registers operations of the table with their handlers (`ids`, by default every one the server
 * serves). The access plugin's onRoute hook attaches who may call each.
 */
export function registerOperations(
  app: TypedFastify,
  handlers: Handlers,
  ids: readonly OperationId[],
): void {
  for (const id of ids) {
    const spec = OPERATIONS[id] as OperationSpec;
    const route = handlers[id] as OperationRoute<OperationId>;
    const {
      handler,
      options: extra,
      config,
    } = typeof route === 'function'
      ? { handler: route, options: undefined, config: undefined }
      : route;
    app.route({
      method: spec.method,
      url: routeUrl(spec.path),
      schema: routeSchema(id) as never,
      config: {
        operationId: id,
        ...(spec.freshToken ? { freshToken: true } : {}),
        ...(spec.rateLimit
          ? { rateLimit: { max: spec.rateLimit.max, timeWindow: spec.rateLimit.windowMs } }
          : {}),
        ...(config ?? {}),
      },
      ...(extra ?? {}),
      handler: handler as never,
    });
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation of the table this route serves. */
    operationId?: OperationId;
  }
}
