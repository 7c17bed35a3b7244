/**
 * The sign-in state of this tab, outside React: one store that the provider,
 * the navbar items and the API client read. It never imports the identity SDK
 * statically; `loadIdentity()` fetches it on demand.
 */
import type { User } from 'firebase/auth';
import { hasSessionMarker, SESSION_MARKER_KEY, setSessionMarker } from './marker';

import type * as FirebaseIdentity from './firebase';
import type * as GoogleIdentity from './google';

type IdentityModule = typeof FirebaseIdentity;
type GoogleModule = typeof GoogleIdentity;

export type AuthStatus = 'unknown' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
}

export const UNKNOWN_AUTH_STATE: AuthState = Object.freeze({ status: 'unknown', user: null });
const SIGNED_OUT: AuthState = Object.freeze({ status: 'signedOut', user: null });

let state: AuthState = UNKNOWN_AUTH_STATE;
const listeners = new Set<() => void>();
let identity: Promise<IdentityModule> | null = null;
let started = false;

function setState(next: AuthState): void {
  if (next.status === state.status && next.user === state.user) return;
  state = next;
  listeners.forEach((listener) => listener());
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuthState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Downloads and initialises the identity SDK once; the state then follows its listener. */
export function loadIdentity(): Promise<IdentityModule> {
  if (typeof window === 'undefined')
    return Promise.reject(new Error('The identity SDK runs in the browser only.'));
  if (!identity) {
    identity = import(/* webpackChunkName: "identity" */ './firebase').then((mod) => {
      mod.onUserChanged((user) => {
        setSessionMarker(Boolean(user));
        setState(user ? { status: 'signedIn', user } : SIGNED_OUT);
      });
      return mod;
    });
    identity.catch(() => {
      // The chunk failed to load (offline, new deploy): allow a retry and stop waiting.
      identity = null;
      if (state.status === 'unknown') setState(SIGNED_OUT);
    });
  }
  return identity;
}

export function loadGoogleSignIn(): Promise<GoogleModule> {
  return import(/* webpackChunkName: "identity-google" */ './google');
}

/**
 * Called once by the provider after mount. Without the session marker the visitor is
 * signed out and nothing is downloaded; with it, the SDK is loaded and answers.
 */
export function startAuthState(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  if (hasSessionMarker()) void loadIdentity();
  else setState(SIGNED_OUT);
  // Signed in from another tab: load the SDK here too (it then syncs through storage itself).
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_MARKER_KEY && event.newValue === '1') void loadIdentity();
  });
}

/** The user once known; loads the SDK when a session may exist. */
export function currentUser(options: { load: boolean }): User | null {
  if (options.load && typeof window !== 'undefined') void loadIdentity().catch(() => undefined);
  return state.user;
}

export async function signOutEverywhere(): Promise<void> {
  const mod = await loadIdentity();
  await mod.signOutUser();
  setSessionMarker(false);
}

/** Test hook: forget everything (unit tests only). */
export function resetAuthStateForTests(next: AuthState = UNKNOWN_AUTH_STATE): void {
  state = next;
  started = false;
  identity = null;
  listeners.forEach((listener) => listener());
}
