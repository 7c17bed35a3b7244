import { describe, expect, it } from 'vitest';
import {
  AUTH_ERROR_MESSAGES,
  GENERIC_AUTH_ERROR,
  authErrorCode,
  authErrorMessage,
} from '../../src/auth/errors';

// Spec §8 identity codes, plus the sign-up / password ones the forms meet.
const SPEC_CODES = [
  'email-already-in-use',
  'wrong-password',
  'invalid-credential',
  'user-not-found',
  'too-many-requests',
  'expired-action-code',
  'invalid-action-code',
  'user-disabled',
  'network-request-failed',
  'requires-recent-login',
  'user-mismatch',
  'account-exists-with-different-credential',
  'multi-factor-auth-required',
  'popup-blocked',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'unauthorized-domain',
  'web-storage-unsupported',
  'invalid-api-key',
  'internal-error',
  'argument-error',
  'weak-password',
  'invalid-email',
  'missing-password',
  'password-does-not-meet-requirements',
];

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: (${code})`), { code });

describe('authErrorMessage', () => {
  it.each(SPEC_CODES)('words %s as a sentence of its own', (code) => {
    const message = authErrorMessage(firebaseError(`auth/${code}`));
    expect(message).not.toBe(GENERIC_AUTH_ERROR);
    expect(message).toMatch(/^[A-Z].*\.$/);
    expect(message).not.toMatch(/auth\/|firebase/i);
  });

  it('gives wrong password, invalid credential and unknown user the same neutral message', () => {
    const messages = ['wrong-password', 'invalid-credential', 'user-not-found'].map((code) =>
      authErrorMessage(firebaseError(`auth/${code}`)),
    );
    expect(new Set(messages).size).toBe(1);
    expect(messages[0]).not.toMatch(/not found|no account|exist/i);
  });

  it('tells the user to wait on too-many-requests and to check the connection on network errors', () => {
    expect(authErrorMessage(firebaseError('auth/too-many-requests'))).toMatch(/wait/i);
    expect(authErrorMessage(firebaseError('auth/network-request-failed'))).toMatch(/connection/i);
  });

  it('falls back to a generic message for unknown codes and non-errors', () => {
    expect(authErrorMessage(firebaseError('auth/something-new'))).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorMessage(new Error('boom'))).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorMessage(undefined)).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorMessage('auth/wrong-password')).toBe(GENERIC_AUTH_ERROR);
  });

  it('reads codes with or without the auth/ prefix', () => {
    expect(authErrorCode(firebaseError('auth/popup-blocked'))).toBe('popup-blocked');
    expect(authErrorCode({ code: 'popup-blocked' })).toBe('popup-blocked');
    expect(authErrorMessage({ code: 'popup-blocked' })).toBe(AUTH_ERROR_MESSAGES['popup-blocked']);
  });
});
