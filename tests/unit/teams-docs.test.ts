import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROLE_DESCRIPTIONS, ROLES, V1_ACCESS } from '@contract';

const doc = readFileSync(new URL('../../docs/teams.mdx', import.meta.url), 'utf8');

describe('the teams documentation', () => {
  it("lists every organization operation with the contract's roles, and nothing else", () => {
    const documented = new Map<string, { roles: string; adminKeys: string }>();
    for (const match of doc.matchAll(/^\| `([A-Z]+ [^`]+)` \| ([a-z, ]+) \| (yes|no) \|$/gm)) {
      documented.set(match[1]!, { roles: match[2]!, adminKeys: match[3]! });
    }
    const expected = new Map<string, { roles: string; adminKeys: string }>();
    for (const [key, access] of Object.entries(V1_ACCESS)) {
      if (access.kind !== 'member') continue;
      expected.set(key, {
        roles: access.roles.join(', '),
        adminKeys: 'people_only' in access && access.people_only ? 'no' : 'yes',
      });
    }
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(expected));
  });

  it('describes every role', () => {
    for (const role of ROLES) {
      expect(ROLE_DESCRIPTIONS[role]).toBeTruthy();
      expect(doc).toMatch(new RegExp(`^\\| ${role[0]!.toUpperCase()}${role.slice(1)} \\|`, 'm'));
    }
  });
});
