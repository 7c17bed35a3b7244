/**
 * The account API as one type-level map, derived from the operations table
 * (contract/operations.ts), so a typed client can derive the body, query, headers and answer of
 * a call from its method and path (relative to the `/v1` base URL), and the access table, from
 * the table's plain-data index (operations.generated.ts), which the site reads at run time
 * without the schemas. Every non-2xx answer is `ErrorResponse`.
 */
import type { Static, TSchema } from 'typebox';
import type { Access } from './access';
import { OPERATION_INDEX } from './operations.generated';
import type { OperationId, Operations } from './operations';
import type { Role } from './roles';

export type { Access } from './access';
export { rolesNeeded } from './access';

type Schema<T> = T extends TSchema ? Static<T> : undefined;
type Field<K extends OperationId, F extends string> = F extends keyof Operations[K]
  ? Schema<Operations[K][F]>
  : undefined;
type Answer<K extends OperationId> = Operations[K] extends { produces: 'application/pdf' }
  ? Blob
  : Operations[K] extends { produces: 'text/csv' }
    ? string
    : Schema<Operations[K]['response']>;

interface Endpoint<Res, Body, Query, Headers, Params, Auth extends boolean> {
  body: Body;
  query: Query;
  headers: Headers;
  params: Params;
  response: Res;
  /** False for calls that work without signing in. */
  auth: Auth;
}

/** Operations the site's client calls (the Stripe webhook is Stripe's). */
type ClientOperationId = {
  [K in OperationId]: Operations[K] extends { only: string } ? never : K;
}[OperationId];

export type V1Endpoints = {
  [K in ClientOperationId as `${Operations[K]['method']} ${Operations[K]['path']}`]: Endpoint<
    Answer<K>,
    Field<K, 'body'>,
    Field<K, 'query'>,
    Field<K, 'headers'>,
    Field<K, 'params'>,
    Operations[K]['access'] extends { kind: 'public' } ? false : true
  >;
};

export type V1EndpointKey = keyof V1Endpoints;

/** Routes of /v1 that are no operation of the API: the OpenAPI document itself. */
export const INFRASTRUCTURE_ROUTES = {
  'GET /openapi.json': { kind: 'public' },
} as const satisfies Record<string, Access>;

// ------------------------------------------------------------------ who may call what

/**
 * The access of every /v1 route, by `METHOD /path`: the server enforces it (a route without an
 * entry refuses to register), the OpenAPI document shows it, the pages follow it.
 */
export const V1_ACCESS = {
  ...(Object.fromEntries(
    Object.values(OPERATION_INDEX).map((operation) => [
      `${operation.method} ${operation.path}`,
      operation.access,
    ]),
  ) as {
    readonly [K in OperationId as `${Operations[K]['method']} ${Operations[K]['path']}`]: Access;
  }),
  ...INFRASTRUCTURE_ROUTES,
};

/** May a member of this role call the operation? (The pages hide or disable what it may not.) */
export function roleMay(endpoint: V1EndpointKey, role: Role | null | undefined): boolean {
  const access: Access = (V1_ACCESS as Record<string, Access>)[endpoint]!;
  if (access.kind !== 'member') return true;
  return role != null && access.roles.includes(role);
}
