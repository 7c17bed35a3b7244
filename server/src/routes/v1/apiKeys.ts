import { DEPLOYMENT_PATHS, MANAGERS } from '@contract';
import { invalidRequest } from '../../lib/errors';
import { centsAmountToMicros } from '../../lib/money';
import { presentApiKey } from '../../lib/present';
import type { KeyRestrictions } from '../../repositories/apiKeys';
import { actorOf, keyOwnerScope, organizationOf } from '../../plugins/access';
import type { V1Context } from '../context';
import type { Handlers } from '../operations';

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
    throw invalidRequest(
      `Invalid request body: unknown deployment ${unknown.slice(0, 5).join(', ')}. Available: ${DEPLOYMENT_PATHS.join(', ')}.`,
    );
  }
  let expiresAt: Date | null | undefined;
  if (body.expires_at !== undefined) {
    expiresAt = body.expires_at === null ? null : new Date(body.expires_at);
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw invalidRequest('Invalid request body: expires_at must be in the future.');
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

/** The API keys of the organization (operations table: tag "API keys"). */
export function apiKeyHandlers(ctx: V1Context) {
  const uiSecret = ctx.repos.apiKeys.uiSecret;
  const keyId = (request: { headers: { 'x-api-key': string } }) => request.headers['x-api-key'];
  const setDisabled = async (
    request: Parameters<typeof keyOwnerScope>[0] & {
      headers: { 'x-api-key': string };
    },
    disabled: boolean,
  ) =>
    presentApiKey(
      await ctx.repos.apiKeys.setDisabled(
        organizationOf(request).id,
        keyId(request),
        disabled,
        actorOf(request),
        keyOwnerScope(request),
      ),
      uiSecret,
    );

  return {
    createApiKey: async (request) => {
      const org = organizationOf(request);
      const { row, secret } = await ctx.repos.apiKeys.create(
        org.id,
        request.body.name,
        actorOf(request),
        restrictionsOf(request.body),
        request.body.mode ?? 'live',
        // Made through an admin key: the key belongs to the admin key's holder.
        request.access!.memberUid,
      );
      return { ...presentApiKey(row, uiSecret), key: secret };
    },

    listApiKeys: async (request) => {
      const org = organizationOf(request);
      const [keys, emails] = await Promise.all([
        ctx.repos.apiKeys.list(org.id),
        ctx.repos.teams.memberEmails(org.id),
      ]);
      // A viewer reads the keys but never a secret, the in-browser key's included; a developer
      // reads only the secrets of the keys they created (they could spend through any other
      // past their own monthly limit, which binds the keys a member created).
      const { role, memberUid } = request.access!;
      const secrets =
        role === 'viewer'
          ? () => null
          : MANAGERS.includes(role)
            ? uiSecret
            : (row: Parameters<typeof uiSecret>[0]) =>
                memberUid !== null && row.createdByUid === memberUid ? uiSecret(row) : null;
      const createdBy = (uid: string) => emails.get(uid) ?? null;
      return { api_keys: keys.map((key) => presentApiKey(key, secrets, createdBy)) };
    },

    setDefaultApiKey: async (request) => {
      const key = await ctx.repos.apiKeys.setDefault(
        organizationOf(request).id,
        keyId(request),
        actorOf(request),
        keyOwnerScope(request),
      );
      return presentApiKey(key, uiSecret);
    },

    rollApiKey: async (request) => {
      const { row, secret } = await ctx.repos.apiKeys.roll(
        organizationOf(request).id,
        keyId(request),
        request.body.expire_previous_in_hours,
        actorOf(request),
        keyOwnerScope(request),
      );
      return { ...presentApiKey(row, uiSecret), key: secret };
    },

    setApiKeyCap: async (request) => {
      const cap = request.body.monthly_cap_usd;
      let capMicros: number | null = null;
      if (cap !== null) {
        capMicros = centsAmountToMicros(cap);
        if (capMicros === null) {
          throw invalidRequest(
            'Invalid request body: monthly_cap_usd must have at most 2 decimals.',
          );
        }
      }
      const key = await ctx.repos.apiKeys.setMonthlyCap(
        organizationOf(request).id,
        keyId(request),
        capMicros,
        actorOf(request),
        keyOwnerScope(request),
      );
      return presentApiKey(key, uiSecret);
    },

    setApiKeyRestrictions: async (request) => {
      const key = await ctx.repos.apiKeys.setRestrictions(
        organizationOf(request).id,
        keyId(request),
        restrictionsOf(request.body),
        actorOf(request),
        keyOwnerScope(request),
      );
      return presentApiKey(key, uiSecret);
    },

    disableApiKey: (request) => setDisabled(request, true),
    enableApiKey: (request) => setDisabled(request, false),

    deleteApiKey: async (request) => {
      const id = keyId(request);
      await ctx.repos.apiKeys.delete(
        organizationOf(request).id,
        id,
        actorOf(request),
        keyOwnerScope(request),
      );
      return { id, deleted: true as const };
    },
  } satisfies Partial<Handlers>;
}
