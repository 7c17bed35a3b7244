// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearAnalyticsCookies,
  cookieDomains,
  loadAnalytics,
  unloadAnalytics,
} from '../../src/consent/analytics';

const gtagScripts = () =>
  document.querySelectorAll('script[src^="https://www.googletagmanager.com/gtag/js"]');

describe('analytics loader', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    for (const name of document.cookie.split(';').map((c) => c.split('=')[0]!.trim())) {
      if (name) document.cookie = `${name}=; max-age=0; path=/`;
    }
  });

  it('loads nothing without a measurement id', () => {
    const onEvent = vi.fn();
    window.addEventListener('enableFirebaseAnalytics', onEvent);
    loadAnalytics('', { marketing: true });
    expect(gtagScripts()).toHaveLength(0);
    expect(onEvent).not.toHaveBeenCalled();
    window.removeEventListener('enableFirebaseAnalytics', onEvent);
  });

  it('injects the gtag script once and asks Firebase Analytics to start', () => {
    const onEvent = vi.fn();
    window.addEventListener('enableFirebaseAnalytics', onEvent);
    loadAnalytics('G-TEST123', { marketing: false });
    loadAnalytics('G-TEST123', { marketing: false });
    const scripts = gtagScripts();
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).src).toBe(
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123&l=dataLayer',
    );
    expect(onEvent).toHaveBeenCalledTimes(2);
    window.removeEventListener('enableFirebaseAnalytics', onEvent);
  });

  it('removes the script, disables collection and clears analytics cookies when turned off', () => {
    loadAnalytics('G-TEST123', { marketing: true });
    document.cookie = '_ga=GA1.1.123; path=/';
    document.cookie = '_ga_TEST123=GS1.1.456; path=/';
    document.cookie = '_gid=GA1.1.789; path=/';
    document.cookie = 'session_pref=keep; path=/';
    unloadAnalytics('G-TEST123');
    expect(gtagScripts()).toHaveLength(0);
    expect((window as unknown as Record<string, unknown>)['ga-disable-G-TEST123']).toBe(true);
    expect(document.cookie).toBe('session_pref=keep');
  });

  it('expires cookies on the host and on each parent domain', () => {
    const writes: string[] = [];
    const cookie = vi.spyOn(document, 'cookie', 'get').mockReturnValue('_ga=1; other=2');
    const set = vi.spyOn(document, 'cookie', 'set').mockImplementation((v) => writes.push(v));
    clearAnalyticsCookies();
    cookie.mockRestore();
    set.mockRestore();
    expect(writes.every((w) => w.startsWith('_ga=;'))).toBe(true);
    expect(writes.some((w) => !w.includes('domain='))).toBe(true);
    expect(cookieDomains('docs.visionapi.com')).toEqual(['docs.visionapi.com', 'visionapi.com']);
    expect(cookieDomains('localhost')).toEqual(['localhost']);
    expect(cookieDomains('127.0.0.1')).toEqual([]);
  });
});
