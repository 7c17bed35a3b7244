/**
 * The OpenAPI documents the site publishes (/openapi/account.json, /openapi/services.json,
 * written at build time by scripts/docs-data/openapi.ts) are the servers' own bytes: compared
 * here with what freshly built apps serve, and validated against the OpenAPI 3.1 schema.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPENAPI_ROUTES,
  readOpenApiDocuments,
  type OpenApiDocuments,
} from '../../scripts/docs-data/openapi';
import { createHarness, type Harness } from './helpers';

let h: Harness;
let published: OpenApiDocuments;

beforeAll(async () => {
  [h, published] = await Promise.all([createHarness(), readOpenApiDocuments()]);
});
afterAll(async () => {
  await h?.close();
});

describe('the OpenAPI documents published on the site', () => {
  it('are byte for byte what the account API and the services host serve', async () => {
    const account = await h.api.inject({ method: 'GET', url: OPENAPI_ROUTES.account });
    const services = await h.services.inject({ method: 'GET', url: OPENAPI_ROUTES.services });
    expect(account.statusCode).toBe(200);
    expect(services.statusCode).toBe(200);
    expect(published.account).toBe(account.body);
    expect(published.services).toBe(services.body);
  });

  it.each(['account', 'services'] as const)('%s validates as OpenAPI 3.1', async (name) => {
    const document = JSON.parse(published[name]);
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describe every public deployment and the /v1 operations', () => {
    const services = JSON.parse(published.services) as { paths: Record<string, unknown> };
    const account = JSON.parse(published.account) as { paths: Record<string, unknown> };
    expect(Object.keys(services.paths)).toEqual(
      expect.arrayContaining(['/object-detection', '/image-segmentation/panoptic']),
    );
    expect(Object.keys(account.paths)).toEqual(
      expect.arrayContaining(['/v1/api-key', '/v1/pricing/pubic-deployment']),
    );
  });
});
