import {
  EmailVerification,
  Organization,
  OrganizationBody,
  OrganizationPatchBody,
} from '@contract';
import { conflict } from '../../lib/errors';
import { presentOrganization } from '../../lib/present';
import { actorOf, organizationOf } from '../../plugins/access';
import { errorResponses, SECURITY, type TypedFastify, type V1Context } from '../context';

export async function organizationRoutes(app: TypedFastify, ctx: V1Context) {
  const tags = ['Organization'];

  app.post(
    '/organization',
    {
      config: { freshToken: true },
      schema: {
        tags,
        summary: 'Register your organization',
        description:
          'Also creates its first API key, "Playground key", used for in-browser image calls. ' +
          'The ID token is checked for revocation.',
        security: SECURITY,
        body: OrganizationBody,
        response: { 200: Organization, ...errorResponses(400, 401, 409, 413, 415) },
      },
    },
    async (request) => {
      const user = request.user!;
      const org = await ctx.repos.organizations.create(user, request.body, actorOf(request), {
        onlyIfNone: true,
      });
      if (!org) throw conflict('Your account already has an organization. Update it instead.');
      return presentOrganization(org, 'owner');
    },
  );

  app.patch(
    '/organization',
    {
      config: { freshToken: true },
      schema: {
        tags,
        summary: 'Update your organization',
        description: 'The ID token is checked for revocation.',
        security: SECURITY,
        body: OrganizationPatchBody,
        response: { 200: Organization, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      const org = organizationOf(request);
      return presentOrganization(
        await ctx.repos.organizations.update(org.id, request.body, actorOf(request)),
        request.access!.role,
      );
    },
  );

  app.get(
    '/organization',
    {
      schema: {
        tags,
        summary: 'Your organization and wallet balance',
        security: SECURITY,
        response: { 200: Organization, ...errorResponses(401, 404) },
      },
    },
    async (request) => presentOrganization(organizationOf(request), request.access!.role),
  );

  app.post(
    '/organization/verify',
    {
      schema: {
        tags,
        summary: 'Refresh the e-mail verification status',
        description:
          "Reads the identity provider's flag (token claim, then the user record) and stores it.",
        security: SECURITY,
        response: { 200: EmailVerification, ...errorResponses(401, 404, 413, 415) },
      },
    },
    async (request) => {
      const user = request.user;
      const org = organizationOf(request);
      // The organization's flag is its owner's address: only the owner's call refreshes it.
      if (!user || user.uid !== org.ownerUid) return { email_verified: org.emailVerified };
      const fromProvider = user.emailVerified
        ? true
        : await ctx.verifier.lookupEmailVerified(user.uid);
      const emailVerified = fromProvider ?? user.emailVerified;
      if (emailVerified !== org.emailVerified) {
        await ctx.repos.organizations.setEmailVerified(org.id, emailVerified);
      }
      return { email_verified: emailVerified };
    },
  );
}
