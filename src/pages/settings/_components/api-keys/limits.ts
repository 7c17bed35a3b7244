/**
 * A key's limits as the keys page edits and shows them (no React): which deployments it may call,
 * from which browser origins, until when. The rules are the contract's (`KEY_ORIGIN_LIMITS`,
 * `OriginSchema`, the API's date range), checked in the browser so a mistake is said next to the
 * field; the server checks them again on `POST api-key` and `POST api-key/restrictions`.
 */
import dayjs from 'dayjs';
import {
  KEY_ORIGIN_LIMITS,
  OriginSchema,
  type ApiKey,
  type ApiKeyRestrictionsBody,
} from '@contract/account';
import { API_ORDER } from '@contract/catalogue';
import { DATE_RANGE } from '@contract/common';
import { dateOnly } from '@site/src/format/dates';
import { longLocalDate } from '../shared/format';

/** The deployments a key may be limited to, in the API's order. */
export const DEPLOYMENT_CHOICES: ReadonlyArray<{ path: string; title: string }> = API_ORDER.map(
  (entry) => ({ path: entry.slug, title: entry.title }),
);

const TITLES = new Map(DEPLOYMENT_CHOICES.map((d) => [d.path, d.title]));
export const deploymentName = (path: string): string => TITLES.get(path) ?? path;

/** The longest text the origins field takes: every origin at its longest, with a separator. */
export const ORIGINS_MAX_CHARS = KEY_ORIGIN_LIMITS.maxOrigins * (KEY_ORIGIN_LIMITS.maxLength + 1);

/** The last day an expiry may fall on (the API's date range). */
export const LAST_EXPIRY_DAY = DATE_RANGE.max.slice(0, 10);

const DAY = 'YYYY-MM-DD';
// The contract's own pattern (its static type does not carry the keyword).
const ORIGIN = new RegExp((OriginSchema as unknown as { pattern: string }).pattern);

/** What the limit fields hold: checked deployments (none: every one), origins as typed, a day. */
export interface LimitsDraft {
  deployments: string[];
  origins: string;
  /** `YYYY-MM-DD` (local), or '' for no expiry. */
  expires: string;
}

export type LimitErrors = Partial<Record<'origins' | 'expires', string>>;

export interface Limits {
  allowed_deployments: string[] | null;
  allowed_origins: string[] | null;
  expires_at: string | null;
}

export const EMPTY_LIMITS: LimitsDraft = { deployments: [], origins: '', expires: '' };

/** The local day of an instant, `YYYY-MM-DD`; '' for none. */
export function expiryDay(iso: string | null): string {
  if (!iso) return '';
  const date = dayjs(iso);
  return date.isValid() ? date.format(DAY) : '';
}

/** The fields as a key's limits are now. */
export function draftOf(key: ApiKey): LimitsDraft {
  return {
    deployments: key.allowed_deployments ?? [],
    origins: (key.allowed_origins ?? []).join('\n'),
    expires: expiryDay(key.expires_at),
  };
}

/** Origins typed one per line or separated by commas or spaces; null when none (any origin). */
export function parseOrigins(text: string): { value: string[] | null } | { error: string } {
  if (text.length > ORIGINS_MAX_CHARS) return { error: 'This list is too long.' };
  const found: string[] = [];
  for (const raw of text.split(/[\s,]+/)) {
    let origin = raw.trim().toLowerCase();
    if (!origin) continue;
    // Pasted from the address bar: "https://app.example.com/" is that origin.
    if (origin.endsWith('/')) origin = origin.slice(0, -1);
    if (origin.length > KEY_ORIGIN_LIMITS.maxLength || !ORIGIN.test(origin))
      return {
        error: `“${raw.slice(0, 60)}” is not an origin: write the scheme and host, such as https://app.example.com (a port is allowed, a path is not).`,
      };
    if (!found.includes(origin)) found.push(origin);
  }
  if (found.length > KEY_ORIGIN_LIMITS.maxOrigins)
    return { error: `A key takes at most ${KEY_ORIGIN_LIMITS.maxOrigins} origins.` };
  return { value: found.length > 0 ? found : null };
}

