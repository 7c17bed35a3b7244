/**
 * The two OpenAPI documents, exactly as the servers serve them: the account API's
 * (`GET /v1/openapi.json`) and the services host's (`GET /openapi.json`). Both apps are built in
 * local mode on an in-memory database and asked for their document with `inject`, so the bytes
 * are the servers' own (their route, their serialiser), never a copy of the contract that could
 * drift from them. The docs-for-machines plugin (src/plugins/docs-for-machines) runs this before
 * every build and start; tests/server/openapi-static.test.ts compares its output with freshly
 * built apps.
 */
import type { FastifyInstance } from 'fastify';
import { buildAccountApp } from '../../server/src/app';
import type { TokenVerifier } from '../../server/src/auth/firebase';
import { createDeps } from '../../server/src/bootstrap';
import type { Mailer } from '../../server/src/billing/mailer';
import { readServerConfig } from '../../server/src/config';
import { isLocalUrl } from '../../src/config/env';
import { buildServicesApp } from '../../server/src/services/app';

export interface OpenApiDocuments {
  /** The account API's document, as `GET /v1/openapi.json` answers it. */
  account: string;
  /** The services host's document, as `GET /openapi.json` answers it. */
  services: string;
}

/** Where each document is published on the site (static/openapi/, served at /openapi/). */
export const OPENAPI_FILES: Record<keyof OpenApiDocuments, string> = {
  account: 'account.json',
  services: 'services.json',
};

/** Where each document is served by its own server. */
export const OPENAPI_ROUTES: Record<keyof OpenApiDocuments, string> = {
  account: '/v1/openapi.json',
  services: '/openapi.json',
};

// Nothing is signed in, e-mailed or rendered while the documents are read.
const refuseTokens: TokenVerifier = {
  verifyIdToken: async () => {
    throw new Error('no sign-in while generating the OpenAPI documents');
  },
  lookupEmailVerified: async () => null,
};
const noMail: Mailer = { send: async () => undefined, close: () => undefined };

async function served(app: FastifyInstance, url: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) {
    throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  }
  return response.body;
}

/** Where a site build says its servers are (its API_BASE_URL and SERVICES_BASE_URL). */
export interface DocumentSite {
  siteUrl: string;
  apiBaseUrl: string;
  servicesBaseUrl: string;
}

/**
 * Builds both apps in local mode (in-memory PGlite) and reads their documents. With a site's
 * settings, the documents name that site's servers, and a public site (not on localhost)
 * publishes the services host's production document, not the local stack's sandbox one.
 */
export async function readOpenApiDocuments(site?: DocumentSite): Promise<OpenApiDocuments> {
  const env: Record<string, string> = { STACK_MODE: 'local' };
  if (site) {
    env.API_PUBLIC_URL = new URL(site.apiBaseUrl).origin;
    env.SERVICES_PUBLIC_URL = new URL(site.servicesBaseUrl).origin;
    env.SERVICES_DOCUMENT = isLocalUrl(site.siteUrl) ? 'sandbox' : 'production';
  }
  const config = readServerConfig(env as NodeJS.ProcessEnv);
  const { deps, database } = await createDeps(config, {
    database: {},
    verifier: refuseTokens,
    mailer: noMail,
  });
  const renderer = async () => {
    throw new Error('no image is rendered while generating the OpenAPI documents');
  };
  const api = await buildAccountApp(deps, { logger: false });
  const services = await buildServicesApp({ ...deps, renderer }, { logger: false });
  try {
    await Promise.all([api.ready(), services.ready()]);
    return {
      account: await served(api, OPENAPI_ROUTES.account),
      services: await served(services, OPENAPI_ROUTES.services),
    };
  } finally {
    await deps.billing.idle();
    await Promise.all([api.close(), services.close()]);
    await database.close();
  }
}
