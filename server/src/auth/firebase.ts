/**
 * Verifies Firebase ID tokens with firebase-admin. Locally the Auth emulator
 * stands in for Firebase: with FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin
 * accepts the emulator's unsigned tokens (which is why production refuses it).
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

export interface TokenVerifier {
  /** Resolves the user of a valid ID token; rejects otherwise. */
  verifyIdToken(idToken: string): Promise<AuthUser>;
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
    async verifyIdToken(idToken) {
      const decoded = await auth.verifyIdToken(idToken);
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified === true,
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
