import { describe, expect, it } from 'vitest';
import { CONSENT_VALIDITY_MS } from '../../src/consent/constants';
import { CONSENT_UNSET_CLASS, EARLY_BANNER_SCRIPT } from '../../src/consent/earlyBanner';
import { parseConsent } from '../../src/consent/store';

/** Runs the inline head script against a stored value; true when it marks the banner shown. */
function marksUnset(stored: string | null, options: { throws?: boolean } = {}): boolean {
  const classes = new Set<string>();
  const localStorage = {
    getItem: () => {
      if (options.throws) throw new Error('SecurityError');
      return stored;
    },
  };
  const document = { documentElement: { classList: { add: (c: string) => classes.add(c) } } };
  new Function('localStorage', 'document', EARLY_BANNER_SCRIPT)(localStorage, document);
  return classes.has(CONSENT_UNSET_CLASS);
}

const day = 24 * 60 * 60 * 1000;
const consent = (fields: Record<string, unknown>) =>
  JSON.stringify({
    essential: true,
    analytics: false,
    marketing: false,
    calendly: true,
    ...fields,
  });

describe('the early cookie-banner script', () => {
  it('shows the banner when nothing, garbage, an expired or a broken consent is stored', () => {
    const unset = [
      null,
      '',
      '{not json',
      'null',
      '"accepted"',
      '[1,2,3]',
      '42',
      consent({ consentDate: new Date(Date.now() - CONSENT_VALIDITY_MS - day).toISOString() }),
      consent({ consentDate: 'yesterday-ish' }),
      consent({ consentDate: undefined }),
      consent({ essential: false, consentDate: new Date().toISOString() }),
    ];
    for (const stored of unset) {
      expect(parseConsent(stored), String(stored)).toBeNull();
      expect(marksUnset(stored), String(stored)).toBe(true);
    }
  });

  it('shows it when storage cannot be read (the store then keeps consent in memory, unset)', () => {
    expect(marksUnset(null, { throws: true })).toBe(true);
  });

  it('never shows it for a consent the store accepts, so a returning visitor sees no flash', () => {
    const valid = [
      consent({ consentDate: new Date().toISOString() }),
      consent({ consentDate: new Date(Date.now() - CONSENT_VALIDITY_MS + day).toISOString() }),
      consent({ consentDate: Date.now() - 10 * day }),
      consent({ analytics: true, marketing: true, consentDate: new Date().toISOString() }),
    ];
    for (const stored of valid) {
      expect(parseConsent(stored), stored).not.toBeNull();
      expect(marksUnset(stored), stored).toBe(false);
    }
  });
});
