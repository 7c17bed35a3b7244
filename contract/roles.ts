/** The roles of a member of an organization. Plain data: the site, the server and the SDKs read it. */

export const ROLES = ['owner', 'admin', 'developer', 'billing', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** What each role is for, as the team page and the API reference say it. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including transferring ownership and removing members.',
  admin: 'Everything but ownership.',
  developer:
    'Creates API keys and manages the ones they created; usage and the playground; reads the organization. No purchases or members.',
  billing: 'Buys credits; payment log, invoices, auto-recharge and alerts; usage. No API keys.',
  viewer: 'Reads everything; no key secrets, no purchases, no changes.',
};

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  billing: 'Billing',
  viewer: 'Viewer',
};

/** A member of each role in a sentence: "joins as a billing member", "is an admin". */
export const ROLE_MEMBER_NOUNS: Record<Role, string> = {
  owner: 'the owner',
  admin: 'an admin',
  developer: 'a developer',
  billing: 'a billing member',
  viewer: 'a viewer',
};

/** Roles an invitation, an admin key or a role change may give (ownership moves by transfer). */
export const ASSIGNABLE_ROLES = ['admin', 'developer', 'billing', 'viewer'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
