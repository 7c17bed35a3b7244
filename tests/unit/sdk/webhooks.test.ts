/**
 * The TypeScript SDK's `unwrap`: it accepts what the server signs (signWebhook) and what the
 * independent `standardwebhooks` package signs, and refuses a changed body, another secret, a
 * timestamp more than 5 minutes away, a missing header and another version.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { unwrap, WebhookVerificationError } from '../../../packages/typescript/src/core/webhooks';
import {
  generateWebhookSecret,
  signWebhook,
  webhookBody,
} from '../../../server/src/services/webhooks';

const secret = generateWebhookSecret();
const other = generateWebhookSecret();
const id = 'evt_0123456789abcdef01234567';
const now = 1_764_201_600;
const body = webhookBody({
  type: 'payment.succeeded',
  createdAt: new Date('2026-11-27T00:00:00Z'),
  data: { amount_usd: 10, payment_id: 'p' },
});
const headers = (signature: string, timestamp = now) => ({
  'webhook-id': id,
  'webhook-timestamp': String(timestamp),
  'webhook-signature': signature,
});
const clock = { now: () => now * 1000 };

describe('unwrap', () => {
  it("verifies the server's signature and returns the event", async () => {
    const event = await unwrap(body, headers(signWebhook(secret, id, now, body)), secret, clock);
    expect(event).toEqual({
      type: 'payment.succeeded',
      timestamp: '2026-11-27T00:00:00.000Z',
      data: { amount_usd: 10, payment_id: 'p' },
    });
    // A Fetch Headers object and a byte body work too.
    const fetchHeaders = new Headers(headers(signWebhook(secret, id, now, body)));
    await expect(
      unwrap(new TextEncoder().encode(body), fetchHeaders, secret, clock),
    ).resolves.toMatchObject({ type: 'payment.succeeded' });
  });

  it('agrees with the standardwebhooks package both ways', async () => {
    const signature = new Webhook(secret).sign(id, new Date(now * 1000), body);
    expect(signature).toBe(signWebhook(secret, id, now, body));
    await expect(unwrap(body, headers(signature), secret, clock)).resolves.toBeTruthy();
    const fresh = Math.floor(Date.now() / 1000);
    expect(() =>
      new Webhook(secret).verify(body, headers(signWebhook(secret, id, fresh, body), fresh)),
    ).not.toThrow();
  });

  it('refuses tampering, other secrets, stale timestamps and missing headers', async () => {
    const good = signWebhook(secret, id, now, body);
    const refused = [
      () => unwrap(body.replace('10', '100'), headers(good), secret, clock),
      () => unwrap(body, headers(good), other, clock),
      () => unwrap(body, headers(good.replace('v1,', 'v2,')), secret, clock),
      () =>
        unwrap(body, headers(signWebhook(secret, id, now - 301, body), now - 301), secret, clock),
      () =>
        unwrap(body, headers(signWebhook(secret, id, now + 301, body), now + 301), secret, clock),
      () => unwrap(body, { 'webhook-id': id, 'webhook-timestamp': String(now) }, secret, clock),
      () => unwrap(body, headers(good, Number.NaN), secret, clock),
    ];
    for (const attempt of refused)
      await expect(attempt()).rejects.toThrow(WebhookVerificationError);
    // The edge of the tolerance is accepted.
    await expect(
      unwrap(body, headers(signWebhook(secret, id, now - 300, body), now - 300), secret, clock),
    ).resolves.toBeTruthy();
  });

  it('accepts any one of several signatures (a rotation)', async () => {
    const both = `${signWebhook(other, id, now, body)} ${signWebhook(secret, id, now, body)}`;
    await expect(unwrap(body, headers(both), secret, clock)).resolves.toBeTruthy();
    await expect(unwrap(body, headers(both), other, clock)).resolves.toBeTruthy();
  });
});
