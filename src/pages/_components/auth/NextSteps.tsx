/**
 * Shown right after sign-up: the verification e-mail (resend, re-check) and
 * the next step, registering the organization.
 */
import Link from '@docusaurus/Link';
import Notice from './Notice';
import { useState, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import { loadIdentity } from '@site/src/auth';
import { redirectTargetFromSearch } from '@site/src/auth/redirect';
import SubmitButton from './SubmitButton';
import { REGISTER_ORGANIZATION_PATH } from './paths';
import useAuthAction from './useAuthAction';
import styles from './styles.module.css';

export default function NextSteps({
  email,
  verified: initiallyVerified,
}: {
  email: string;
  verified: boolean;
}): ReactNode {
  const [verified, setVerified] = useState(initiallyVerified);
  // Signed up through an invitation's link: back to it, rather than registering an organization.
  const { search } = useLocation();
  const target = redirectTargetFromSearch(search);
  const invitation = target.startsWith('/invitation/') ? target : null;
  const [notice, setNotice] = useState<string | null>(null);
  const { pending, error, run } = useAuthAction<'check' | 'resend'>();

  const check = () =>
    run('check', async () => {
      const identity = await loadIdentity();
      const isVerified = await identity.refreshEmailVerified();
      setVerified(isVerified);
      setNotice(
        isVerified
          ? null
          : `Not verified yet. Open the link in the e-mail we sent to ${email}, then try again.`,
      );
    });

  const resend = () =>
    run('resend', async () => {
      const identity = await loadIdentity();
      await identity.resendVerificationEmail();
      setNotice(`We sent a new verification e-mail to ${email}.`);
    });

  return (
    <div className={styles.form}>
      <Notice severity="success" role="status">
        Your account is ready{email ? ` for ${email}` : ''}.
      </Notice>
      {verified ? (
        <Notice severity="success" role="status">
          Your e-mail address is verified.
        </Notice>
      ) : (
        <>
          <p className={styles.text}>
            We sent a verification link to <strong>{email}</strong>. Open it to verify your e-mail
            address; you can continue in the meantime.
          </p>
          {error && (
            <Notice severity="error" role="alert">
              {error}
            </Notice>
          )}
          {notice && (
            <Notice severity="info" role="status">
              {notice}
            </Notice>
          )}
          <div className={styles.actions}>
            <SubmitButton
              busy={pending === 'check'}
              busyLabel="Checking…"
              disabled={pending !== null}
              onClick={() => void check()}
              look="secondary"
            >
              I have verified my e-mail
            </SubmitButton>
            <SubmitButton
              busy={pending === 'resend'}
              busyLabel="Sending…"
              disabled={pending !== null}
              onClick={() => void resend()}
              look="secondary"
            >
              Resend verification e-mail
            </SubmitButton>
          </div>
        </>
      )}
      {invitation ? (
        <section className={styles.nextStep} aria-labelledby="next-step-heading">
          <h2 id="next-step-heading">Next step: accept your invitation</h2>
          <p>You were invited to an organization: accept the invitation to join it.</p>
          <Link className="button button--primary" to={invitation}>
            Continue to the invitation
          </Link>
        </section>
      ) : (
        <section className={styles.nextStep} aria-labelledby="next-step-heading">
          <h2 id="next-step-heading">Next step: register your organization</h2>
          <p>
            Tell us about your organization to create API keys, buy credits and start calling the
            APIs.
          </p>
          <Link className="button button--primary" to={REGISTER_ORGANIZATION_PATH}>
            Register your organization
          </Link>
        </section>
      )}
    </div>
  );
}
