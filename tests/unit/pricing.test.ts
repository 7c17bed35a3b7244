import { afterEach, describe, expect, it, vi } from 'vitest';
import { estimateUsd, formatUsd, parseCalls } from '@site/src/pages/_components/pricing/estimate';

describe('cost estimator', () => {
  it('multiplies exactly in micro-dollars', () => {
    expect(estimateUsd(0.004, 1000)).toBe(4);
    expect(estimateUsd(0.003, 3)).toBe(0.009);
    expect(estimateUsd(0.006, 0)).toBe(0);
    expect(formatUsd(estimateUsd(0.004, 12345))).toBe('$49.38');
    expect(formatUsd(0.004)).toBe('$0.004');
  });

  it('reads whole numbers of calls only', () => {
    expect(parseCalls('10,000')).toBe(10000);
    expect(parseCalls('1.5')).toBeNull();
    expect(parseCalls('-3')).toBeNull();
    expect(parseCalls('2000000000')).toBeNull();
  });
});

describe('pricing store', () => {
  afterEach(() => vi.resetModules());

  it('loads once, whoever asks, and reports the catalogue message on failure', async () => {
    const getPublicPricing = vi.fn(async () => ({
      error_message: 'Unable to fetch pricing, Refresh the page and try again!',
    }));
    vi.doMock('@site/src/api/public', () => ({ publicApi: { getPublicPricing } }));
    const store = await import('@site/src/pricing/store');
    await Promise.all([store.startPricing(), store.startPricing()]);
    await store.startPricing();
    expect(getPublicPricing).toHaveBeenCalledTimes(1);
    expect(store.getPricingState()).toEqual({
      kind: 'failed',
      message: 'Unable to fetch pricing, Refresh the page and try again!',
    });
  });

  it('notifies subscribers when the prices arrive', async () => {
    const pricing = { currency: 'USD', deployments: [], coming_soon: [] };
    vi.doMock('@site/src/api/public', () => ({
      publicApi: { getPublicPricing: async () => ({ data: pricing }) },
    }));
    const store = await import('@site/src/pricing/store');
    const listener = vi.fn();
    store.subscribePricing(listener);
    expect(store.getPricingState()).toEqual({ kind: 'loading' });
    await store.startPricing();
    expect(listener).toHaveBeenCalled();
    expect(store.getPricingState()).toEqual({ kind: 'ready', pricing });
  });
});
