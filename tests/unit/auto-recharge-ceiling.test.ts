import { describe, expect, it } from 'vitest';
import { checkAutoRecharge } from '../../src/pages/settings/_components/buy-credits/billing';

const values = {
  enabled: true,
  threshold: '5',
  amount: '25',
  maxRecharges: '3',
  maxAmount: '1000',
};

describe('the automatic recharge form', () => {
  it('sends the daily ceiling with auto-recharge', () => {
    expect(checkAutoRecharge({ ...values, maxRecharges: ' 2 ', maxAmount: '$1,500.50' })).toEqual({
      body: {
        auto_recharge: {
          enabled: true,
          threshold_usd: 5,
          amount_usd: 25,
          daily_ceiling: { max_recharges: 2, max_amount_usd: 1500.5 },
        },
      },
    });
  });

  it('says what is wrong with the ceiling, in the contract’s bounds', () => {
    expect(checkAutoRecharge({ ...values, maxRecharges: '0' })).toEqual({
      errors: { maxRecharges: 'Allow at least 1 recharge a day.' },
    });
    expect(checkAutoRecharge({ ...values, maxRecharges: '51' })).toEqual({
      errors: { maxRecharges: 'At most 50 recharges a day.' },
    });
    expect(checkAutoRecharge({ ...values, maxRecharges: '2.5' })).toEqual({
      errors: { maxRecharges: 'Enter a whole number, such as 3.' },
    });
    expect(checkAutoRecharge({ ...values, maxAmount: '100000.01' })).toEqual({
      errors: { maxAmount: 'The daily ceiling is at most $100,000.' },
    });
    expect(checkAutoRecharge({ ...values, maxRecharges: '', maxAmount: '1.001' })).toEqual({
      errors: {
        maxRecharges: 'Enter how many automatic recharges a day may have.',
        maxAmount: 'Enter a number of dollars, with at most 2 decimals (for example 10 or 12.50).',
      },
    });
  });
});
