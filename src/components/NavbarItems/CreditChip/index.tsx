/**
 * Navbar credit balance chip (spec §2, §4), shown only on paths containing
 * "dashboard". Plain CSS, no MUI: it is part of every docs page.
 *
 * The chip's code (balance calls, tooltip, refresh) is its own chunk, fetched
 * only when a session may exist: signed in, or still unknown with the session
 * marker set (then the chip waits for the user, polling as spec §4 says). A
 * reader known to be signed out downloads none of it.
 */
import { useLocation } from '@docusaurus/router';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useAuth } from '@site/src/auth/AuthProvider';
import { hasSessionMarker } from '@site/src/auth/marker';
import { isDashboardPath, type NavbarItemProps } from '../links';

const BalanceChip = lazy(() => import(/* webpackChunkName: "navbar-account" */ './BalanceChip'));

export default function CreditChip({ mobile }: NavbarItemProps): ReactNode {
  const { pathname } = useLocation();
  const { status } = useAuth();
  // The server and the hydrating render show no chip (the balance is never known there).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  if (!mounted || !isDashboardPath(pathname)) return null;
  if (status === 'signedOut' || (status === 'unknown' && !hasSessionMarker())) return null;
  return (
    <Suspense fallback={null}>
      <BalanceChip mobile={Boolean(mobile)} />
    </Suspense>
  );
}
