// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreditOrder } from '@contract';
import PurchaseStatus from '@site/src/pages/settings/_components/buy-credits/PurchaseStatus';
import type { Fulfilment } from '@site/src/pages/settings/_components/buy-credits/useOrderFulfilment';

const order: CreditOrder = {
  order_id: 'ord_1',
  amount_usd: 25,
  currency: 'USD',
  status: 'processing',
  provider: 'sandbox',
  client_secret: null,
  created_at: '2025-03-10T12:00:00.000Z',
  expires_at: '2025-03-10T13:00:00.000Z',
  payment: null,
};

function show(fulfilment: Fulfilment) {
  const handlers = { onBuyMore: vi.fn(), onRetry: vi.fn(), onCheckAgain: vi.fn() };
  const view = render(<PurchaseStatus fulfilment={fulfilment} {...handlers} />);
  return { ...handlers, ...view };
}

describe('purchase status', () => {
  afterEach(() => cleanup());

  it('keeps an empty polite live region in the page before anything happens', () => {
    show({ kind: 'idle' });
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('says the payment is being processed, and nothing about credits, until it is fulfilled', () => {
    const { rerender } = show({ kind: 'processing', order });
    const region = screen.getByRole('status');
    expect(region.textContent).toContain('Your payment of $25.00 is being processed.');
    expect(region.textContent).not.toMatch(/were added|Payment received/);
    expect(screen.queryAllByRole('button')).toHaveLength(0);

    rerender(
      <PurchaseStatus
        fulfilment={{ kind: 'succeeded', order: { ...order, status: 'succeeded' } }}
        onBuyMore={vi.fn()}
        onRetry={vi.fn()}
        onCheckAgain={vi.fn()}
      />,
    );
    // The same region (announced politely), now with the credit.
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe(
      'Payment received: $25.00 of credits were added to your wallet.',
    );
    expect(screen.getByRole('button', { name: 'Buy more credits' })).toBeTruthy();
  });

  it('after a minute without fulfilment, says it is still processing and offers to check again', () => {
    const { onCheckAgain } = show({ kind: 'timeout', order });
    expect(screen.getByRole('status').textContent).toContain(
      'Your payment of $25.00 is still being processed. The credits will appear in your wallet',
    );
    screen.getByRole('button', { name: 'Check again' }).click();
    expect(onCheckAgain).toHaveBeenCalled();
  });

  it('shows a failure as an alert, with a way to try again', () => {
    const { onRetry } = show({
      kind: 'failed',
      order: null,
      message: 'The payment was declined. No credits were added.',
    });
    expect(screen.getByRole('alert').textContent).toContain(
      'Payment failed: The payment was declined. No credits were added.',
    );
    expect(screen.getByRole('status').textContent).toBe('');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalled();
  });
});
