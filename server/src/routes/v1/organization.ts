import {
  EmailVerification,
  Organization,
  OrganizationBody,
  OrganizationPatchBody,
} from '@contract';
import { missingStateMessage } from '@contract/address';
import { badRequest, conflict } from '../../lib/errors';
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
      const missing = missingStateMessage(request.body.country, request.body.state);
      if (missing) throw badRequest(missing);
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
      const missing = missingStateMessage(
        request.body.country ?? org.country,
        request.body.state ?? org.state,
      );
      if (missing) throw badRequest(missing);
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
          "Whether the caller's e-mail address is verified: the identity provider's flag (token " +
          "claim, then the user record); the owner's is also stored as the organization's.",
        security: SECURITY,
        response: { 200: EmailVerification, ...errorResponses(401, 404, 413, 415) },
      },
    },
    async (request) => {
      const user = request.user;
      const org = organizationOf(request);
      // An admin key has no address of its own: the organization's (its owner's) flag.
      if (!user) return { email_verified: org.emailVerified };
      // The caller's own address: what buying credits checks, for a billing member as for the
      // owner. The organization's flag is its owner's: only the owner's call refreshes it.
      const fromProvider = user.emailVerified
        ? true
        : await ctx.verifier.lookupEmailVerified(user.uid);
      const emailVerified = fromProvider ?? user.emailVerified;
      if (user.uid === org.ownerUid && emailVerified !== org.emailVerified) {
        await ctx.repos.organizations.setEmailVerified(org.id, emailVerified);
      }
      return { email_verified: emailVerified };
    },
  );
}
