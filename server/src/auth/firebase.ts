/**
 * Verifies Firebase ID tokens with firebase-admin. Locally the Auth emulator stands in for
 * Firebase: with FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin accepts the emulator's unsigned
 * tokens, which is why only local mode may set it (config.ts).
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
}

export interface VerifyOptions {
  /**
   * Also ask the identity provider whether the token was revoked (sign-out everywhere,
   * disabled user, password change): one more round trip, for the calls that move money or keys.
   */
  checkRevoked?: boolean;
}

export interface TokenVerifier {
  /** Resolves the user of a valid ID token; rejects otherwise. */
  verifyIdToken(idToken: string, options?: VerifyOptions): Promise<AuthUser>;
  /** The identity provider's current verification flag, or null when it cannot be reached. */
  lookupEmailVerified(uid: string): Promise<boolean | null>;
}

function adminApp(projectId: string): App {
  const name = `visionapi-${projectId}`;
  return getApps().find((app) => app.name === name) ?? initializeApp({ projectId }, name);
}

export function createFirebaseVerifier(projectId: string): TokenVerifier {
  const auth = getAuth(adminApp(projectId));
  return {
    async verifyIdToken(idToken, options = {}) {
      const decoded = await auth.verifyIdToken(idToken, options.checkRevoked === true);
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified === true,
        expiresAt: decoded.exp * 1000,
      };
    },
    async lookupEmailVerified(uid) {
      try {
        const user = await auth.getUser(uid);
        return user.emailVerified;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Remembers verified tokens until they expire, so a signed-in page's calls pay for the
 * signature check once (about 330 µs of CPU per call with firebase-admin, or a round trip to
 * the emulator locally). Bounded: the oldest entries go first. Calls that check revocation
 * always verify afresh.
 */
export function cachedVerifier(
  inner: TokenVerifier,
  options: { maxEntries?: number; now?: () => number } = {},
): TokenVerifier & { size(): number } {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, AuthUser>();
  // A token is trusted from the cache for at most its own lifetime, minus a safety margin.
  const MARGIN_MS = 5_000;
  return {
    async verifyIdToken(idToken, verifyOptions = {}) {
      if (!verifyOptions.checkRevoked) {
        const hit = cache.get(idToken);
        if (hit) {
          if (hit.expiresAt - MARGIN_MS > now()) return hit;
          cache.delete(idToken);
        }
      }
      const user = await inner.verifyIdToken(idToken, verifyOptions);
      if (user.expiresAt - MARGIN_MS > now()) {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
        cache.set(idToken, user);
      }
      return user;
    },
    lookupEmailVerified: (uid) => inner.lookupEmailVerified(uid),
    size: () => cache.size,
  };
}
