import { describe, expect, it } from 'vitest';
import {
  isWebsite,
  toOrganizationBody,
  validateOrganization,
  type OrganizationValues,
} from '@site/src/components/OrganizationForm/validation';
import {
  countryName,
  countryOptions,
  stateOptions,
} from '@site/src/components/OrganizationForm/regions';
import type { CreditOrder } from '@contract';
import { ROLL_GRACE_HOURS } from '@contract';
import { defaultSampleKey, sampleKeys } from '@site/src/components/CodeSamples/useDefaultKey';
import {
  balanceTooltip,
  NEGATIVE_BALANCE_NOTE,
} from '@site/src/components/NavbarItems/CreditChip/tooltip';
import {
  capState,
  lastUsedText,
  previousSecretNote,
  ROLL_OPTIONS,
} from '@site/src/pages/settings/_components/api-keys/keys';
import { parseCap } from '@site/src/pages/settings/_components/api-keys/cap';
import { validateKeyName } from '@site/src/pages/settings/_components/api-keys/keyName';
import { parseAmount } from '@site/src/pages/settings/_components/buy-credits/amount';
import {
  isPayable,
  readProviderReturn,
  returnUrl,
} from '@site/src/pages/settings/_components/buy-credits/payment';
import { TRANSACTION_KIND_LABELS } from '@site/src/pages/settings/_components/usage/transactions';
import { usd } from '@site/src/pages/settings/_components/shared/format';
import { apiKeyFixture } from './support/apiKey';

const valid: OrganizationValues = {
  name: 'Acme Vision',
  website: 'https://acme.example',
  country: 'US',
  state: 'CA',
  gstin: '',
  address: '',
};

describe('organization form', () => {
  it('accepts a complete organization and drops empty optional fields', () => {
    expect(validateOrganization(valid)).toEqual({});
    expect(toOrganizationBody(valid)).toEqual({
      name: 'Acme Vision',
      website: 'https://acme.example',
      country: 'US',
      state: 'CA',
    });
  });

  it('sends GSTIN upper-cased and the address when filled', () => {
    const body = toOrganizationBody({
      ...valid,
      country: 'IN',
      state: 'Karnataka',
      gstin: '22aaaaa0000a1z5',
      address: ' 1 MG Road ',
    });
    expect(body).toMatchObject({ gstin: '22AAAAA0000A1Z5', address: '1 MG Road' });
  });

  it('rejects a malformed GSTIN', () => {
    expect(validateOrganization({ ...valid, gstin: '22AAAAA0000A1X5' }).gstin).toMatch(
      /valid 15-character GSTIN/,
    );
    expect(validateOrganization({ ...valid, gstin: '123' }).gstin).toBeDefined();
    expect(validateOrganization({ ...valid, gstin: '27ABCDE1234F1Z5' }).gstin).toBeUndefined();
  });

  it('requires a web address for the website', () => {
    for (const bad of [
      'not a site',
      'acme',
      'ftp://acme.example',
      'https://',
      'http://acme.example:8080',
      'javascript:alert(1)',
    ])
      expect(isWebsite(bad), bad).toBe(false);
    for (const good of ['acme.example', 'https://www.acme.co.uk/path?q=1', 'http://a-b.io'])
      expect(isWebsite(good), good).toBe(true);
    expect(validateOrganization({ ...valid, website: 'acme' }).website).toMatch(
      /valid web address/,
    );
  });

  it('requires name, country and state', () => {
    const errors = validateOrganization({ ...valid, name: ' ', country: '', state: '' });
    expect(Object.keys(errors).sort()).toEqual(['country', 'name', 'state']);
  });

  it("requires a state only where the country's addresses have one", () => {
    expect(validateOrganization({ ...valid, country: 'SG', state: '' })).toEqual({});
    expect(validateOrganization({ ...valid, country: 'DE', state: '' })).toEqual({});
    expect(Object.keys(validateOrganization({ ...valid, country: 'US', state: '' }))).toEqual([
      'state',
    ]);
  });

  it('lists countries by name and states for the US and India', () => {
    const countries = countryOptions();
    expect(countries.length).toBeGreaterThan(200);
    expect(countries.find((c) => c.value === 'IN')?.label).toBe('India');
    expect(countries.some((c) => c.value === 'ZZ' || c.value === 'EU' || c.value === 'XA')).toBe(
      false,
    );
    expect(countryName('US')).toBe('United States');
    expect(stateOptions('US')?.find((s) => s.value === 'CA')?.label).toBe('California');
    expect(stateOptions('IN')?.some((s) => s.value === 'Karnataka')).toBe(true);
    expect(stateOptions('FR')).toBeNull();
  });
});

