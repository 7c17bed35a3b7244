/**
 * The identity SDK, initialised once, in the browser only. This module is
 * imported dynamically (see session.ts) so that its code lives in its own
 * chunk, fetched only when a session may exist, on auth/account pages, or
 * when a call needs a user.
 *
 * Token refresh, retry back-off and sign-out on `user-disabled` /
 * `user-token-expired` are the SDK's own behaviour; nothing here
 * reimplements them (see enableProactiveTokenRefresh).
 */
import * as firebaseApp from 'firebase/app';
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  applyActionCode,
  checkActionCode,
  browserLocalPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  initializeAuth,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  validatePassword,
  verifyPasswordResetCode,
  type Auth,
  type User,
} from 'firebase/auth';
import { getSiteConfig } from '@site/src/config';

function createAuth(): Auth {
  const { firebase } = getSiteConfig();
  const app: FirebaseApp = getApps().length
    ? getApp()
    : initializeApp({
        apiKey: firebase.apiKey,
        authDomain: firebase.authDomain,
        projectId: firebase.projectId,
        ...(firebase.appId ? { appId: firebase.appId } : {}),
      });
  // Only local persistence: `getAuth` would also bundle IndexedDB/session persistence and the
  // popup resolver (firebase-js-sdk#6502). The popup resolver is added per call in google.ts.
  const instance = initializeAuth(app, { persistence: browserLocalPersistence });
  if (firebase.authEmulatorHost) {
    // Must run right after initialisation, before anything awaits (firebase-js-sdk#8347).
    connectAuthEmulator(instance, `http://${firebase.authEmulatorHost}`, { disableWarnings: true });
  }
  enableProactiveTokenRefresh(app);
  return instance;
}

/**
 * The modular SDK refreshes the ID token about 5 minutes before it expires, backing off
 * from 30 s to 16 min on errors, only while an internal token listener is registered (other
 * Firebase products register one). Registering a no-op listener through the SDK's own
 * interop switches that schedule on; without it `getIdToken()` still refreshes lazily.
 */
function enableProactiveTokenRefresh(app: FirebaseApp): void {
  // `_getProvider` is exported by firebase/app at runtime but left out of its public types.
  const { _getProvider } = firebaseApp as unknown as {
    _getProvider?: (
      app: FirebaseApp,
      name: string,
    ) => { getImmediate(options: { optional: true }): unknown };
  };
  try {
    const interop = _getProvider?.(app, 'auth-internal').getImmediate({ optional: true }) as {
      addAuthTokenListener?: (listener: (token: string | null) => void) => void;
    } | null;
    interop?.addAuthTokenListener?.(() => undefined);
  } catch {
    // Not fatal: tokens are still refreshed on demand by getIdToken().
  }
}

export const auth: Auth = createAuth();

export function onUserChanged(listener: (user: User | null) => void): () => void {
  return onAuthStateChanged(auth, listener);
}

export async function signInWithPassword(email: string, password: string): Promise<User> {
  const credential = await signInWithEmailAndPassword(auth, email, password);
  return credential.user;
}

/** Creates the account, then sends the verification e-mail. */
export async function signUpWithPassword(email: string, password: string): Promise<User> {
  const credential = await createUserWithEmailAndPassword(auth, email, password);
  await sendEmailVerification(credential.user);
  return credential.user;
}

export async function resendVerificationEmail(): Promise<void> {
  if (auth.currentUser) await sendEmailVerification(auth.currentUser);
}

/** Reloads the current user from the server; true when the e-mail is now verified. */
export async function refreshEmailVerified(): Promise<boolean> {
  const user = auth.currentUser;
  if (!user) return false;
  await user.reload();
  if (user.emailVerified) await user.getIdToken(true);
  return user.emailVerified;
}

export async function applyEmailActionCode(code: string): Promise<void> {
  await applyActionCode(auth, code);
}

/**
 * Undoes a change of the sign-in address (the "recover e-mail" link sent to the old address);
 * returns the address restored.
 */
export async function recoverEmail(code: string): Promise<string | null> {
  const info = await checkActionCode(auth, code);
  await applyActionCode(auth, code);
  return info.data.email ?? null;
}

export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(auth, email);
}

export async function checkResetCode(code: string): Promise<string> {
  return verifyPasswordResetCode(auth, code);
}

export async function resetPassword(code: string, newPassword: string): Promise<void> {
  await confirmPasswordReset(auth, code, newPassword);
}

export interface PasswordCheck {
  valid: boolean;
  /** Unmet requirements in words, e.g. "at least 8 characters". */
  unmet: string[];
}

/**
 * Checks a password against the project's password policy when the server supplies one.
 * Returns null when no policy is available (the caller then applies the 6-character minimum).
 */
export async function checkPasswordPolicy(password: string): Promise<PasswordCheck | null> {
  // The Auth emulator has no password policy endpoint (it answers 501).
  if (getSiteConfig().firebase.authEmulatorHost) return null;
  try {
    const status = await validatePassword(auth, password);
    const policy = status.passwordPolicy.customStrengthOptions;
    const unmet: string[] = [];
    if (status.meetsMinPasswordLength === false)
      unmet.push(`at least ${policy.minPasswordLength ?? 6} characters`);
    if (status.meetsMaxPasswordLength === false)
      unmet.push(`at most ${policy.maxPasswordLength} characters`);
    if (status.containsLowercaseLetter === false) unmet.push('a lowercase letter');
    if (status.containsUppercaseLetter === false) unmet.push('an uppercase letter');
    if (status.containsNumericCharacter === false) unmet.push('a number');
    if (status.containsNonAlphanumericCharacter === false) unmet.push('a symbol');
    return { valid: status.isValid, unmet };
  } catch {
    return null;
  }
}

export async function signOutUser(): Promise<void> {
  await signOut(auth);
}
