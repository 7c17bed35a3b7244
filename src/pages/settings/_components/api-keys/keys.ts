/** Rules and wording of the API keys page that need no React. */
import type { ApiKey, ROLL_GRACE_HOURS } from '@contract';
import { longLocalDate } from '../shared/format';

export type RollGraceHours = (typeof ROLL_GRACE_HOURS)[number];

/** When a rolled key's old secret stops working (the contract's grace periods). */
export const ROLL_OPTIONS: ReadonlyArray<{ hours: RollGraceHours; label: string }> = [
  { hours: 0, label: 'Now' },
  { hours: 1, label: 'In 1 hour' },
  { hours: 24, label: 'In 24 hours' },
  { hours: 72, label: 'In 3 days' },
  { hours: 168, label: 'In 7 days' },
];

/** "Previous secret works until …" while a rolled key's grace period runs, else null. */
export function previousSecretNote(
  key: Pick<ApiKey, 'previous_secret_expires_at'>,
  now: Date = new Date(),
): string | null {
  const until = key.previous_secret_expires_at;
  if (!until || new Date(until) <= now) return null;
  return `Previous secret works until ${longLocalDate(until)}`;
}

/** The list's "Last used" column. */
export function lastUsedText(key: Pick<ApiKey, 'last_used_at'>): string {
  return key.last_used_at ? longLocalDate(key.last_used_at) : 'Never';
}

/** A key's spend this month against its cap: none, under it (how far along), or reached. */
export type CapState = { kind: 'none' } | { kind: 'under' | 'reached'; cap: number; ratio: number };

export function capState(key: Pick<ApiKey, 'monthly_cap_usd' | 'month_to_date_usd'>): CapState {
  const cap = key.monthly_cap_usd;
  if (cap === null) return { kind: 'none' };
  const spent = key.month_to_date_usd;
  const ratio = cap === 0 ? 1 : Math.min(1, spent / cap);
  return { kind: spent >= cap ? 'reached' : 'under', cap, ratio };
}
