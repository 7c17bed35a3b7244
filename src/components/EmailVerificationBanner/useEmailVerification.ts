/**
 * Whether the signed-in user's e-mail is verified, as the server sees it
 * (`POST organization/verify`, spec §4), with the two things a user can do about it: check
 * again after opening the link, and have the link sent again (identity SDK). Shared by the
 * banner and the pages that need a verified address (buying credits).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { account } from '@site/src/api';
import type { Organization } from '@contract';
import { loadIdentity, useAuth } from '@site/src/auth';
import { notify } from '@site/src/components/Notifications';

export type VerificationStatus = 'checking' | 'verified' | 'unverified' | 'failed';

export interface EmailVerification {
  status: VerificationStatus;
  /** The call's error message when `status` is 'failed'. */
  failure: string;
  /** What the last check or resend did, for the user. */
  notice: string | null;
  busy: 'check' | 'resend' | null;
  email: string | null;
  /** The user opened the link: reload the identity user, then ask the server. */
  recheck: () => Promise<void>;
  resend: () => Promise<void>;
  /** Ask the server again (a call was refused because the address is not verified). */
  refresh: () => void;
}

export default function useEmailVerification(organization: Organization): EmailVerification {
  const { user } = useAuth();
  const [status, setStatus] = useState<VerificationStatus>(
    organization.email_verified ? 'verified' : 'checking',
  );
  const [busy, setBusy] = useState<'check' | 'resend' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const check = useCallback(async (reloadUser: boolean): Promise<VerificationStatus> => {
    if (reloadUser) {
      // Pick up a verification done in another tab before asking the server.
      await loadIdentity()
        .then((identity) => identity.refreshEmailVerified())
        .catch(() => false);
    }
    const result = await account.checkEmailVerified();
    if (result.error_message !== undefined) {
      notify({ severity: 'error', message: result.error_message });
      setFailure(result.error_message);
      return 'failed';
    }
    return result.data.email_verified ? 'verified' : 'unverified';
  }, []);

  useEffect(() => {
    if (organization.email_verified) return;
    void check(false).then((next) => live.current && setStatus(next));
  }, [organization.email_verified, check]);

  const recheck = useCallback(async () => {
    setBusy('check');
    const next = await check(true);
    if (!live.current) return;
    setBusy(null);
    setStatus(next);
    setNotice(
      next === 'unverified'
        ? 'Not verified yet. Open the link in the e-mail, then check again.'
        : null,
    );
    if (next === 'verified') notify({ severity: 'success', message: 'Your e-mail is verified.' });
  }, [check]);

  const resend = useCallback(async () => {
    setBusy('resend');
    try {
      const identity = await loadIdentity();
      await identity.resendVerificationEmail();
      if (live.current)
        setNotice(`We sent a new verification e-mail${user?.email ? ` to ${user.email}` : ''}.`);
    } catch {
      notify({
        severity: 'error',
        message: 'We could not send the e-mail. Try again in a minute.',
      });
    }
    if (live.current) setBusy(null);
  }, [user?.email]);

  const refresh = useCallback(() => {
    void check(false).then((next) => live.current && setStatus(next));
  }, [check]);

  return {
    status,
    failure,
    notice,
    busy,
    email: user?.email ?? null,
    recheck,
    resend,
    refresh,
  };
}
