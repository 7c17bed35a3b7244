/** Destinations shared by the navbar's auth item and balance chip. */
export const DASHBOARD_PATH = '/dashboard/public-deployment/object-detection/';
export const SIGN_UP_PATH = '/sign-up/';
export const BUY_CREDITS_PATH = '/settings/buy-credits/';

export const ACCOUNT_LINKS = [
  { label: 'API keys', to: '/settings/api-keys/' },
  { label: 'Usage', to: '/settings/usage/' },
  { label: 'Buy credits', to: BUY_CREDITS_PATH },
  { label: 'Cookie preferences', to: '/settings/cookie-preferences/' },
] as const;

/** The team's pages, after the spec's four settings pages (settings navigation, account menu). */
export const TEAM_LINKS = [
  { label: 'Team', to: '/settings/team/' },
  { label: 'Audit log', to: '/settings/audit-log/' },
] as const;

/** Spec §2: "contains the word dashboard", any case. */
export function isDashboardPath(pathname: string): boolean {
  return /dashboard/i.test(pathname);
}

/** Props Docusaurus passes to custom navbar items. */
export interface NavbarItemProps {
  /** True inside the mobile sidebar (viewport under 996 px). */
  mobile?: boolean;
  /** In the mobile sidebar: closes the sidebar. */
  onClick?: () => void;
  className?: string;
}
