import {
  ApiKey,
  ApiKeyCapBody,
  ApiKeyIdHeaders,
  ApiKeyList,
  ApiKeyRestrictionsBody,
  DEPLOYMENT_PATHS,
  ApiKeyWithSecret,
  CreateApiKeyBody,
  DeletedApiKey,
  RollApiKeyBody,
} from '@contract';
import { badRequest } from '../../lib/errors';
import { centsAmountToMicros } from '../../lib/money';
import { presentApiKey } from '../../lib/present';
import type { KeyRestrictions } from '../../repositories/apiKeys';
import { actorOf, organizationOf } from '../../plugins/access';
import { errorResponses, SECURITY, type TypedFastify, type V1Context } from '../context';

/** The contract's restriction fields to stored limits, checked beyond what the schema says. */
function restrictionsOf(body: {
  allowed_deployments?: string[] | null;
  allowed_origins?: string[] | null;
  expires_at?: string | null;
}): KeyRestrictions {
  const unknown = body.allowed_deployments?.filter(
    (path) => !(DEPLOYMENT_PATHS as readonly string[]).includes(path),
  );
  if (unknown && unknown.length > 0) {
    throw badRequest(
      `Invalid request body: unknown deployment ${unknown.slice(0, 5).join(', ')}. Available: ${DEPLOYMENT_PATHS.join(', ')}.`,
    );
  }
  let expiresAt: Date | null | undefined;
  if (body.expires_at !== undefined) {
    expiresAt = body.expires_at === null ? null : new Date(body.expires_at);
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw badRequest('Invalid request body: expires_at must be in the future.');
    }
  }
  return {
    ...(body.allowed_deployments !== undefined && {
      allowedDeployments: body.allowed_deployments,
    }),
    ...(body.allowed_origins !== undefined && { allowedOrigins: body.allowed_origins }),
    ...(expiresAt !== undefined && { expiresAt }),
  };
}

