/**
 * Which organization the account calls act on (a user may belong to several): kept in this
 * browser's storage, sent as `x-organization-id` with every signed-in call (./requester.ts), and
 * followed across tabs (the storage event). No value: the server's default, the organization the
 * user last selected. No React and no dependency: the requester and the account menu share it.
 */
import { ORGANIZATION_HEADER } from '@contract/limits';

const STORAGE_KEY = 'visionapi:organization';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    // Only an id-shaped value is ever sent.
    return value && /^[0-9a-f-]{36}$/i.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function selectedOrganization(): string | null {
  return typeof window === 'undefined' ? null : read();
}

/** Remembers the organization (null: none) and tells every listener, in this tab and others. */
export function rememberOrganization(id: string | null): void {
  if (read() === id) return;
  try {
    if (id) localStorage.setItem(STORAGE_KEY, id);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: the server's default applies.
  }
  for (const listener of listeners) listener();
}

/** Called when the organization changes here or in another tab; returns the unsubscribe. */
export function onOrganizationChange(listener: () => void): () => void {
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

/** The header of a signed-in call. */
export function organizationHeaders(): Record<string, string> {
  const id = selectedOrganization();
  return id ? { [ORGANIZATION_HEADER]: id } : {};
}
