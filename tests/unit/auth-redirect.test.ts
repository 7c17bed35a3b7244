import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AFTER_SIGN_IN,
  redirectTargetFromSearch,
  safeRedirectTarget,
  signInPath,
} from '../../src/auth/redirect';

describe('safeRedirectTarget', () => {
  it('defaults to the object-detection dashboard page', () => {
    expect(DEFAULT_AFTER_SIGN_IN).toBe('/dashboard/public-deployment/object-detection/');
    expect(safeRedirectTarget(null)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeRedirectTarget('')).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it('keeps same-origin relative paths with their query and hash', () => {
    expect(safeRedirectTarget('/settings/usage/')).toBe('/settings/usage/');
    expect(safeRedirectTarget('/settings/buy-credits/?amount=25#log')).toBe(
      '/settings/buy-credits/?amount=25#log',
    );
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'settings/usage/',
    '/%0d%0a//evil.example',
    '/\tevil',
    'http:/evil.example',
  ])('refuses %s', (raw) => {
    const target = safeRedirectTarget(raw);
    expect(target.startsWith('/')).toBe(true);
    expect(target.startsWith('//')).toBe(false);
    expect(new URL(target, 'https://site.test').origin).toBe('https://site.test');
  });

  it('does not send the user back to an auth page', () => {
    expect(safeRedirectTarget('/sign-in/')).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeRedirectTarget('/sign-up')).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it('reads ?redirect= and builds sign-in links', () => {
    expect(redirectTargetFromSearch('?redirect=%2Fsettings%2Fapi-keys%2F')).toBe(
      '/settings/api-keys/',
    );
    expect(redirectTargetFromSearch('?redirect=https%3A%2F%2Fevil.example')).toBe(
      DEFAULT_AFTER_SIGN_IN,
    );
    expect(signInPath('/settings/usage/')).toBe('/sign-in/?redirect=%2Fsettings%2Fusage%2F');
    expect(signInPath()).toBe('/sign-in/');
  });
});
