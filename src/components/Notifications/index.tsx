/**
 * Host of the site-wide snackbar, mounted once in Root. Renders nothing (and
 * downloads nothing) until the first notification is queued.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { hasPendingNotifications, subscribeNotifications } from './queue';

export { notify, type NotificationInput, type NotificationSeverity } from './queue';

const Snackbars = lazy(() => import(/* webpackChunkName: "notifications" */ './Snackbars'));

export default function Notifications(): ReactNode {
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (hasPendingNotifications()) setActive(true);
    return subscribeNotifications(() => setActive(true));
  }, []);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <Snackbars />
    </Suspense>
  );
}
