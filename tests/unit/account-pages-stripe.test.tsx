// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreditOrder } from '@site/src/api/contract';

const loadStripe = vi.fn();
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }));

const order: CreditOrder = {
  order_id: 'ord_1',
  amount_usd: 25,
  currency: 'USD',
  status: 'requires_payment',
  provider: 'stripe',
  client_secret: 'pi_123_secret_456',
  created_at: '2025-03-10T12:00:00.000Z',
};

describe('Stripe payment step', () => {
  afterEach(() => cleanup());

  it(
    'says so when Stripe.js cannot load, and keeps the page usable',
    { timeout: 20_000 },
    async () => {
      loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
      const { default: StripePayment, STRIPE_LOAD_FAILED } =
        await import('@site/src/pages/settings/_components/buy-credits/StripePayment');
      const onCancel = vi.fn();
      render(
        <StripePayment
          publishableKey="pk_test_123"
          order={order}
          onDone={vi.fn()}
          onCancel={onCancel}
        />,
      );
      expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveProperty(
        'textContent',
        expect.stringContaining(STRIPE_LOAD_FAILED),
      );
      expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
      expect(screen.getByRole('button', { name: 'Pay $25.00' })).toHaveProperty('disabled', true);
      const cancel = screen.getByRole('button', { name: 'Cancel' });
      expect(cancel).toHaveProperty('disabled', false);
      cancel.click();
      expect(onCancel).toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
  );

  it('mounts the Payment Element with the order client secret', { timeout: 20_000 }, async () => {
    const mount = vi.fn();
    const create = vi.fn(() => ({ mount }));
    const elements = vi.fn(() => ({ create }));
    loadStripe.mockResolvedValue({ elements, confirmPayment: vi.fn() });
    const { default: StripePayment } =
      await import('@site/src/pages/settings/_components/buy-credits/StripePayment');
    render(
      <StripePayment
        publishableKey="pk_test_123"
        order={order}
        onDone={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    await vi.waitFor(() => expect(mount).toHaveBeenCalled(), { timeout: 15_000 });
    expect(elements).toHaveBeenCalledWith({ clientSecret: 'pi_123_secret_456' });
    expect(create).toHaveBeenCalledWith('payment');
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pay $25.00' })).toHaveProperty('disabled', false),
    );
  });
});
