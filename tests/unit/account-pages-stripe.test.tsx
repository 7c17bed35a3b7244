// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreditOrder } from '@contract';

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
  expires_at: '2025-03-10T13:00:00.000Z',
  payment: null,
};

/** What Stripe.js would give, as far as the page and Stripe's React library use it. */
function fakeStripe(over: { elements: unknown; confirmPayment: unknown }) {
  // @stripe/react-stripe-js checks an instance is Stripe's by these methods.
  return {
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    ...over,
  };
}

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
          onConfirmed={vi.fn()}
          onFailed={vi.fn()}
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
    loadStripe.mockResolvedValue(fakeStripe({ elements, confirmPayment: vi.fn() }));
    const { default: StripePayment } =
      await import('@site/src/pages/settings/_components/buy-credits/StripePayment');
    render(
      <StripePayment
        publishableKey="pk_test_123"
        order={order}
        onConfirmed={vi.fn()}
        onFailed={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    await vi.waitFor(() => expect(mount).toHaveBeenCalled(), { timeout: 15_000 });
    expect(elements).toHaveBeenCalledWith({ clientSecret: 'pi_123_secret_456' });
    // <PaymentElement> passes its (empty) options along.
    expect(create).toHaveBeenCalledWith('payment', {});
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pay $25.00' })).toHaveProperty('disabled', false),
    );
  });

  it(
    'hands the order over to be followed once Stripe confirms, coming back to it after a redirect',
    { timeout: 20_000 },
    async () => {
      const confirmPayment = vi.fn(async () => ({}));
      const elements = vi.fn(() => ({ create: () => ({ mount: vi.fn() }) }));
      loadStripe.mockResolvedValue(fakeStripe({ elements, confirmPayment }));
      const { default: StripePayment } =
        await import('@site/src/pages/settings/_components/buy-credits/StripePayment');
      const onConfirmed = vi.fn();
      const onFailed = vi.fn();
      render(
        <StripePayment
          publishableKey="pk_test_123"
          order={order}
          onConfirmed={onConfirmed}
          onFailed={onFailed}
          onCancel={vi.fn()}
        />,
      );
      const pay = screen.getByRole('button', { name: 'Pay $25.00' });
      await vi.waitFor(() => expect(pay).toHaveProperty('disabled', false), { timeout: 15_000 });
      pay.click();
      // Stripe's "confirmed" is not the wallet's: the page is told to follow the order.
      await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledWith(order));
      expect(onFailed).not.toHaveBeenCalled();
      expect(confirmPayment).toHaveBeenCalledWith(
        expect.objectContaining({
          redirect: 'if_required',
          confirmParams: { return_url: `${window.location.origin}/?order=ord_1` },
        }),
      );
    },
  );

  it("reports a declined card with Stripe's message", { timeout: 20_000 }, async () => {
    const confirmPayment = vi.fn(async () => ({ error: { message: 'Your card was declined.' } }));
    const elements = vi.fn(() => ({ create: () => ({ mount: vi.fn() }) }));
    loadStripe.mockResolvedValue(fakeStripe({ elements, confirmPayment }));
    const { default: StripePayment } =
      await import('@site/src/pages/settings/_components/buy-credits/StripePayment');
    const onConfirmed = vi.fn();
    const onFailed = vi.fn();
    render(
      <StripePayment
        publishableKey="pk_test_123"
        order={order}
        onConfirmed={onConfirmed}
        onFailed={onFailed}
        onCancel={vi.fn()}
      />,
    );
    const pay = screen.getByRole('button', { name: 'Pay $25.00' });
    await vi.waitFor(() => expect(pay).toHaveProperty('disabled', false), { timeout: 15_000 });
    pay.click();
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledWith('Your card was declined.'));
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
  });
});