const apiKey = apiKeyFixture;

describe('API keys', () => {
  it('offers every grace period the backend accepts for a roll, in order, with a label', () => {
    expect(ROLL_OPTIONS.map((o) => o.hours)).toEqual([...ROLL_GRACE_HOURS]);
    expect(ROLL_OPTIONS.map((o) => o.label)).toEqual([
      'Now',
      'In 1 hour',
      'In 24 hours',
      'In 3 days',
      'In 7 days',
    ]);
  });

  it("says until when a rolled key's previous secret works, only while it does", () => {
    const now = new Date('2025-03-10T12:00:00.000Z');
    expect(previousSecretNote(apiKey({}), now)).toBeNull();
    expect(
      previousSecretNote(apiKey({ previous_secret_expires_at: '2025-03-10T11:59:59.000Z' }), now),
    ).toBeNull();
    expect(
      previousSecretNote(apiKey({ previous_secret_expires_at: '2025-03-11T12:00:00.000Z' }), now),
    ).toMatch(/^Previous secret works until Mar 11, 2025, \d{1,2}:\d{2} (AM|PM) \S+$/);
  });

  it('shows when a key was last used, or Never', () => {
    expect(lastUsedText(apiKey({}))).toBe('Never');
    expect(lastUsedText(apiKey({ last_used_at: '2025-03-10T12:00:00.000Z' }))).toMatch(
      /^Mar 10, 2025, \d{1,2}:\d{2} (AM|PM) \S+$/,
    );
  });

  it('compares the spend this month with the cap', () => {
    expect(capState(apiKey({ month_to_date_usd: 3 }))).toEqual({ kind: 'none' });
    expect(capState(apiKey({ monthly_cap_usd: 10, month_to_date_usd: 2.5 }))).toEqual({
      kind: 'under',
      cap: 10,
      ratio: 0.25,
    });
    expect(capState(apiKey({ monthly_cap_usd: 0.02, month_to_date_usd: 0.02 }))).toEqual({
      kind: 'reached',
      cap: 0.02,
      ratio: 1,
    });
    // A cap of zero stops every call.
    expect(capState(apiKey({ monthly_cap_usd: 0, month_to_date_usd: 0 }))).toMatchObject({
      kind: 'reached',
      ratio: 1,
    });
  });

  it('accepts a cap of $0 to $1,000,000 with at most 2 decimals, as the contract does', () => {
    expect(parseCap('50')).toEqual({ value: 50 });
    expect(parseCap('$1,000,000')).toEqual({ value: 1_000_000 });
    expect(parseCap('0')).toEqual({ value: 0 });
    expect(parseCap('12.50')).toEqual({ value: 12.5 });
    expect(parseCap('')).toEqual({ error: 'Enter a monthly cap in USD.' });
    expect(parseCap('-1')).toEqual({ error: 'The cap cannot be negative.' });
    expect(parseCap('1000000.01')).toEqual({
      error: 'The largest cap is $1,000,000 a month.',
    });
    expect(parseCap('1.234')).toEqual({
      error: 'Enter a number of dollars, with at most 2 decimals (for example 50 or 12.50).',
    });
    expect(parseCap('ten')).toHaveProperty('error');
  });

  it('code samples carry a test key, never the in-browser key; live keys keep a placeholder', () => {
    expect(sampleKeys([])).toEqual([]);
    const keys = sampleKeys([
      apiKey({ id: 'ui', name: 'Playground key', used_for_ui: true, key: 'va_live_browser' }),
      apiKey({ id: 'live', name: 'Server', mode: 'live', is_default: true }),
      apiKey({ id: 'off', name: 'Paused', mode: 'test', key: 'va_test_off', disabled: true }),
      apiKey({ id: 'test', name: 'Test key', mode: 'test', key: 'va_test_secret' }),
    ]);
    // The in-browser key answers the site's origins only; a disabled key answers nothing.
    expect(keys.map((key) => key.id)).toEqual(['test', 'live']);
    expect(defaultSampleKey(keys)).toMatchObject({ name: 'Test key', secret: 'va_test_secret' });
    expect(keys[1]).toMatchObject({ name: 'Server', secret: null });
    // Without a readable test key there is no default: the bar offers "Create a test key".
    expect(defaultSampleKey(sampleKeys([apiKey({ name: 'Server', mode: 'live' })]))).toBeNull();
  });

  it('wants a name of 1 to 64 characters', () => {
    expect(validateKeyName('')).toMatch(/Enter a name/);
    expect(validateKeyName('   ')).toMatch(/Enter a name/);
    expect(validateKeyName('x'.repeat(65))).toMatch(/at most 64/);
    expect(validateKeyName('Production')).toBeNull();
  });
});

