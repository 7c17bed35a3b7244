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

  // Each of these normalises (or, once the router decodes the path, turns) into something that is
  // not a path of this site; the output must fall back to the default, not merely look relative.
  it.each([
    ['dot segment before //', '/.//evil.example'],
    ['encoded dot segment', '/%2e//evil.example'],
    ['encoded dot segment, upper case', '/%2E//evil.example'],
    ['double dot segment', '/x/..//evil.example'],
    ['encoded double dot segment', '/x/%2e%2e//evil.example'],
    ['backslash', '/\\evil.example'],
    ['encoded backslash', '/%5cevil.example'],
    ['encoded backslash, upper case', '/%5Cevil.example'],
    ['scheme-relative', '//evil.example'],
    ['tab between slashes', '/\t/evil.example'],
    ['newline between slashes', '/\n/evil.example'],
    ['encoded slashes', '/%2f%2fevil.example'],
    ['encoded slash after slash', '/%2fevil.example'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['encoded javascript: URL', 'javascript%3Aalert(1)'],
    ['javascript: URL with leading space', ' javascript:alert(1)'],
    ['JavaScript: URL in mixed case', 'JaVaScRiPt:alert(1)'],
    ['data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['encoded control character', '/%00evil'],
    ['DEL character', '/\u007fevil'],
    ['malformed escape', '/%E0%A4%A'],
  ])('falls back to the default for %s (%s)', (_name, raw) => {
    expect(safeRedirectTarget(raw)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it('reads encoded attacks out of ?redirect= the same way', () => {
    for (const raw of ['/.//evil.example', '/%2e//evil.example', '/\\evil', '/%5cevil', '//evil']) {
      expect(redirectTargetFromSearch(`?redirect=${encodeURIComponent(raw)}`)).toBe(
        DEFAULT_AFTER_SIGN_IN,
      );
    }
    // `%252e` arrives as `%2e` after the query is decoded once.
    expect(redirectTargetFromSearch('?redirect=%2F%252e%2F%2Fevil.example')).toBe(
      DEFAULT_AFTER_SIGN_IN,
    );
  });

  it('keeps good paths, normalised, with their query and hash', () => {
    expect(safeRedirectTarget('/settings/./usage/')).toBe('/settings/usage/');
    expect(safeRedirectTarget('/settings/x/../api-keys/?tab=ui#key')).toBe(
      '/settings/api-keys/?tab=ui#key',
    );
    expect(safeRedirectTarget('/dashboard/public-deployment/depth-estimation/?a=1&b=%2F%2Fx')).toBe(
      '/dashboard/public-deployment/depth-estimation/?a=1&b=%2F%2Fx',
    );
    expect(safeRedirectTarget('/pricing/#faq')).toBe('/pricing/#faq');
  });

  it('never returns anything but a same-origin path', () => {
    const inputs = [
      '/.//x',
      '/%2e//x',
      '/\\x',
      '/%5cx',
      '//x',
      '/\t/x',
      '/./%2e/.//x',
      '/%2e%2e//x',
      '/settings/usage/',
    ];
    for (const raw of inputs) {
      const target = safeRedirectTarget(raw);
      expect(target).toMatch(/^\/(?!\/)/);
      expect([...target].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20)).toBe(false);
      expect(new URL(target, 'https://site.test').origin).toBe('https://site.test');
      expect(new URL(decodeURIComponent(target), 'https://site.test').origin).toBe(
        'https://site.test',
      );
    }
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
