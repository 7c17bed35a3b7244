/**
 * The visitor's cookie consent, kept in localStorage (spec §3, §4) and shared with React through
 * `useSyncExternalStore`. Reading never throws: missing, corrupt, foreign or expired data is
 * "unset". Writes in one tab reach the other tabs through the `storage` event.
 */
import { useHydratedSyncExternalStore } from '@site/src/browser/hydratedStore';
import {
  CONSENT_CATEGORIES,
  type ConsentCategory,
  type GrantableCategoryId,
  type OptionalCategoryId,
} from './categories';
import { CONSENT_STORAGE_KEY, CONSENT_VALIDITY_MS } from './constants';

/** The stored choice: one boolean per category of src/consent/categories.ts, and its date. */
export type ConsentPreferences = { essential: true } & Record<GrantableCategoryId, boolean> & {
    /** When the choice was made (ISO 8601). */
    consentDate: string;
  };

export type ConsentState =
  /** Server render and hydration: the browser's storage has not been read yet. */
  { status: 'pending' } | { status: 'unset' } | { status: 'set'; preferences: ConsentPreferences };

/** What the switches say: one boolean per optional category. */
export type OptionalChoices = Record<OptionalCategoryId, boolean>;
type Choices = Record<GrantableCategoryId, boolean>;

/** A choice per grantable category (per optional one with `switchesOnly`), off unless `pick`. */
function choicesBy<T extends OptionalChoices>(
  pick: (category: ConsentCategory) => boolean | undefined,
  switchesOnly = false,
): T {
  const choices: Record<string, boolean> = {};
  for (const category of CONSENT_CATEGORIES)
    if (category.kind === 'optional' || (category.kind === 'acceptAllOnly' && !switchesOnly))
      choices[category.id] = pick(category) ?? false;
  return choices as T;
}

/** What the switches show for a stored choice; with none, every optional category off. */
export function switchChoices(preferences: ConsentPreferences | null = null): OptionalChoices {
  return choicesBy(({ id }) => preferences?.[id], true);
}

// A stored date this far in the future is not something this site wrote.
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

const PENDING: ConsentState = { status: 'pending' };
const UNSET: ConsentState = { status: 'unset' };

/** Parses a stored value; anything but a valid, unexpired consent gives null. */
export function parseConsent(
  raw: string | null,
  now: number = Date.now(),
): ConsentPreferences | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (v.essential !== true) return null;
  // An Accept-All-only category may be missing from an older choice: then it is off.
  const invalid = CONSENT_CATEGORIES.some(
    ({ id, kind }) =>
      kind !== 'required' &&
      typeof v[id] !== 'boolean' &&
      !(kind === 'acceptAllOnly' && v[id] === undefined),
  );
  if (invalid) return null;
  const choices = choicesBy<Choices>(({ id }) => v[id] === true);
  const date =
    typeof v.consentDate === 'number' || typeof v.consentDate === 'string'
      ? new Date(v.consentDate).getTime()
      : NaN;
  if (!Number.isFinite(date)) return null;
  if (now - date > CONSENT_VALIDITY_MS || date - now > CLOCK_SKEW_MS) return null;
  return { essential: true, ...choices, consentDate: new Date(date).toISOString() };
}

/** When a consent dated `consentDate` stops being valid. */
export function consentExpiry(consentDate: string): Date {
  return new Date(new Date(consentDate).getTime() + CONSENT_VALIDITY_MS);
}

// Used only when localStorage refuses access (privacy modes, sandboxed frames, full quota).
let memoryOnly = false;
let memoryValue: string | null = null;

function readRaw(): string | null {
  if (memoryOnly) return memoryValue;
  try {
    return window.localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeRaw(value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(CONSENT_STORAGE_KEY);
    else window.localStorage.setItem(CONSENT_STORAGE_KEY, value);
    memoryOnly = false;
  } catch {
    memoryOnly = true;
    memoryValue = value;
  }
  emit();
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedState: ConsentState = UNSET;

function emit(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  // key null: another tab cleared the whole storage.
  if (event.key === CONSENT_STORAGE_KEY || event.key === null) emit();
}

export function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The current consent in the browser (stable object while the stored value is unchanged). */
export function getConsent(): ConsentState {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    const preferences = parseConsent(raw);
    cachedState = preferences ? { status: 'set', preferences } : UNSET;
  }
  return cachedState;
}

function getServerConsent(): ConsentState {
  return PENDING;
}

/** React hook: 'pending' on the server and during hydration, then the stored consent. */
export function useConsent(): ConsentState {
  return useHydratedSyncExternalStore(subscribe, getConsent, getServerConsent);
}

/** Whether the visitor currently allows a category (false while unset). */
export function hasConsent(category: GrantableCategoryId): boolean {
  const state = getConsent();
  return state.status === 'set' && state.preferences[category];
}

function store(choices: Choices): void {
  const preferences: ConsentPreferences = {
    essential: true,
    ...choices,
    consentDate: new Date().toISOString(),
  };
  writeRaw(JSON.stringify(preferences));
}

/** 'Accept All Cookies': every category on. */
export function acceptAll(): void {
  store(choicesBy(() => true));
}

/** 'Reject Optional': every category but the essential off. */
export function rejectOptional(): void {
  store(choicesBy(() => false));
}

/**
 * 'Save Preferences': stores the visible switches. A category without a switch (marketing) is
 * never granted by a custom choice; only Accept All grants it.
 */
export function saveConsent(choices: OptionalChoices): void {
  store(choicesBy(({ id, kind }) => kind === 'optional' && choices[id]));
}

/** Forgets the choice: back to defaults (everything optional off) and the banner returns. */
export function resetConsent(): void {
  writeRaw(null);
}
