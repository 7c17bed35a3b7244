/**
 * The sandbox services host: `POST /{task}` or `POST /{task}/{sub}` per public
 * deployment, authenticated by the `api-key` header. It checks the key,
 * validates the image and parameters, meters the call at the pricing table's
 * price (debit + ledger row in one transaction) and answers with sample
 * results marked `sandbox: true`.
 */
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { Type } from 'typebox';
import {
  COMING_SOON_DEPLOYMENTS,
  DEPLOYMENT_PATHS,
  ErrorResponse,
  Health,
  ImageJsonBody,
  MAX_IMAGE_BYTES,
  PUBLIC_DEPLOYMENTS,
  type DeploymentPath,
} from '../../../src/api/contract';
import { API_VERSION, type AppDeps } from '../app';
import { HttpError, unauthorized } from '../lib/errors';
import { microsToUsd } from '../lib/money';
import { registerHttpBasics } from '../plugins/http';
import { createRepositories } from '../repositories';
import type { ApiKeyRow } from '../repositories/apiKeys';
import type { OrganizationRow } from '../repositories/organizations';
import type { TypedFastify } from '../routes/context';
import { readImageCall, validateParams } from './input';
import { decodeImage } from './sandbox/image';
import { sampleResult } from './sandbox/results';

export type ServicesDeps = Pick<AppDeps, 'config' | 'db'>;

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: { key: ApiKeyRow; organization: OrganizationRow } | null;
  }
}

/** JSON bodies carry the image as base64 (4/3 of its size) plus parameters. */
export const SERVICES_BODY_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, ErrorResponse])) as Record<
    number,
    typeof ErrorResponse
  >;

const comingSoon = new Set<string>(COMING_SOON_DEPLOYMENTS.map((d) => d.task));

function notFoundMessage(request: FastifyRequest): string {
  const path = request.url.split('?')[0]!.replace(/^\/+|\/+$/g, '');
  const task = path.split('/')[0] ?? '';
  const available = `Available: ${DEPLOYMENT_PATHS.join(', ')}.`;
  if (comingSoon.has(task))
    return `The ${task} deployment is coming soon and cannot be called yet. ${available}`;
  return `Unknown deployment "${path}". ${available}`;
}

export const servicesApp: FastifyPluginAsync<ServicesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() as TypedFastify;
  const repos = createRepositories(deps.db);
  app.decorateRequest('apiKey', null);

  await registerHttpBasics(app, {
    corsOrigins: deps.config.corsOrigins,
    rateLimit: deps.config.servicesRateLimit,
    allowedHeaders: ['api-key'],
    rateLimitKey: (request) => {
      const key = request.headers['api-key'];
      return typeof key === 'string' && key ? `key:${key}` : `ip:${request.ip}`;
    },
    notFoundMessage,
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 50, fieldSize: 16 * 1024, parts: 60 },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vision API platform: services (sandbox)',
        version: API_VERSION,
        description:
          'Image calls of the public deployments. This local host answers with SAMPLE results ' +
          '(`"sandbox": true`), derived from the image bytes; they are not real inference. ' +
          'Every non-2xx answer is `{"error_message": string}`.',
      },
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'api-key' } },
      },
    },
  });

  const authenticate = async (request: FastifyRequest) => {
    const secret = request.headers['api-key'];
    if (typeof secret !== 'string' || !secret) {
      throw unauthorized('Missing API key: send it in the "api-key" header.');
    }
    const found = await repos.apiKeys.findBySecret(secret);
    if (!found) throw unauthorized('Unknown API key. Check the key on the API keys page.');
    request.apiKey = found;
  };

  app.get('/health', { schema: { hide: true, response: { 200: Health } } }, async () => ({
    status: 'ok' as const,
  }));

  for (const path of DEPLOYMENT_PATHS) {
    const deployment = PUBLIC_DEPLOYMENTS[path];
    app.post(
      `/${path}`,
      {
        onRequest: authenticate,
        // Validated by the handler (multipart and JSON alike), after the key check.
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags: ['Deployments'],
          summary: deployment.name,
          description: `Sample results (sandbox). Model: ${deployment.model}.`,
          security: [{ apiKey: [] }],
          body: {
            content: {
              'application/json': {
                schema: Type.Intersect([ImageJsonBody, deployment.params]),
              },
              'multipart/form-data': {
                schema: Type.Intersect([
                  Type.Object({ image: Type.String({ format: 'binary' }) }),
                  deployment.params,
                ]),
              },
            },
          },
          response: { 200: deployment.result, ...errors(400, 401, 402, 404, 413, 415, 429, 500) },
        },
      },
      async (request) => handleImageCall(path, request),
    );
  }

  async function handleImageCall(path: DeploymentPath, request: FastifyRequest) {
    const deployment = PUBLIC_DEPLOYMENTS[path];
    const { key, organization } = request.apiKey!;
    const call = await readImageCall(request, deployment.params);
    const params = validateParams(deployment.params, path, call.params);
    const image = await decodeImage(call.image);
    const price = await repos.pricing.find(path);
    if (!price) throw new HttpError(404, notFoundMessage(request));
    const entry = await repos.ledger.debitUsage({
      organizationId: organization.id,
      apiKeyId: key.id,
      apiKeyName: key.name,
      deployment: path,
      priceMicros: price.pricePerCallMicros,
    });
    if (!entry) {
      throw new HttpError(
        402,
        `Insufficient credits: this call costs $${microsToUsd(price.pricePerCallMicros)}. Buy credits to continue.`,
      );
    }
    return {
      sandbox: true as const,
      task: path,
      model: deployment.model,
      image: {
        width: image.width,
        height: image.height,
        original_width: image.originalWidth,
        original_height: image.originalHeight,
      },
      usage: {
        cost_usd: microsToUsd(price.pricePerCallMicros),
        remaining_credits: microsToUsd(entry.balanceAfterMicros),
        transaction_id: entry.id,
      },
      ...(await sampleResult(path, image, params)),
    };
  }

  app.get(
    '/openapi.json',
    { schema: { hide: true, response: { 200: Type.Object({}, { additionalProperties: true }) } } },
    async () => app.swagger(),
  );
};
(servicesApp as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export async function buildServicesApp(
  deps: ServicesDeps,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: SERVICES_BODY_LIMIT, ...options });
  await app.register(servicesApp, deps);
  return app;
}
