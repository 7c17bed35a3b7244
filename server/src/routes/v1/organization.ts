import { missingStateMessage } from '@contract/address';
import { conflict, invalidRequest } from '../../lib/errors';
import { presentOrganization } from '../../lib/present';
import { actorOf, organizationOf } from '../../plugins/access';
import type { V1Context } from '../context';
import type { Handlers } from '../operations';

export function organizationHandlers(ctx: V1Context) {
  return {
    createOrganization: async (request) => {
      const user = request.user!;
      const missing = missingStateMessage(request.body.country, request.body.state);
      if (missing) throw invalidRequest(missing);
      const org = await ctx.repos.organizations.create(user, request.body, actorOf(request), {
        onlyIfNone: true,
      });
      if (!org) throw conflict('Your account already has an organization. Update it instead.');
      return presentOrganization(org, 'owner');
    },

    updateOrganization: async (request) => {
      const org = organizationOf(request);
      const missing = missingStateMessage(
        request.body.country ?? org.country,
        request.body.state ?? org.state,
      );
      if (missing) throw invalidRequest(missing);
      return presentOrganization(
        await ctx.repos.organizations.update(org.id, request.body, actorOf(request)),
        request.access!.role,
      );
    },

    getOrganization: async (request) =>
      presentOrganization(organizationOf(request), request.access!.role),

    verifyOrganizationEmail: async (request) => {
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
  } satisfies Partial<Handlers>;
}
