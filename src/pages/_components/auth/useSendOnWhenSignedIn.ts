import { useHistory, useLocation } from '@docusaurus/router';
import { useEffect } from 'react';
import { useAuth } from '@site/src/auth';
import { redirectTargetFromSearch } from '@site/src/auth/redirect';

/** Signed-in visitors of an auth page go where they were heading (`?redirect=`) or to the dashboard. */
export default function useSendOnWhenSignedIn(enabled = true): () => void {
  const { status } = useAuth();
  const history = useHistory();
  const { search } = useLocation();
  const sendOn = () => history.replace(redirectTargetFromSearch(search));
  useEffect(() => {
    if (enabled && status === 'signedIn') history.replace(redirectTargetFromSearch(search));
  }, [enabled, status, history, search]);
  return sendOn;
}
