/**
 * A small flag in localStorage that says "a session existed when this tab last
 * looked". Without it, a visitor is known to be signed out right after mount
 * and the identity SDK is never downloaded (ARCHITECTURE.md, data flow 1).
 * The SDK keeps the real session; this flag is only a hint and is corrected
 * as soon as the SDK answers.
 */
export const SESSION_MARKER_KEY = 'visionapi:session';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings); behave as if there is no marker.
    return null;
  }
}

export function hasSessionMarker(): boolean {
  return storage()?.getItem(SESSION_MARKER_KEY) === '1';
}

export function setSessionMarker(present: boolean): void {
  const store = storage();
  if (!store) return;
  try {
    if (present) store.setItem(SESSION_MARKER_KEY, '1');
    else store.removeItem(SESSION_MARKER_KEY);
  } catch {
    // Quota or privacy mode: the marker is an optimisation, never a requirement.
  }
}
