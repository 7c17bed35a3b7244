/**
 * The settings navigation and the account menu list only the pages a member's role can use. The
 * roles are written beside the links (the contract is too heavy for every page's navbar): they
 * must be the roles the contract gives each page's main call.
 */
import { describe, expect, it } from 'vitest';
import { ROLES, V1_ACCESS, type V1EndpointKey } from '@contract';
import { ACCOUNT_LINKS, linksForRole, TEAM_LINKS } from '@site/src/components/NavbarItems/links';

const MAIN_CALL: Record<string, V1EndpointKey | null> = {
  '/settings/api-keys/': 'GET /api-key',
  '/settings/usage/': 'GET /usage/daily',
  '/settings/buy-credits/': 'GET /credits/payments',
  '/settings/cookie-preferences/': null,
  '/settings/team/': 'GET /team/members',
  '/settings/audit-log/': 'GET /audit-log',
  '/settings/webhooks/': 'GET /webhooks',
};

describe('role-aware settings links', () => {
  it.each([...ACCOUNT_LINKS, ...TEAM_LINKS])(
    "$label: the roles of the page's main call",
    (link) => {
      const call = MAIN_CALL[link.to];
      expect(call).not.toBeUndefined();
      const access = call ? V1_ACCESS[call] : null;
      const expected = access && access.kind === 'member' ? [...access.roles] : null;
      expect(
        expected === null || expected.length === ROLES.length ? null : [...expected].sort(),
      ).toEqual(link.roles === null ? null : [...link.roles].sort());
    },
  );

  it('shows a billing member no keys page, a developer no buy-credits page, and every page until the role is known', () => {
    const all = [...ACCOUNT_LINKS, ...TEAM_LINKS];
    const labels = (role: Parameters<typeof linksForRole>[1]) =>
      linksForRole(all, role).map((link) => link.label);
    expect(labels('billing')).toEqual(['Usage', 'Buy credits', 'Cookie preferences', 'Team']);
    expect(labels('developer')).toEqual([
      'API keys',
      'Usage',
      'Cookie preferences',
      'Team',
      'Webhooks',
    ]);
    expect(labels('owner')).toHaveLength(7);
    expect(labels(null)).toHaveLength(7);
  });
});
