import {
  ApiKey,
  ApiKeyIdHeaders,
  ApiKeyList,
  CreateApiKeyBody,
  DeletedApiKey,
} from '../../../../src/api/contract';
import { presentApiKey } from '../../lib/present';
import {
  errorResponses,
  requireOrganization,
  SECURITY,
  type TypedFastify,
  type V1Context,
} from '../context';

export async function apiKeyRoutes(app: TypedFastify, ctx: V1Context) {
  const tags = ['API keys'];
  app.addHook('onRequest', ctx.hooks.requireUser);

  app.post(
    '/api-key',
    {
      schema: {
        tags,
        summary: 'Create an API key',
        security: SECURITY,
        body: CreateApiKeyBody,
        response: { 200: ApiKey, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const org = await requireOrganization(ctx, request.user!.uid);
      const key = await ctx.repos.apiKeys.create(org.id, request.body.name);
      return presentApiKey(key);
    },
  );

  app.get(
    '/api-key',
    {
      schema: {
        tags,
        summary: 'List the API keys of your organization',
        security: SECURITY,
        response: { 200: ApiKeyList, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const org = await requireOrganization(ctx, request.user!.uid);
      const keys = await ctx.repos.apiKeys.list(org.id);
      return { api_keys: keys.map(presentApiKey) };
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
      const org = await requireOrganization(ctx, request.user!.uid);
      const key = await ctx.repos.apiKeys.setDefault(org.id, request.headers['x-api-key']);
      return presentApiKey(key);
    },
  );

  app.delete(
    '/api-key',
    {
      schema: {
        tags,
        summary: 'Delete a key',
        description: 'Refused (409) for the last key used for in-browser image calls.',
        security: SECURITY,
        headers: ApiKeyIdHeaders,
        response: { 200: DeletedApiKey, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const org = await requireOrganization(ctx, request.user!.uid);
      const id = request.headers['x-api-key'];
      await ctx.repos.apiKeys.delete(org.id, id);
      return { id, deleted: true as const };
    },
  );
}