/** The instant a key expires for a day picked in the page: the end of that local day. */
export function parseExpiry(
  day: string,
  now: Date = new Date(),
): { value: string | null } | { error: string } {
  if (!day) return { value: null };
  const date = dayjs(day, DAY);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !date.isValid() || date.format(DAY) !== day)
    return { error: 'Choose a day, or leave it empty for no expiry.' };
  const end = date.endOf('day').toDate();
  if (end.getTime() <= now.getTime())
    return { error: 'Choose today or a later day, or leave it empty for no expiry.' };
  if (day > LAST_EXPIRY_DAY) return { error: `Choose a day up to ${dateOnly(LAST_EXPIRY_DAY)}.` };
  return { value: end.toISOString() };
}

const inOrder = (paths: readonly string[]) => {
  const order = DEPLOYMENT_CHOICES.map((d) => d.path);
  return [...new Set(paths)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
};

/** The limits to send for new fields, or what is wrong with them. */
export function checkLimits(
  draft: LimitsDraft,
  now: Date = new Date(),
): { limits: Limits } | { errors: LimitErrors } {
  const origins = parseOrigins(draft.origins);
  const expires = parseExpiry(draft.expires, now);
  const errors: LimitErrors = {};
  if ('error' in origins) errors.origins = origins.error;
  if ('error' in expires) errors.expires = expires.error;
  if ('error' in origins || 'error' in expires) return { errors };
  return {
    limits: {
      allowed_deployments: draft.deployments.length > 0 ? inOrder(draft.deployments) : null,
      allowed_origins: origins.value,
      expires_at: expires.value,
    },
  };
}

const sameList = (a: readonly string[] | null, b: readonly string[] | null) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((item) => (b ?? []).includes(item));

/**
 * What changed between a key's limits and the edited fields: only those are sent (an expiry left
 * on its day is not checked again, so a key that has already expired can get other limits).
 */
export function limitsChange(
  key: ApiKey,
  draft: LimitsDraft,
  now: Date = new Date(),
): { body: ApiKeyRestrictionsBody } | { errors: LimitErrors } | { unchanged: true } {
  const body: ApiKeyRestrictionsBody = {};
  const errors: LimitErrors = {};
  const deployments = draft.deployments.length > 0 ? inOrder(draft.deployments) : null;
  if (!sameList(deployments, key.allowed_deployments)) body.allowed_deployments = deployments;
  const origins = parseOrigins(draft.origins);
  if ('error' in origins) errors.origins = origins.error;
  else if (!sameList(origins.value, key.allowed_origins)) body.allowed_origins = origins.value;
  if (draft.expires !== expiryDay(key.expires_at)) {
    const expires = parseExpiry(draft.expires, now);
    if ('error' in expires) errors.expires = expires.error;
    else body.expires_at = expires.value;
  }
  if (errors.origins || errors.expires) return { errors };
  return Object.keys(body).length === 0 ? { unchanged: true } : { body };
}

// ---------------------------------------------------------------- how a row shows them

export function deploymentsText(key: Pick<ApiKey, 'allowed_deployments'>): string {
  const only = key.allowed_deployments;
  return only ? `Only ${only.map(deploymentName).join(', ')}` : 'Every deployment';
}

export function originsText(key: Pick<ApiKey, 'allowed_origins' | 'used_for_ui'>): string {
  const only = key.allowed_origins;
  if (only) return `Browser calls from ${only.join(', ')}`;
  return key.used_for_ui ? 'Browser calls from this site only' : 'Any origin';
}

export function expiryText(key: Pick<ApiKey, 'expires_at'>, now: Date = new Date()): string {
  if (!key.expires_at) return 'No expiry';
  return new Date(key.expires_at) <= now
    ? `Expired ${longLocalDate(key.expires_at)}`
    : `Expires ${longLocalDate(key.expires_at)}`;
}

/** Why the services host refused a call (the limit it names, `last_refused.reason`). */
const REFUSAL_REASONS: Record<string, string> = {
  deployment: 'deployment not allowed',
  origin: 'origin not allowed',
  expired: 'key expired',
  disabled: 'key disabled or paused',
};

export function refusalsText(key: Pick<ApiKey, 'refused_calls' | 'last_refused'>): string {
  const count = key.refused_calls;
  if (count === 0) return 'No refused calls';
  const calls = `${count.toLocaleString('en-US')} refused ${count === 1 ? 'call' : 'calls'}`;
  const last = key.last_refused;
  if (!last) return calls;
  const why = REFUSAL_REASONS[last.reason] ?? last.reason;
  return `${calls} · last ${longLocalDate(last.at)} (${why})`;
}
