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
import { maskApiKey, validateKeyName } from '@site/src/pages/settings/_components/api-keys/mask';
import { parseAmount } from '@site/src/pages/settings/_components/buy-credits/amount';
import { usd } from '@site/src/pages/settings/_components/shared/format';

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

describe('API keys', () => {
  it('masks all but the prefix and the last four characters', () => {
    expect(maskApiKey('vapi_abcdefghijklmnop1234')).toBe('vapi_••••••••1234');
    expect(maskApiKey('short')).toBe('••••••••');
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

  it('formats dollars with the decimals an amount needs', () => {
    expect(usd(25)).toBe('$25.00');
    expect(usd(-0.004)).toBe('-$0.004');
    expect(usd(1234.5)).toBe('$1,234.50');
  });
});