export async function apiKeyRoutes(app: TypedFastify, ctx: V1Context) {
  const tags = ['API keys'];
  const uiSecret = ctx.repos.apiKeys.uiSecret;

  app.post(
    '/api-key',
    {
      schema: {
        tags,
        summary: 'Create an API key',
        description:
          'The answer carries the full secret (`key`) this once: it is stored as a keyed hash ' +
          'and cannot be shown again.',
        security: SECURITY,
        body: CreateApiKeyBody,
        response: { 200: ApiKeyWithSecret, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const org = organizationOf(request);
      const { row, secret } = await ctx.repos.apiKeys.create(
        org.id,
        request.body.name,
        actorOf(request),
        restrictionsOf(request.body),
        request.body.mode ?? 'live',
      );
      return { ...presentApiKey(row, uiSecret), key: secret };
    },
  );

  app.get(
    '/api-key',
    {
      schema: {
        tags,
        summary: 'List the API keys of your organization',
        description:
          'Secrets are not listed (`redacted` shows prefix and last four), except the key used ' +
          "for in-browser image calls, whose secret the site needs, and test keys', which the " +
          "docs' samples carry (never to a viewer). `created_by` names each key's creator.",
        security: SECURITY,
        response: { 200: ApiKeyList, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const org = organizationOf(request);
      const [keys, emails] = await Promise.all([
        ctx.repos.apiKeys.list(org.id),
        ctx.repos.teams.memberEmails(org.id),
      ]);
      // A viewer reads the keys but never a secret, the in-browser key's included.
      const secrets = request.access!.role === 'viewer' ? () => null : uiSecret;
      const createdBy = (uid: string) => emails.get(uid) ?? null;
      return { api_keys: keys.map((key) => presentApiKey(key, secrets, createdBy)) };
    },
  );

  app.post(
    '/api-key/set-default',
    {
      schema: {
        tags,
        summary: 'Make a key the default key',
        security: SECURITY,
        headers: ApiKeyIdHeaders,
        response: { 200: ApiKey, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      const org = organizationOf(request);
      const key = await ctx.repos.apiKeys.setDefault(
        org.id,
        request.headers['x-api-key'],
        actorOf(request),
      );
      return presentApiKey(key, uiSecret);
    },
  );

  app.post(
    '/api-key/roll',
    {
      config: { freshToken: true },
      schema: {
        tags,
        summary: 'Roll a key: give it a new secret',
        description:
          'The answer carries the new secret this once. The old secret stops working at once ' +
          '(`expire_previous_in_hours: 0`) or after the chosen grace period. The ID token is ' +
          'checked for revocation.',
        security: SECURITY,
        headers: ApiKeyIdHeaders,
        body: RollApiKeyBody,
        response: { 200: ApiKeyWithSecret, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      const org = organizationOf(request);
      const { row, secret } = await ctx.repos.apiKeys.roll(
        org.id,
        request.headers['x-api-key'],
        request.body.expire_previous_in_hours,
        actorOf(request),
      );
      return { ...presentApiKey(row, uiSecret), key: secret };
    },
  );

  app.post(
    '/api-key/cap',
    {
      config: { freshToken: true },
      schema: {
        tags,
        summary: "Set or remove a key's monthly spend cap",
        description:
          'A call that would take the key past its cap this calendar month (UTC) is refused by ' +
          'the services host with 429 and a `Retry-After` until the month turns, and costs nothing. ' +
          'Other keys of the organization are not affected. The ID token is checked for revocation.',
        security: SECURITY,
        headers: ApiKeyIdHeaders,
        body: ApiKeyCapBody,
        response: { 200: ApiKey, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      const org = organizationOf(request);
      const cap = request.body.monthly_cap_usd;
      let capMicros: number | null = null;
      if (cap !== null) {
        capMicros = centsAmountToMicros(cap);
        if (capMicros === null) {
          throw badRequest('Invalid request body: monthly_cap_usd must have at most 2 decimals.');
        }
      }
      const key = await ctx.repos.apiKeys.setMonthlyCap(
        org.id,
        request.headers['x-api-key'],
        capMicros,
        actorOf(request),
      );
      return presentApiKey(key, uiSecret);
    },
  );

  app.post(
    '/api-key/restrictions',
    {
      config: { freshToken: true },
      schema: {
        tags,
        summary: "Set a key's limits: deployments, browser origins, expiry",
        description:
          'Each field sent replaces that limit; null removes it. A call outside the limits is ' +
          'refused by the services host with 403 naming the limit, costs nothing, and is ' +
          'counted on the key (`refused_calls`). The ID token is checked for revocation.',
        security: SECURITY,
        headers: ApiKeyIdHeaders,
        body: ApiKeyRestrictionsBody,
        response: { 200: ApiKey, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const key = await ctx.repos.apiKeys.setRestrictions(
        organizationOf(request).id,
        request.headers['x-api-key'],
        restrictionsOf(request.body),
        actorOf(request),
      );
      return presentApiKey(key, uiSecret);
    },
  );

  for (const [path, disabled] of [
    ['/api-key/disable', true],
    ['/api-key/enable', false],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: disabled
            ? 'Disable a key: every call is refused (403, free) until it is enabled'
            : 'Enable a disabled key again',
          security: SECURITY,
          headers: ApiKeyIdHeaders,
          response: { 200: ApiKey, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        const key = await ctx.repos.apiKeys.setDisabled(
          organizationOf(request).id,
          request.headers['x-api-key'],
          disabled,
          actorOf(request),
        );
        return presentApiKey(key, uiSecret);
      },
    );
  }

  app.delete(
    '/api-key',
    {
      config: { freshToken: true },
      schema: {
        tags,
        summary: 'Delete a key',
        description:
          'Refused (409) for the last key used for in-browser image calls. The ID token is ' +
          'checked for revocation.',
        security: SECURITY,
        headers: ApiKeyIdHeaders,
        response: { 200: DeletedApiKey, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const org = organizationOf(request);
      const id = request.headers['x-api-key'];
      await ctx.repos.apiKeys.delete(org.id, id, actorOf(request));
      return { id, deleted: true as const };
    },
  );
}
