// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const identity = vi.hoisted(() => ({
  loaded: 0,
  listener: null as ((user: unknown) => void) | null,
}));

vi.mock('../../src/auth/firebase', () => {
  identity.loaded++;
  return {
    onUserChanged: (listener: (user: unknown) => void) => {
      identity.listener = listener;
      return () => undefined;
    },
    signOutUser: async () => identity.listener?.(null),
  };
});

const session = await import('../../src/auth/session');
const { SESSION_MARKER_KEY } = await import('../../src/auth/marker');

describe('auth session', () => {
  beforeEach(() => {
    localStorage.clear();
    identity.loaded = 0;
    identity.listener = null;
    vi.resetModules();
    session.resetAuthStateForTests();
  });
  afterEach(() => localStorage.clear());

  it('is unknown before mount and signed out right after, without loading the SDK, when no session marker exists', async () => {
    expect(session.getAuthState().status).toBe('unknown');
    session.startAuthState();
    expect(session.getAuthState()).toEqual({ status: 'signedOut', user: null });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(identity.loaded).toBe(0);
  });

  it('loads the SDK when the marker exists and follows its listener, keeping the marker in step', async () => {
    localStorage.setItem(SESSION_MARKER_KEY, '1');
    const seen: string[] = [];
    session.subscribeAuthState(() => seen.push(session.getAuthState().status));
    session.startAuthState();
    expect(session.getAuthState().status).toBe('unknown');
    await session.loadIdentity();
    const user = { uid: 'u1', email: 'a@b.test' };
    identity.listener!(user);
    expect(session.getAuthState()).toEqual({ status: 'signedIn', user });
    identity.listener!(null);
    expect(session.getAuthState().status).toBe('signedOut');
    expect(localStorage.getItem(SESSION_MARKER_KEY)).toBeNull();
    identity.listener!(user);
    expect(localStorage.getItem(SESSION_MARKER_KEY)).toBe('1');
    expect(seen).toEqual(['signedIn', 'signedOut', 'signedIn']);
  });

  it('loads the SDK for a call that needs a user', async () => {
    session.startAuthState();
    expect(session.currentUser({ load: false })).toBeNull();
    session.currentUser({ load: true });
    await session.loadIdentity();
    expect(identity.listener).not.toBeNull();
  });

  it('signs out through the SDK and removes the marker', async () => {
    localStorage.setItem(SESSION_MARKER_KEY, '1');
    session.startAuthState();
    await session.loadIdentity();
    identity.listener!({ uid: 'u1' });
    await session.signOutEverywhere();
    expect(session.getAuthState().status).toBe('signedOut');
    expect(localStorage.getItem(SESSION_MARKER_KEY)).toBeNull();
  });
});
