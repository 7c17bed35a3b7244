/**
 * Helpers for the billing suites: metered calls with an organization's key (through the sandbox
 * services host, as a customer's code would make them), the key used for in-browser calls (the
 * one whose secret the backend can give back), and the billing settings as the backend has them.
 */
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { callApi, type TestUser } from './identity';

export const SERVICES_BASE_URL = process.env.SERVICES_BASE_URL ?? 'http://localhost:4020';
/**
 * The site's origin, sent as the browser would: the in-browser key accepts calls from the site's
 * own origins only.
 */
export const SITE_ORIGIN = 'http://localhost:3001';
/** What one object-detection call costs in the local stack's price list. */
export const CALL_PRICE_USD = 0.004;

let image: Promise<string> | undefined;
/** A small PNG, base64: the sandbox answers any image with a labelled placeholder. */
function sampleImage(): Promise<string> {
  image ??= sharp({ create: { width: 32, height: 24, channels: 3, background: '#6699cc' } })
    .png()
    .toBuffer()
    .then((png) => png.toString('base64'));
  return image;
}

/**
 * One metered object-detection call with `secret`, from the site's origin: its status, and for
 * an error its `error_message`, `code`, `details` and retry headers.
 */
export async function meteredCall(
  request: APIRequestContext,
  secret: string,
): Promise<{
  status: number;
  error_message?: string;
  code?: string;
  details?: Record<string, unknown>;
  retryAfter?: string;
  shouldRetry?: string;
}> {
  const response = await request.post(`${SERVICES_BASE_URL}/object-detection`, {
    headers: { 'api-key': secret, origin: SITE_ORIGIN },
    data: { image: await sampleImage() },
  });
  const body = (await response.json().catch(() => ({}))) as {
    error_message?: string;
    code?: string;
    details?: Record<string, unknown>;
  };
  return {
    status: response.status(),
    error_message: body.error_message,
    code: body.code,
    details: body.details,
    retryAfter: response.headers()['retry-after'],
    shouldRetry: response.headers()['x-should-retry'],
  };
}

export interface ListedKey {
  id: string;
  name: string;
  key?: string;
  used_for_ui: boolean;
  monthly_cap_usd: number | null;
  month_to_date_usd: number;
}

/** The organization's key for in-browser calls, with its secret. */
export async function uiKey(user: TestUser): Promise<ListedKey & { key: string }> {
  const { api_keys } = await callApi<{ api_keys: ListedKey[] }>(user, 'GET', 'api-key');
  const key = api_keys.find((k) => k.used_for_ui);
  if (!key?.key) throw new Error('no UI key with a readable secret');
  return key as ListedKey & { key: string };
}

export interface Settings {
  auto_recharge: {
    enabled: boolean;
    threshold_usd: number | null;
    amount_usd: number | null;
    last_failure: { message: string; at: string } | null;
  };
  payment_method: { provider: string; label: string } | null;
  low_balance_alert: { threshold_usd: number | null; below_threshold: boolean };
}

export function billingSettings(user: TestUser): Promise<Settings> {
  return callApi<Settings>(user, 'GET', 'billing/settings');
}
