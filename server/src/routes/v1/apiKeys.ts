import type { FastifyRequest } from 'fastify';
import { DEPLOYMENT_PATHS, KEY_MANAGERS, MANAGERS } from '@contract';
import { invalidRequest } from '../../lib/errors';
import { centsAmountToMicros } from '../../lib/money';
import { presentApiKey } from '../../lib/present';
import type { ApiKeyRow, KeyHolder, KeyRestrictions } from '../../repositories/apiKeys';
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

/** Who a key made or rolled by this call belongs to: the member it acts for. */
function holderOf(request: FastifyRequest): KeyHolder {
  return {
    uid: request.access!.memberUid,
    adminKeyId: request.actor?.kind === 'admin_key' ? request.actor.id : null,
  };
}

/** The API keys of the organization (operations table: tag "API keys"). */
export function apiKeyHandlers(ctx: V1Context) {
  const uiSecret = ctx.repos.apiKeys.uiSecret;
  const keyId = (request: { headers: { 'x-api-key': string } }) => request.headers['x-api-key'];

  /**
   * The readable secrets (in-browser, test) the caller is shown (issue 31): a live secret only to
   * its holder, whose limit its spend counts towards; a test key's (free) also to owners and
   * admins; none to billing members and viewers. Each one shown is recorded, so that the member's
   * leaving, removal or demotion rotates it.
   */
  function secretsFor(request: FastifyRequest) {
    const { role, memberUid, organization, holderRole } = request.access!;
    // Through an admin key: what both its role and its holder's may read.
    const may = (roles: readonly string[]) =>
      roles.includes(role) && (holderRole === undefined || roles.includes(holderRole));
    const shown: string[] = [];
    const secret = (row: ApiKeyRow): string | null => {
      if (!may(KEY_MANAGERS)) return null;
      const own = memberUid !== null && row.createdByUid === memberUid;
      if (!own && !(may(MANAGERS) && row.mode === 'test' && !row.usedForUi)) {
        return null;
      }
      const value = uiSecret(row);
      if (value !== null) shown.push(row.id);
      return value;
    };
    return {
      secret,
      record: () => ctx.repos.apiKeys.recordViews(organization.id, shown, memberUid),
    };
  }

  /** One key as the caller may see it, its shown secret recorded. */
  async function present(request: FastifyRequest, row: ApiKeyRow) {
    const secrets = secretsFor(request);
    const shown = presentApiKey(row, secrets.secret);
    await secrets.record();
    return shown;
  }

  const setDisabled = async (
    request: Parameters<typeof keyOwnerScope>[0] & {
      headers: { 'x-api-key': string };
    },
    disabled: boolean,
  ) =>
    present(
      request,
      await ctx.repos.apiKeys.setDisabled(
        organizationOf(request).id,
        keyId(request),
        disabled,
        actorOf(request),
        keyOwnerScope(request),
      ),
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
        holderOf(request),
      );
      return { ...(await present(request, row)), key: secret };
    },

    listApiKeys: async (request) => {
      const org = organizationOf(request);
      const { role, memberUid } = request.access!;
      const [listed, emails] = await Promise.all([
        ctx.repos.apiKeys.list(org.id),
        ctx.repos.teams.memberEmails(org.id),
      ]);
      let keys = listed;
      // Each person who may hold keys has their own in-browser key (made on their first look),
      // so the playground's spend counts towards their own limit.
      if (
        request.actor?.kind === 'user' &&
        memberUid !== null &&
        KEY_MANAGERS.includes(role) &&
        !keys.some((key) => key.usedForUi && key.createdByUid === memberUid)
      ) {
        await ctx.repos.apiKeys.ensureOwnUiKey(org.id, memberUid, actorOf(request));
        keys = await ctx.repos.apiKeys.list(org.id);
      }
      const secrets = secretsFor(request);
      const createdBy = (uid: string) => emails.get(uid) ?? null;
      const api_keys = keys.map((key) => presentApiKey(key, secrets.secret, createdBy));
      await secrets.record();
      return { api_keys };
    },

    setDefaultApiKey: async (request) => {
      const key = await ctx.repos.apiKeys.setDefault(
        organizationOf(request).id,
        keyId(request),
        actorOf(request),
        keyOwnerScope(request),
      );
      return present(request, key);
    },

    rollApiKey: async (request) => {
      const { row, secret } = await ctx.repos.apiKeys.roll(
        organizationOf(request).id,
        keyId(request),
        request.body.expire_previous_in_hours,
        actorOf(request),
        keyOwnerScope(request),
        holderOf(request),
      );
      return { ...(await present(request, row)), key: secret };
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
      return present(request, key);
    },

    setApiKeyRestrictions: async (request) => {
      const key = await ctx.repos.apiKeys.setRestrictions(
        organizationOf(request).id,
        keyId(request),
        restrictionsOf(request.body),
        actorOf(request),
        keyOwnerScope(request),
      );
      return present(request, key);
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
