/** A listed API key as the backend answers it (no secret), with the fields a test changes. */
import type { ApiKey } from '@contract/account';

export function apiKeyFixture(over: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'k',
    name: 'Server',
    prefix: 'va_live_',
    mode: 'live',
    last4: 'x7Qe',
    redacted: 'va_live_…x7Qe',
    created_at: '2025-01-01T00:00:00.000Z',
    used_for_ui: false,
    is_default: false,
    last_used_at: null,
    previous_secret_expires_at: null,
    monthly_cap_usd: null,
    month_to_date_usd: 0,
    allowed_deployments: null,
    allowed_origins: null,
    expires_at: null,
    disabled: false,
    disabled_reason: null,
    refused_calls: 0,
    last_refused: null,
    ...over,
  };
}