describe('purchase amount', () => {
  it('accepts $5 to $10,000 with at most 2 decimals', () => {
    expect(parseAmount('5')).toEqual({ value: 5 });
    expect(parseAmount('$10,000')).toEqual({ value: 10000 });
    expect(parseAmount('25.50')).toEqual({ value: 25.5 });
  });

  it('explains what is wrong', () => {
    expect(parseAmount('4.99')).toEqual({ error: 'The minimum purchase is $5.' });
    expect(parseAmount('10000.01')).toEqual({ error: 'The maximum purchase is $10,000.' });
    expect(parseAmount('')).toEqual({ error: 'Enter an amount in USD.' });
    expect(parseAmount('12.345')).toHaveProperty('error');
    expect(parseAmount('-5')).toHaveProperty('error');
    expect(parseAmount('abc')).toHaveProperty('error');
  });

  it('reuses an unpaid order only while it can still be paid', () => {
    const now = Date.parse('2025-03-10T12:00:00.000Z');
    const order = (over: Partial<CreditOrder>): CreditOrder => ({
      order_id: 'ord_1',
      amount_usd: 25,
      currency: 'USD',
      status: 'requires_payment',
      provider: 'sandbox',
      client_secret: null,
      created_at: '2025-03-10T11:30:00.000Z',
      expires_at: '2025-03-10T12:30:00.000Z',
      payment: null,
      ...over,
    });
    expect(isPayable(order({}), now)).toBe(true);
    expect(isPayable(order({ status: 'failed' }), now)).toBe(true);
    expect(isPayable(order({ expires_at: '2025-03-10T12:00:30.000Z' }), now)).toBe(false);
    for (const status of ['processing', 'succeeded', 'expired'] as const)
      expect(isPayable(order({ status }), now), status).toBe(false);
    expect(isPayable(order({ provider: 'stripe', client_secret: 'pi_1_secret_2' }), now)).toBe(
      true,
    );
    expect(isPayable(order({ provider: 'stripe' }), now)).toBe(false);
    expect(isPayable(order({ provider: 'stripe', status: 'failed' }), now)).toBe(false);
  });

  it("comes back from the provider's redirect to the order it names", () => {
    const url = returnUrl('ord_1', {
      origin: 'https://docs.example',
      pathname: '/settings/buy-credits/',
    });
    expect(url).toBe('https://docs.example/settings/buy-credits/?order=ord_1');
    expect(readProviderReturn('')).toBeNull();
    expect(
      readProviderReturn('?order=ord_1&payment_intent=pi_1&redirect_status=succeeded'),
    ).toEqual({ orderId: 'ord_1', failed: false });
    expect(readProviderReturn('?order=ord_1&redirect_status=failed')).toEqual({
      orderId: 'ord_1',
      failed: true,
    });
  });

  it('formats dollars with the decimals an amount needs', () => {
    expect(usd(25)).toBe('$25.00');
    expect(usd(-0.004)).toBe('-$0.004');
    expect(usd(1234.5)).toBe('$1,234.50');
  });
});

describe('refunds and disputes', () => {
  it('name every kind of transaction', () => {
    expect(TRANSACTION_KIND_LABELS).toEqual({
      usage: 'Usage',
      purchase: 'Purchase',
      refund: 'Refund',
      dispute: 'Card dispute',
      dispute_won: 'Dispute won',
    });
  });

  it("keep the spec's tooltip and add the negative-balance note after it", () => {
    expect(balanceTooltip(-3.5)).toBe('Balance: -3.5 - Click to buy more credits');
    expect(balanceTooltip(25)).toBe('Balance: 25 - Click to buy more credits');
    expect(NEGATIVE_BALANCE_NOTE).toMatch(/negative after a refund or dispute/);
    expect(NEGATIVE_BALANCE_NOTE).toMatch(/paused until you top up/);
  });
});
