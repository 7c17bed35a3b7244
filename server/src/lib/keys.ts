import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** Short opaque identifiers for orders and receipts, e.g. `ord_…`. */
export function generateId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => value.length === 36 && UUID_PATTERN.test(value);

/** Characters of the random part of a secret: 192 bits as base64url. */
export const SECRET_RANDOM_LENGTH = 32;
/** Longest `api-key` header worth hashing; anything longer cannot be a key. */
export const MAX_SECRET_LENGTH = 64;

/** What the database keeps of a secret: never the secret itself. */
export interface StoredSecret {
  secretHash: string;
  prefix: string;
  last4: string;
  /** Only for secrets the organization may read again: the in-browser key's and test keys'. */
  secretEncrypted: string | null;
}

/**
 * API key secrets as the best platforms keep them: high-entropy, with a readable prefix, stored
 * as an HMAC-SHA-256 under a server secret (so a database copy cannot be checked against guesses
 * without the server secret), looked up by that hash. The in-browser key's secret must be
 * readable by its organization, and so are test keys' (free sample answers, never charged: the
 * docs put them into every sample, as Stripe's docs do), so those are also kept encrypted with
 * AES-256-GCM.
 */
/** Readable secret prefixes: live keys are charged, test keys are free sample calls. */
export const KEY_PREFIXES = { live: 'va_live_', test: 'va_test_' } as const;
export type KeyMode = keyof typeof KEY_PREFIXES;

export function createKeySecrets(options: { hmacSecret: string; encryptionKey: Buffer }) {
  const hash = (secret: string) =>
    createHmac('sha256', options.hmacSecret).update(secret, 'utf8').digest('hex');

  const encrypt = (secret: string): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', options.encryptionKey, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
  };

  const decrypt = (stored: string): string => {
    if (!stored.startsWith('v1:')) throw new Error('unknown encrypted secret format');
    const raw = Buffer.from(stored.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', options.encryptionKey, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  };

  return {
    hash,
    encrypt,
    decrypt,
    /** Hash equality in constant time (both are hex digests of the same length). */
    sameHash(computed: string, stored: string): boolean {
      const a = Buffer.from(computed, 'hex');
      const b = Buffer.from(stored, 'hex');
      return a.length === b.length && timingSafeEqual(a, b);
    },
    /** A new secret and what to store of it (readable again: the in-browser key and test keys). */
    generate(usedForUi: boolean, mode: KeyMode = 'live'): { secret: string; stored: StoredSecret } {
      const secret = KEY_PREFIXES[mode] + randomBytes(24).toString('base64url');
      return { secret, stored: this.store(secret, usedForUi || mode === 'test') };
    },
    store(secret: string, readable: boolean): StoredSecret {
      const prefixEnd = secret.startsWith('va_') ? secret.indexOf('_', 3) + 1 : 5;
      return {
        secretHash: hash(secret),
        prefix: secret.slice(0, prefixEnd),
        last4: secret.slice(-4),
        secretEncrypted: readable ? encrypt(secret) : null,
      };
    },
  };
}
export type KeySecrets = ReturnType<typeof createKeySecrets>;

/** `va_live_…x7Qe`: what lists show instead of a secret. */
export function redactedSecret(prefix: string, last4: string): string {
  return `${prefix}…${last4}`;
}
