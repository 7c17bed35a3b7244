/**
 * Whether the signed-in user's e-mail is verified, as the server sees it
 * (`POST organization/verify`, spec §4, an entry of the account cache), with the two things a user can do about it: check
 * again after opening the link, and have the link sent again (identity SDK). Shared by the
 * banner and the pages that need a verified address (buying credits).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Organization } from '@contract';
import { emailVerificationQuery } from '@site/src/api/queries';
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
  // The organization's flag is its owner's address; every other member's is their own.
  const known = organization.email_verified && organization.role === 'owner';
  const query = useQuery({ ...emailVerificationQuery(), enabled: !known });
  const { refetch } = query;
  const [busy, setBusy] = useState<'check' | 'resend' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  let status: VerificationStatus = known ? 'verified' : 'checking';
  if (query.status === 'success') status = query.data.email_verified ? 'verified' : 'unverified';
  else if (query.status === 'error') status = 'failed';

  const recheck = useCallback(async () => {
    setBusy('check');
    // Pick up a verification done in another tab before asking the server.
    await loadIdentity()
      .then((identity) => identity.refreshEmailVerified())
      .catch(() => false);
    const { data } = await refetch();
    setBusy(null);
    setNotice(
      data?.email_verified === false
        ? 'Not verified yet. Open the link in the e-mail, then check again.'
        : null,
    );
    if (data?.email_verified) notify({ severity: 'success', message: 'Your e-mail is verified.' });
  }, [refetch]);

  const resend = useCallback(async () => {
    setBusy('resend');
    try {
      const identity = await loadIdentity();
      await identity.resendVerificationEmail();
      setNotice(`We sent a new verification e-mail${user?.email ? ` to ${user.email}` : ''}.`);
    } catch {
      notify({
        severity: 'error',
        message: 'We could not send the e-mail. Try again in a minute.',
      });
    }
    setBusy(null);
  }, [user?.email]);

  const refresh = useCallback(() => void refetch(), [refetch]);

  return {
    status,
    failure: query.error?.error_message ?? '',
    notice,
    busy,
    email: user?.email ?? null,
    recheck,
    resend,
    refresh,
  };
}
