/**
 * Navbar credit balance chip (spec §2, §4), shown only on paths containing
 * "dashboard". Plain CSS, no MUI: it is part of every docs page.
 */
import { useLocation } from '@docusaurus/router';
import type { ReactNode } from 'react';
import { isDashboardPath, type NavbarItemProps } from '../links';
import BalanceChip from './BalanceChip';

export default function CreditChip({ mobile }: NavbarItemProps): ReactNode {
  const { pathname } = useLocation();
  if (!isDashboardPath(pathname)) return null;
  return <BalanceChip mobile={Boolean(mobile)} />;
}
