import type { Role } from '@contract/teams';

/** Destinations shared by the navbar's auth item and balance chip. */
export const DASHBOARD_PATH = '/dashboard/public-deployment/object-detection/';
export const SIGN_UP_PATH = '/sign-up/';
export const BUY_CREDITS_PATH = '/settings/buy-credits/';

const EVERYONE = null;

/**
 * The settings pages with the roles that can use them (null: every visitor), the roles the
 * contract's `V1_ACCESS` gives the page's main call (a unit test keeps them the same; the
 * contract itself is too heavy for every page's navbar).
 */
export const ACCOUNT_LINKS = [
  {
    label: 'API keys',
    to: '/settings/api-keys/',
    roles: ['owner', 'admin', 'developer', 'viewer'],
  },
  { label: 'Usage', to: '/settings/usage/', roles: EVERYONE },
  { label: 'Buy credits', to: BUY_CREDITS_PATH, roles: ['owner', 'admin', 'billing', 'viewer'] },
  { label: 'Cookie preferences', to: '/settings/cookie-preferences/', roles: EVERYONE },
] as const satisfies ReadonlyArray<SettingsLink>;

/** The team's pages, after the spec's four settings pages (settings navigation, account menu). */
export const TEAM_LINKS = [
  { label: 'Team', to: '/settings/team/', roles: EVERYONE },
  { label: 'Audit log', to: '/settings/audit-log/', roles: ['owner', 'admin'] },
  {
    label: 'Webhooks',
    to: '/settings/webhooks/',
    roles: ['owner', 'admin', 'developer', 'viewer'],
  },
] as const satisfies ReadonlyArray<SettingsLink>;

export interface SettingsLink {
  label: string;
  to: string;
  roles: readonly Role[] | null;
}

/** The pages a member of this role can use; every page while the role is unknown. */
export function linksForRole<T extends SettingsLink>(links: readonly T[], role: Role | null): T[] {
  return links.filter((link) => role === null || link.roles === null || link.roles.includes(role));
}

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
