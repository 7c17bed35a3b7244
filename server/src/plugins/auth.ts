/**
 * Bearer-token authentication for /v1. `requireUser` rejects a request without a valid Firebase
 * ID token (401); `requireFreshUser` also checks that the token was not revoked (for deleting or
 * rolling keys, buying credits and editing the organization); `optionalUser` accepts none but
 * still rejects a token that is present and invalid.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AuthUser, TokenVerifier } from '../auth/firebase';
import { ApiError, unauthenticated } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** The route moves money or keys: verify the ID token with a revocation check. */
    freshToken?: boolean;
  }
}

export const MISSING_TOKEN_MESSAGE =
  'Sign in required: send the Firebase ID token as "Authorization: Bearer <token>".';
export const INVALID_TOKEN_MESSAGE = 'The ID token is invalid or expired. Sign in again.';
export const REVOKED_TOKEN_MESSAGE =
  'This sign-in was revoked (signed out everywhere, or the password changed). Sign in again.';
/** Longest Authorization header worth verifying (Firebase ID tokens are about 1 KB). */
const MAX_TOKEN_LENGTH = 8 * 1024;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  if (header.length > MAX_TOKEN_LENGTH) throw unauthenticated(INVALID_TOKEN_MESSAGE);
  const space = header.indexOf(' ');
  const scheme = space > 0 ? header.slice(0, space) : '';
  const token = header.slice(space + 1).trim();
  if (scheme.toLowerCase() !== 'bearer' || !token || /\s/.test(token)) {
    throw unauthenticated(INVALID_TOKEN_MESSAGE);
  }
  return token;
}

export function authHooks(verifier: TokenVerifier) {
  async function authenticate(
    request: FastifyRequest,
    required: boolean,
    checkRevoked: boolean,
  ): Promise<void> {
    const token = bearerToken(request);
    if (!token) {
      if (required) throw unauthenticated(MISSING_TOKEN_MESSAGE);
      request.user = null;
      return;
    }
    try {
      request.user = await verifier.verifyIdToken(token, { checkRevoked });
    } catch (error) {
      const reason = (error as { code?: string }).code;
      request.log.debug({ reason }, 'ID token rejected');
      if (checkRevoked && reason === 'auth/id-token-revoked') {
        throw new ApiError('token_revoked', REVOKED_TOKEN_MESSAGE);
      }
      throw unauthenticated(INVALID_TOKEN_MESSAGE);
    }
  }
  const requireUser: onRequestAsyncHookHandler = async (request) =>
    authenticate(request, true, false);
  const requireFreshUser: onRequestAsyncHookHandler = async (request) =>
    authenticate(request, true, true);
  const optionalUser: onRequestAsyncHookHandler = async (request) =>
    authenticate(request, false, false);
  /** A scope's hook: a signed-in user, checked for revocation where the route asks for it. */
  const signedIn: onRequestAsyncHookHandler = async (request) =>
    authenticate(request, true, request.routeOptions.config?.freshToken === true);
  return { authenticate, requireUser, requireFreshUser, optionalUser, signedIn };
}

/**
 * Is the signed-in person's address verified? The token's claim first; a token issued before
 * they opened the link says no, so the identity provider's record is asked then.
 */
export async function hasVerifiedEmail(verifier: TokenVerifier, user: AuthUser): Promise<boolean> {
  if (user.emailVerified) return true;
  return (await verifier.lookupEmailVerified(user.uid)) === true;
}

/** Refuses (403 `email_not_verified`, with `message`) a person whose address is not verified. */
export async function requireVerifiedEmail(
  verifier: TokenVerifier,
  user: AuthUser | null,
  message: string,
): Promise<void> {
  if (user && !(await hasVerifiedEmail(verifier, user))) {
    throw new ApiError('email_not_verified', message);
  }
}
