/**
 * Bearer-token authentication for /v1. `requireUser` rejects a request
 * without a valid Firebase ID token (401); `optionalUser` accepts none but
 * still rejects a token that is present and invalid.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AuthUser, TokenVerifier } from '../auth/firebase';
import { unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const MISSING_TOKEN_MESSAGE =
  'Sign in required: send the Firebase ID token as "Authorization: Bearer <token>".';
export const INVALID_TOKEN_MESSAGE = 'The ID token is invalid or expired. Sign in again.';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized(INVALID_TOKEN_MESSAGE);
  return match[1]!;
}

export function authHooks(verifier: TokenVerifier) {
  async function authenticate(request: FastifyRequest, required: boolean): Promise<void> {
    const token = bearerToken(request);
    if (!token) {
      if (required) throw unauthorized(MISSING_TOKEN_MESSAGE);
      request.user = null;
      return;
    }
    try {
      request.user = await verifier.verifyIdToken(token);
    } catch (error) {
      request.log.debug({ err: error }, 'ID token rejected');
      throw unauthorized(INVALID_TOKEN_MESSAGE);
    }
  }
  const requireUser: onRequestAsyncHookHandler = async (request) => authenticate(request, true);
  const optionalUser: onRequestAsyncHookHandler = async (request) => authenticate(request, false);
  return { requireUser, optionalUser };
}
