/**
 * An invitation's link (`/invitation/?token=…`): what it offers (organization, role, who invited,
 * for which address), then, signed in, Accept, which joins and selects the organization. Signed
 * out: sign in or sign up, and come back here. Every refusal is the server's own message
 * (expired, revoked, used, invalid, another address); an unverified address gets the way to
 * verify it (send the link again, check again, which accepts).
 */
import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useState, type ReactNode } from 'react';
import {
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLE_MEMBER_NOUNS,
  roleMay,
  VERIFY_TO_ACCEPT_MESSAGE,
  type InvitationPreview,
} from '@contract';
import { account } from '@site/src/api';
import { rememberOrganization } from '@site/src/api/organization';
import { useAuth } from '@site/src/auth';
import VerifyEmailNotice from '@site/src/components/EmailVerificationBanner/VerifyEmailNotice';
import { REDIRECT_PARAM } from '@site/src/auth/redirect';
import { dateTime } from '@site/src/format/dates';
import styles from './styles.module.css';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; preview: InvitationPreview };

export default function InvitationPanel(): ReactNode {
  const { search, pathname } = useLocation();
  const history = useHistory();
  const auth = useAuth();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [accepting, setAccepting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (token.length < 20 || token.length > 128) {
      setState({
        kind: 'failed',
        message: 'This invitation link is not valid. Ask the organization for a new invitation.',
      });
      return;
    }
    let live = true;
    void account.v1('POST /invitations/preview', { body: { token } }).then((answer) => {
      if (!live) return;
      setState(
        answer.error_message !== undefined
          ? { kind: 'failed', message: answer.error_message }
          : { kind: 'ready', preview: answer.data },
      );
    });
    return () => {
      live = false;
    };
  }, [token]);

  const accept = async () => {
    setAccepting(true);
    setRefusal(null);
    const answer = await account.v1('POST /invitations/accept', { body: { token } });
    setAccepting(false);
    if (answer.error_message !== undefined) {
      setRefusal(answer.error_message);
      return;
    }
    rememberOrganization(answer.data.organization_id);
    // The first page their role can use: a billing member has no keys page.
    history.push(
      roleMay('GET /api-key', answer.data.role) ? '/settings/api-keys/' : '/settings/buy-credits/',
    );
  };

  if (state.kind === 'loading') return <p role="status">Reading the invitation…</p>;
  if (state.kind === 'failed') {
    return (
      <Alert severity="error" className={styles.alert}>
        {state.message}
      </Alert>
    );
  }
  const { preview } = state;
  const back = `${REDIRECT_PARAM}=${encodeURIComponent(`${pathname}${search}`)}`;
  return (
    <div className={styles.panel}>
      <dl className={styles.details}>
        <dt>Organization</dt>
        <dd>{preview.organization_name}</dd>
        <dt>Role</dt>
        <dd>
          You join as {ROLE_MEMBER_NOUNS[preview.role]} ({ROLE_LABELS[preview.role]}):{' '}
          {ROLE_DESCRIPTIONS[preview.role]}
        </dd>
        <dt>Invited by</dt>
        <dd>{preview.invited_by ?? 'A member of the organization'}</dd>
        <dt>For</dt>
        <dd>{preview.email}</dd>
        <dt>Link works until</dt>
        <dd>{dateTime(preview.expires_at)}</dd>
      </dl>
      {refusal === VERIFY_TO_ACCEPT_MESSAGE ? (
        // Accepting needs a verified address: send the link again, then accept once verified.
        <div className={styles.alert}>
          <VerifyEmailNotice message={refusal} onVerified={() => void accept()} />
        </div>
      ) : refusal ? (
        <Alert severity="error" className={styles.alert}>
          {refusal}
        </Alert>
      ) : null}
      {auth.status === 'signedIn' ? (
        <Button
          variant="contained"
          disableElevation
          disabled={accepting}
          onClick={() => void accept()}
        >
          {accepting ? 'Joining…' : `Accept and join ${preview.organization_name}`}
        </Button>
      ) : auth.status === 'signedOut' ? (
        <div className={styles.actions}>
          <p>
            Sign in as <strong>{preview.email}</strong> to accept, or create an account with that
            address.
          </p>
          <Link
            className="button button--primary"
            to={`/sign-up/?email=${encodeURIComponent(preview.email)}&${back}`}
          >
            Sign up
          </Link>
          <Link className="button button--secondary" to={`/sign-in/?${back}`}>
            Sign in
          </Link>
        </div>
      ) : (
        <p role="status">Checking sign-in…</p>
      )}
    </div>
  );
}
