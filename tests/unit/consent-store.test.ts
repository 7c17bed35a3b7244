// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  acceptAll,
  consentExpiry,
  getConsent,
  hasConsent,
  parseConsent,
  rejectOptional,
  resetConsent,
  saveConsent,
  subscribe,
} from '../../src/consent/store';
import { CONSENT_STORAGE_KEY, CONSENT_VALIDITY_MS } from '../../src/consent/constants';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

function stored(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null');
}

describe('parseConsent', () => {
  const valid = { essential: true, analytics: true, marketing: false, calendly: true };

  it('accepts a stored consent with an ISO date or epoch milliseconds', () => {
    const iso = new Date(NOW - DAY).toISOString();
    expect(parseConsent(JSON.stringify({ ...valid, consentDate: iso }), NOW)).toEqual({
      ...valid,
      consentDate: iso,
    });
    expect(
      parseConsent(JSON.stringify({ ...valid, consentDate: NOW - DAY }), NOW)?.consentDate,
    ).toBe(iso);
  });

  it('keeps a consent for exactly 365 days (31536000000 ms) and drops it after', () => {
    expect(CONSENT_VALIDITY_MS).toBe(31536000000);
    const at = (age: number) =>
      parseConsent(JSON.stringify({ ...valid, consentDate: NOW - age }), NOW);
    expect(at(CONSENT_VALIDITY_MS)).not.toBeNull();
    expect(at(CONSENT_VALIDITY_MS + 1)).toBeNull();
    expect(at(366 * DAY)).toBeNull();
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['not JSON', '{garbage'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['an array', '[true,true]'],
    ['a foreign object', '{"theme":"dark"}'],
    ['essential false', JSON.stringify({ ...valid, essential: false, consentDate: NOW })],
    ['a string flag', JSON.stringify({ ...valid, analytics: 'yes', consentDate: NOW })],
    ['no date', JSON.stringify(valid)],
    ['an invalid date', JSON.stringify({ ...valid, consentDate: 'yesterday' })],
    ['a date far in the future', JSON.stringify({ ...valid, consentDate: NOW + 30 * DAY })],
  ])('treats %s as unset', (_name, raw) => {
    expect(parseConsent(raw, NOW)).toBeNull();
  });

  it('computes the expiry 365 days after the consent date', () => {
    expect(consentExpiry('2025-01-01T00:00:00.000Z').toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });
});

describe('consent store', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is unset on a first visit and when storage holds garbage', () => {
    expect(getConsent()).toEqual({ status: 'unset' });
    localStorage.setItem(CONSENT_STORAGE_KEY, '\u0000not json');
    expect(getConsent()).toEqual({ status: 'unset' });
    expect(hasConsent('analytics')).toBe(false);
  });

  it('Accept All stores every optional category on, with the date', () => {
    acceptAll();
    expect(stored()).toEqual({
      essential: true,
      analytics: true,
      marketing: true,
      calendly: true,
      consentDate: new Date(NOW).toISOString(),
    });
    expect(getConsent()).toMatchObject({ status: 'set', preferences: { analytics: true } });
  });

  it('Reject Optional stores every optional category off', () => {
    rejectOptional();
    expect(stored()).toMatchObject({
      essential: true,
      analytics: false,
      marketing: false,
      calendly: false,
    });
  });

  it('Save stores the switches and never grants marketing', () => {
    saveConsent({ analytics: false, calendly: true });
    expect(stored()).toMatchObject({ analytics: false, marketing: false, calendly: true });
    acceptAll();
    saveConsent({ analytics: true, calendly: false });
    expect(stored()).toMatchObject({ analytics: true, marketing: false, calendly: false });
  });

  it('reset forgets the choice', () => {
    acceptAll();
    resetConsent();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
    expect(getConsent()).toEqual({ status: 'unset' });
  });

  it('returns the same snapshot while the stored value is unchanged', () => {
    acceptAll();
    expect(getConsent()).toBe(getConsent());
  });

  it('notifies subscribers on local changes and on storage events from other tabs', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    acceptAll();
    expect(listener).toHaveBeenCalledTimes(1);

    // Another tab rejects: the browser updates storage and fires `storage` here.
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({
        essential: true,
        analytics: false,
        marketing: false,
        calendly: false,
        consentDate: NOW,
      }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_STORAGE_KEY }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(hasConsent('analytics')).toBe(false);

    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_STORAGE_KEY }));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps working in memory when localStorage refuses access', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => acceptAll()).not.toThrow();
    expect(hasConsent('calendly')).toBe(true);
    setItem.mockRestore();
    rejectOptional();
    expect(stored()).toMatchObject({ calendly: false });
  });
});
