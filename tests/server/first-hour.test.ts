/**
 * The first hour of a new team (issue 32), server side: test keys whose secrets the docs' samples
 * carry, who created each key, handing a removed member's keys over, telling a removed person who
 * removed them, the receipt e-mail with its invoice, the Auth emulator's mails in the local inbox,
 * invitation wording by role, and a state only where the country's addresses have one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryHasRegions } from '@contract/address';
import { authMail, createEmulatorMailRelay } from '../../server/src/auth/emulator-mail';
import {
  buyCredits,
  createHarness,
  addMember,
  registerUser,
  testImage,
  type Harness,
} from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; size: number }>;
}
const mails = () => h.mail.messages as Mail[];

async function orgOf(user: { auth: Record<string, string> }): Promise<string> {
  const list = await h.callApi({ method: 'GET', url: '/v1/organizations', headers: user.auth });
  return list.json().organizations.find((o: { selected: boolean }) => o.selected).id;
}

const createKey = (who: { auth: Record<string, string> }, name: string, mode: 'live' | 'test') =>
  h.callApi({ method: 'POST', url: '/v1/api-key', headers: who.auth, payload: { name, mode } });

const listKeys = async (who: { auth: Record<string, string> }) => {
  const res = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().api_keys as Array<{
    id: string;
    name: string;
    mode: string;
    key?: string;
    created_by?: string | null;
  }>;
};

describe('test keys in the samples', () => {
  it("lists a test key's secret to the members who may use keys, never to a viewer", async () => {
    const owner = await registerUser(h);
    const orgId = await orgOf(owner);
    const developer = await addMember(h, owner, orgId, 'developer');
    const viewer = await addMember(h, owner, orgId, 'viewer');
    const created = await createKey(developer, 'Test key', 'test');
    expect(created.statusCode, created.body).toBe(200);
    const secret: string = created.json().key;
    expect(secret).toMatch(/^va_test_/);
    const live = await createKey(developer, 'Production', 'live');
    expect(live.statusCode).toBe(200);

    for (const member of [owner, developer]) {
      const keys = await listKeys(member);
      expect(keys.find((k) => k.name === 'Test key')).toMatchObject({ key: secret });
      // A live key's secret is shown once, never listed.
      expect(keys.find((k) => k.name === 'Production')?.key).toBeUndefined();
    }
    expect((await listKeys(viewer)).some((k) => k.key !== undefined)).toBe(false);

    // The listed secret runs as is from a terminal (no Origin header), free.
    const image = (await testImage('png')).toString('base64');
    const answer = await h.services.inject({
      method: 'POST',
      url: '/object-detection',
      headers: { 'api-key': secret },
      payload: { image },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().usage.cost_usd).toBe(0);
  });

  it('names who created each key', async () => {
    const owner = await registerUser(h);
    const orgId = await orgOf(owner);
    const developer = await addMember(h, owner, orgId, 'developer');
    await createKey(developer, 'Dev key', 'live');
    const keys = await listKeys(owner);
    expect(keys.find((k) => k.name === 'Dev key')?.created_by).toBe(developer.email);
    expect(keys.find((k) => k.name === 'Playground key')?.created_by).toBe(
      `${owner.uid}@example.com`,
    );
  });
});

describe('removing a member', () => {
  it('hands their keys to another member first: the keys stay, with secrets the removed member never saw', async () => {
    const owner = await registerUser(h);
    const orgId = await orgOf(owner);
    const developer = await addMember(h, owner, orgId, 'developer');
    const billing = await addMember(h, owner, orgId, 'billing');
    const made = await createKey(developer, 'Pipeline', 'test');
    const secret: string = made.json().key;

    const toBilling = await h.callApi({
      method: 'DELETE',
      url: `/v1/team/members/${developer.uid}?hand_keys_to=${billing.uid}`,
      headers: owner.auth,
    });
    expect(toBilling.statusCode).toBe(409);
    expect(toBilling.json().error_message).toMatch(/cannot hold API keys/);

    const removed = await h.callApi({
      method: 'DELETE',
      url: `/v1/team/members/${developer.uid}?hand_keys_to=${owner.uid}`,
      headers: owner.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      removed: true,
      api_keys_handed_over: 1,
      api_keys_deleted: 0,
    });
    // Kept (its settings, its history) and handed over, but the secret the removed member was
    // shown no longer works: a new one, listed in the answer for the owner to pass on.
    expect(removed.json().api_keys_rotated).toEqual([expect.stringMatching(/^Pipeline \(/)]);
    const keys = await listKeys(owner);
    const kept = keys.find((k) => k.name === 'Pipeline');
    expect(kept).toMatchObject({ created_by: `${owner.uid}@example.com` });
    expect(kept!.key).toMatch(/^va_test_/);
    expect(kept!.key).not.toBe(secret);

    // The removed person learns which organization removed them, and who did.
    const theirs = await h.callApi({
      method: 'GET',
      url: '/v1/organizations',
      headers: developer.auth,
    });
    expect(theirs.json().organizations).toEqual([]);
    expect(theirs.json().removed_from).toEqual([
      expect.objectContaining({ organization_name: 'Acme Vision Labs' }),
    ]);
  });

  it("without a hand-over, the member's keys are deleted", async () => {
    const owner = await registerUser(h);
    const orgId = await orgOf(owner);
    const developer = await addMember(h, owner, orgId, 'developer');
    await createKey(developer, 'Gone', 'live');
    const removed = await h.callApi({
      method: 'DELETE',
      url: `/v1/team/members/${developer.uid}`,
      headers: owner.auth,
    });
    expect(removed.json()).toMatchObject({ api_keys_deleted: 1, api_keys_handed_over: 0 });
    expect((await listKeys(owner)).some((k) => k.name === 'Gone')).toBe(false);
  });
});

describe('e-mails', () => {
  it('sends the receipt with its invoice to the owner and billing members after a purchase', async () => {
    const owner = await registerUser(h);
    const orgId = await orgOf(owner);
    const billing = await addMember(h, owner, orgId, 'billing');
    const developer = await addMember(h, owner, orgId, 'developer');
    await buyCredits(h, owner, 25);
    let receipt: Mail | undefined;
    await expect
      .poll(
        () =>
          (receipt = mails().find(
            (m) => m.subject.startsWith('Your VisionAPI receipt') && m.to.includes(billing.email),
          )),
      )
      .toBeTruthy();
    expect(receipt!.to).toContain(`${owner.uid}@example.com`);
    expect(receipt!.to).not.toContain(developer.email);
    expect(receipt!.subject).toMatch(/VA-\d{6}: \$25\.00 of credits/);
    expect(receipt!.attachments).toEqual([
      expect.objectContaining({
        filename: expect.stringMatching(/^VA-\d{6}\.pdf$/),
        contentType: 'application/pdf',
      }),
    ]);
  });

  it('words the invitation by role', async () => {
    const owner = await registerUser(h);
    const orgId = await orgOf(owner);
    const member = await addMember(h, owner, orgId, 'billing');
    const invitation = mails().find((m) => m.to.includes(member.email))!;
    expect(invitation.text).toContain('as a billing member: buys credits');
    expect(invitation.text).not.toContain('as a billing.');
  });

  it("delivers the Auth emulator's codes as the product's mails, linking to the site's action page", async () => {
    const codes: object[] = [
      { email: 'old@example.com', oobCode: 'seen-before', requestType: 'VERIFY_EMAIL' },
    ];
    const emulator = http.createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ oobCodes: codes }));
    });
    await new Promise<void>((resolve) => emulator.listen(0, '127.0.0.1', resolve));
    const port = (emulator.address() as AddressInfo).port;
    const sent: Array<{ to: string; subject: string; text: string }> = [];
    const relay = createEmulatorMailRelay({
      emulatorHost: `127.0.0.1:${port}`,
      projectId: 'demo-visionapi',
      mailer: { send: async (m) => void sent.push(m), close: () => undefined },
      siteUrl: 'http://localhost:3001',
      intervalMs: null,
      skipExisting: true,
    });
    try {
      // Codes made before the relay started are not mailed again (an API restart).
      expect(await relay.poll()).toBe(0);
      codes.push(
        { email: 'new@example.com', oobCode: 'code-1', requestType: 'VERIFY_EMAIL' },
        { email: 'new@example.com', oobCode: 'code-2', requestType: 'PASSWORD_RESET' },
      );
      expect(await relay.poll()).toBe(2);
      expect(await relay.poll()).toBe(0);
      expect(sent[0]).toMatchObject({
        to: 'new@example.com',
        subject: 'Verify your e-mail address for VisionAPI',
      });
      expect(sent[0]!.text).toContain(
        'http://localhost:3001/auth-action/?mode=verifyEmail&oobCode=code-1&lang=en',
      );
      expect(sent[1]!.text).toContain('/auth-action/?mode=resetPassword&oobCode=code-2');
    } finally {
      relay.stop();
      emulator.close();
    }
    expect(
      authMail({ email: 'a@example.com', oobCode: 'x', requestType: 'EMAIL_SIGNIN' }, 'http://s'),
    ).toBeNull();
    expect(
      authMail({ email: 'a@example.com', oobCode: 'x', requestType: 'RECOVER_EMAIL' }, 'http://s')!
        .text,
    ).toContain('http://s/auth-action/?mode=recoverEmail&oobCode=x');
  });
});

describe("an organization's state", () => {
  it("is required only where the country's addresses have one", async () => {
    expect(countryHasRegions('US')).toBe(true);
    expect(countryHasRegions('IN')).toBe(true);
    expect(countryHasRegions('SG')).toBe(false);
    expect(countryHasRegions('DE')).toBe(false);
    const singapore = await registerUser(h, { country: 'SG', state: '' });
    expect(singapore.uid).toBeTruthy();
    await expect(registerUser(h, { country: 'US', state: '' })).rejects.toThrow(
      /state is required/,
    );
  });
});
