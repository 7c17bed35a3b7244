/**
 * The signed-in member's role in the organization their calls act on, as last read from the
 * server, kept in this browser so the settings navigation and the account menu show only the
 * pages that role can use from the first paint of the next page. A hint for the menus only: the
 * server decides every call. No React and no dependency.
 */
import type { Role } from '@contract/teams';

const STORAGE_KEY = 'visionapi:role';
const ROLE_NAMES: readonly string[] = ['owner', 'admin', 'developer', 'billing', 'viewer'];
const listeners = new Set<() => void>();

export function knownRole(): Role | null {
  if (typeof window === 'undefined') return null;
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value && ROLE_NAMES.includes(value) ? (value as Role) : null;
  } catch {
    return null;
  }
}

/** Remembers the role (null: unknown, after sign-out) and tells every listener. */
export function rememberRole(role: Role | null): void {
  if (knownRole() === role) return;
  try {
    if (role) localStorage.setItem(STORAGE_KEY, role);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: every page stays listed.
  }
  for (const listener of listeners) listener();
}

export function onRoleChange(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
