/**
 * Exposes the sign-in state ({ status, user }) to the whole site. Mounted
 * once in src/theme/Root.tsx. Server render and hydration always see
 * 'unknown'; the real state is read after mount, in a transition (hydratedStore.ts).
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useHydratedSyncExternalStore } from '@site/src/browser/hydratedStore';
import {
  getAuthState,
  startAuthState,
  subscribeAuthState,
  UNKNOWN_AUTH_STATE,
  type AuthState,
} from './session';

const AuthContext = createContext<AuthState | null>(null);

const getServerState = (): AuthState => UNKNOWN_AUTH_STATE;

export default function AuthProvider({ children }: { children: ReactNode }): ReactNode {
  const state = useHydratedSyncExternalStore(subscribeAuthState, getAuthState, getServerState);
  useEffect(() => startAuthState(), []);
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

/** The sign-in state: 'unknown' until known, then 'signedIn' (with user) or 'signedOut'. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider> (src/theme/Root.tsx).');
  return state;
}
