// @vitest-environment jsdom
/**
 * Saving a card for automatic recharges with Stripe (the Payment Element in setup mode): the
 * SetupIntent's secret reaches Stripe's Elements, confirmSetup is called, and the page waits for
 * the backend to save the card; when Stripe.js cannot load, the step says so as the purchase
 * step does.
 */
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingSettings } from '@contract';

const loadStripe = vi.fn();
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }));
const v1 = vi.fn();
vi.mock('@site/src/api', () => ({ account: { v1 } }));
// The site configuration comes from the Docusaurus build; the step is given its key.
vi.mock('@site/src/config', () => ({ getSiteConfig: () => ({ servicesBaseUrl: '' }) }));

const saved: BillingSettings = {
  auto_recharge: {
    enabled: false,
    threshold_usd: null,
    amount_usd: null,
    daily_ceiling: {
      max_recharges: 3,
      max_amount_usd: 1000,
      today: { recharges: 0, amount_usd: 0 },
    },
    last_failure: null,
  },
  payment_method: { provider: 'stripe', label: 'Visa ending 4242' },
  low_balance_alert: { threshold_usd: null, below_threshold: false },
};

/** Answers of the backend: the SetupIntent, then the settings (without, then with, the card). */
function backend(settings: BillingSettings[]) {
  const answers = [...settings];
  v1.mockImplementation(async (endpoint: string) => {
    if (endpoint === 'POST /billing/payment-method/setup')
      return { data: { provider: 'stripe', client_secret: 'seti_123_secret_456' } };
    if (endpoint === 'GET /billing/settings') return { data: answers.shift() ?? saved };
    return { error_message: `unexpected ${endpoint}` };
  });
}

/** What Stripe.js would give, as far as Stripe's React library and the step use it. */
function fakeStripe(over: { elements: unknown; confirmSetup?: unknown }) {
  return {
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmSetup: vi.fn(),
    ...over,
  };
}

async function renderSetup(props: { onSaved?: () => void; onCancel?: () => void } = {}) {
  const [{ default: StripeCardSetup }, { default: AccountData }] = await Promise.all([
    import('@site/src/pages/settings/_components/buy-credits/StripeCardSetup'),
    import('@site/src/components/AccountData'),
  ]);
  const Wrapper = ({ children }: { children: ReactNode }) => <AccountData>{children}</AccountData>;
  render(
    <StripeCardSetup
      publishableKey="pk_test_123"
      onSaved={props.onSaved ?? vi.fn()}
      onCancel={props.onCancel}
    />,
    { wrapper: Wrapper },
  );
}

describe('saving a card with Stripe', () => {
  afterEach(() => {
    cleanup();
    v1.mockReset();
    loadStripe.mockReset();
  });

  it(
    'says so when Stripe.js cannot load, offers to try again, and keeps Cancel usable',
    {
      timeout: 20_000,
    },
    async () => {
      backend([]);
      loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
      const { STRIPE_LOAD_FAILED } =
        await import('@site/src/pages/settings/_components/buy-credits/useStripeJs');
      const onCancel = vi.fn();
      await renderSetup({ onCancel });
      const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
      expect(alert.textContent).toContain(STRIPE_LOAD_FAILED);
      expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
      expect(screen.getByRole('button', { name: 'Save card' })).toHaveProperty('disabled', true);
      const cancel = screen.getByRole('button', { name: 'Cancel' });
      expect(cancel).toHaveProperty('disabled', false);
      cancel.click();
      expect(onCancel).toHaveBeenCalled();
      // The step may load again by itself once its SetupIntent arrives (a new client secret),
      // failing the same way: Try again is found once it has settled, and loads again.
      const again = await screen.findByRole('button', { name: 'Try again' }, { timeout: 15_000 });
      const before = loadStripe.mock.calls.length;
      again.click();
      await vi.waitFor(() => expect(loadStripe.mock.calls.length).toBeGreaterThan(before));
    },
  );

  it(
    'mounts the Payment Element with the SetupIntent’s secret, confirms it, and waits for the saved card',
    {
      timeout: 20_000,
    },
    async () => {
      const without: BillingSettings = { ...saved, payment_method: null };
      backend([without, saved]);
      const mount = vi.fn();
      const create = vi.fn(() => ({ mount }));
      const elements = vi.fn(() => ({ create }));
      const confirmSetup = vi.fn(async () => ({}));
      loadStripe.mockResolvedValue(fakeStripe({ elements, confirmSetup }));
      const onSaved = vi.fn();
      await renderSetup({ onSaved });

      await vi.waitFor(() => expect(mount).toHaveBeenCalled(), { timeout: 15_000 });
      expect(v1).toHaveBeenCalledWith('POST /billing/payment-method/setup');
      expect(elements).toHaveBeenCalledWith({ clientSecret: 'seti_123_secret_456' });
      expect(create).toHaveBeenCalledWith('payment', {});
      const save = screen.getByRole('button', { name: 'Save card' });
      await vi.waitFor(() => expect(save).toHaveProperty('disabled', false));
      save.click();
      await vi.waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 10_000 });
      expect(confirmSetup).toHaveBeenCalledWith(
        expect.objectContaining({ redirect: 'if_required' }),
      );
      // Saved by the backend (webhook): read until the card is there.
      expect(v1.mock.calls.filter(([e]) => e === 'GET /billing/settings')).toHaveLength(2);
    },
  );

  it(
    'shows Stripe’s message when the card is refused, and saves nothing',
    {
      timeout: 20_000,
    },
    async () => {
      backend([]);
      const confirmSetup = vi.fn(async () => ({ error: { message: 'Your card was declined.' } }));
      const elements = vi.fn(() => ({ create: () => ({ mount: vi.fn() }) }));
      loadStripe.mockResolvedValue(fakeStripe({ elements, confirmSetup }));
      const onSaved = vi.fn();
      await renderSetup({ onSaved });
      const save = await screen.findByRole('button', { name: 'Save card' }, { timeout: 15_000 });
      await vi.waitFor(() => expect(save).toHaveProperty('disabled', false), { timeout: 15_000 });
      save.click();
      expect(await screen.findByText('Your card was declined.')).toBeTruthy();
      expect(onSaved).not.toHaveBeenCalled();
      expect(v1.mock.calls.some(([e]) => e === 'GET /billing/settings')).toBe(false);
    },
  );
});
