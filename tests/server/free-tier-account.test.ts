/**
 * Issue 31: free accounts cannot be turned into a relay. Inviting and accepting need a verified
 * e-mail address; an unverified account owns one organization; a person sends at most
 * INVITATIONS_PER_ACCOUNT_PER_DAY invitations a day across all their organizations; and a name
 * someone chose never heads our e-mail (subjects carry no user text) nor becomes a link in it.
 *
 * Runs on PGlite and, in CI's PostgreSQL pass, on PostgreSQL (the quotas are counted under locks).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITATIONS_PER_ACCOUNT_PER_DAY,
  INVITATIONS_PER_HOUR,
  VERIFY_FOR_MORE_ORGANIZATIONS_MESSAGE,
  VERIFY_TO_ACCEPT_MESSAGE,
  VERIFY_TO_INVITE_MESSAGE,
} from '@contract';
import { mailSafeName } from '../../server/src/billing/mailer';
import {
  createHarness,
  emulatorToken,
  invitationToken,
  ORGANIZATION,
  person,
  registerUser,
  type Harness,
  type TestUser,
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
}
const mailsTo = (email: string) =>
  (h.mail.messages as Mail[]).filter((message) => message.to.includes(email));

const invite = (user: { auth: { authorization: string } }, orgId: string, email: string) =>
  h.callApi({
    method: 'POST',
    url: '/v1/team/invitations',
    headers: { ...user.auth, 'x-organization-id': orgId },
    payload: { email, role: 'developer' },
  });

async function organizationOf(user: TestUser): Promise<string> {
  const answer = await h.callApi({ method: 'GET', url: '/v1/organization', headers: user.auth });
  return answer.json().id as string;
}

async function anotherOrganization(user: TestUser, name = `Org ${randomUUID().slice(0, 8)}`) {
  const answer = await h.callApi({
    method: 'POST',
    url: '/v1/organizations',
    headers: user.auth,
    payload: { ...ORGANIZATION, name },
  });
  return answer;
}

describe('a verified e-mail address to invite or to accept', () => {
  it('an unverified owner may not invite nor resend: 403 email_not_verified, nothing sent', async () => {
    const owner = await registerUser(h, {}, { email_verified: false });
    const orgId = await organizationOf(owner);
    const email = `${randomUUID()}@example.com`;
    const refused = await invite(owner, orgId, email);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'email_not_verified',
      error_message: VERIFY_TO_INVITE_MESSAGE,
    });
    expect(refused.headers['x-should-retry']).toBe('false');
    expect(mailsTo(email)).toHaveLength(0);
    const resend = await h.callApi({
      method: 'POST',
      url: '/v1/team/invitations/00000000-0000-0000-0000-000000000000/resend',
      headers: { ...owner.auth, 'x-organization-id': orgId },
    });
    expect(resend.statusCode).toBe(403);
    expect(resend.json().code).toBe('email_not_verified');
  });

  it('an unverified invitee may not accept; the invitation stays usable once they verify', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationOf(owner);
    const invitee = person();
    expect((await invite(owner, orgId, invitee.email)).statusCode).toBe(200);
    const token = invitationToken(h, invitee.email);
    const unverified = {
      authorization: `Bearer ${emulatorToken(invitee.uid, { email: invitee.email, email_verified: false })}`,
    };
    // Repeated and concurrent: every try is refused, none joins.
    const tries = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.callApi({
          method: 'POST',
          url: '/v1/invitations/accept',
          headers: unverified,
          payload: { token },
        }),
      ),
    );
    for (const answer of tries) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toMatchObject({
        code: 'email_not_verified',
        error_message: VERIFY_TO_ACCEPT_MESSAGE,
      });
    }
    const accepted = await h.callApi({
      method: 'POST',
      url: '/v1/invitations/accept',
      headers: invitee.auth,
      payload: { token },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('the identity provider’s record counts when the token predates the verification', async () => {
    const owner = await registerUser(h, {}, { email_verified: false });
    const orgId = await organizationOf(owner);
    const lookup = h.deps.verifier.lookupEmailVerified;
    h.deps.verifier.lookupEmailVerified = async () => true;
    try {
      const sent = await invite(owner, orgId, `${randomUUID()}@example.com`);
      expect(sent.statusCode, sent.body).toBe(200);
    } finally {
      h.deps.verifier.lookupEmailVerified = lookup;
    }
  });
});

describe('organizations of an unverified account', () => {
  it('one organization; another is 403 email_not_verified, even 10 at once', async () => {
    const owner = await registerUser(h, {}, { email_verified: false });
    const answers = await Promise.all(Array.from({ length: 10 }, () => anotherOrganization(owner)));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toMatchObject({
        code: 'email_not_verified',
        error_message: VERIFY_FOR_MORE_ORGANIZATIONS_MESSAGE,
      });
    }
    const list = await h.callApi({ method: 'GET', url: '/v1/organizations', headers: owner.auth });
    expect(list.json().organizations).toHaveLength(1);
  });

  it('a first organization created concurrently, unverified: exactly one', async () => {
    const uid = `user-${randomUUID()}`;
    const auth = { authorization: `Bearer ${emulatorToken(uid, { email_verified: false })}` };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        h.callApi({
          method: 'POST',
          url: i % 2 ? '/v1/organizations' : '/v1/organization',
          headers: auth,
          payload: ORGANIZATION,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
  });

  it('a verified account keeps creating organizations', async () => {
    const owner = await registerUser(h);
    for (let i = 0; i < 3; i++) {
      const answer = await anotherOrganization(owner);
      expect(answer.statusCode, answer.body).toBe(200);
    }
  });
});

describe('the invitation quota per account', () => {
  it(`${INVITATIONS_PER_ACCOUNT_PER_DAY} a day across every organization, concurrent ones included`, async () => {
    const owner = await registerUser(h);
    const orgs = [await organizationOf(owner)];
    for (let i = 0; i < 3; i++) orgs.push((await anotherOrganization(owner)).json().id);
    // Two organizations at their hourly limit each…
    const sequential = 2 * INVITATIONS_PER_HOUR;
    for (let i = 0; i < sequential; i++) {
      const sent = await invite(owner, orgs[i % 2]!, `q${i}-${randomUUID()}@example.com`);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    // …then 20 at once from the two others: only what is left of the day's quota passes.
    const left = INVITATIONS_PER_ACCOUNT_PER_DAY - sequential;
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        invite(owner, orgs[2 + (i % 2)]!, `burst${i}-${randomUUID()}@example.com`),
      ),
    );
    expect(burst.filter((answer) => answer.statusCode === 200)).toHaveLength(left);
    const refused = burst.filter((answer) => answer.statusCode !== 200);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(429);
      const body = answer.json();
      expect(body.code).toBe('rate_limited');
      expect(body.error_message).toMatch(/across all your organizations/);
      expect(body.details.limit).toBe(INVITATIONS_PER_ACCOUNT_PER_DAY);
      expect(body.details.window_seconds).toBe(86_400);
      const resetsAt = Date.parse(body.details.resets_at);
      expect(resetsAt).toBeGreaterThan(Date.now() + 86_000_000);
      const retryAfter = Number(answer.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(86_000);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      expect(answer.headers['x-should-retry']).toBe('true');
    }
    // Another member of the same organization has a quota of their own.
    const other = await registerUser(h);
    expect(
      (await invite(other, await organizationOf(other), `${randomUUID()}@example.com`)).statusCode,
    ).toBe(200);
  }, 60_000);

  it('the hourly limit per organization says when it resets, the same way', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationOf(owner);
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) {
      expect((await invite(owner, orgId, `h${i}-${randomUUID()}@example.com`)).statusCode).toBe(
        200,
      );
    }
    const refused = await invite(owner, orgId, `${randomUUID()}@example.com`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().details).toMatchObject({
      limit: INVITATIONS_PER_HOUR,
      window_seconds: 3600,
    });
    expect(Date.parse(refused.json().details.resets_at)).toBeGreaterThan(Date.now());
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
  }, 30_000);
});

describe('names someone chose, in our e-mail', () => {
  const HOSTILE_NAMES = [
    'Claim your refund at https://evil.example/pay?now=1',
    'evil.example',
    'www.evil.example',
    'Pay now: evil．example', // a full-width dot
    'Pay now: evil。example', // an ideographic full stop, read as a dot by browsers
    'support@evil.example',
    '\u202Eelpmaxe.live\u202C refunds', // a right-to-left override
    'evil\u200B.\u200Bexample', // zero-width spaces around the dot
    `Acme ${'x'.repeat(100)} https://evil.example`, // 126 characters, the link past the cut
  ];

  it.each(HOSTILE_NAMES.map((name) => [name]))(
    'the invitation from %j: a fixed subject, and no link nor URL in the body',
    async (name) => {
      const owner = await registerUser(h);
      const created = await anotherOrganization(owner, name);
      expect(created.statusCode, created.body).toBe(200);
      const invitee = `${randomUUID()}@example.com`;
      expect((await invite(owner, created.json().id, invitee)).statusCode).toBe(200);
      const [mail] = mailsTo(invitee);
      expect(mail!.subject).toBe('You are invited to join an organization on VisionAPI');
      // The only link is ours; the name's URLs and domains are defanged.
      const links = mail!.text.match(/https?:\/\/\S+/g) ?? [];
      expect(links.every((link) => link.startsWith(h.config.siteUrl))).toBe(true);
      expect(mail!.text).not.toMatch(/evil[.。．]example|elpmaxe\.live|@evil/);
      expect(mail!.text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/);
      expect(mail!.text).toContain('“');
    },
  );

  it('control characters and lone surrogates never reach a name (400 at the source)', async () => {
    const owner = await registerUser(h);
    for (const name of ['Acme\r\nBcc: victim@example.com', 'Acme\u0000', 'Acme\ud800']) {
      const answer = await anotherOrganization(owner, name);
      expect(answer.statusCode, JSON.stringify(name)).toBe(400);
      expect(answer.json().code).toBe('invalid_request');
    }
  });

  it('the ownership e-mail has a fixed subject and a defanged name too', async () => {
    const owner = await registerUser(h, { name: 'Transfer to https://evil.example' });
    const orgId = await organizationOf(owner);
    const member = person();
    await invite(owner, orgId, member.email);
    await h.callApi({
      method: 'POST',
      url: '/v1/invitations/accept',
      headers: member.auth,
      payload: { token: invitationToken(h, member.email) },
    });
    const moved = await h.callApi({
      method: 'POST',
      url: '/v1/team/transfer',
      headers: { ...owner.auth, 'x-organization-id': orgId },
      payload: { uid: member.uid },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const mail = mailsTo(member.email).find((m) => m.subject.includes('owner'))!;
    expect(mail.subject).toBe('You are now the owner of an organization on VisionAPI');
    expect(mail.text).toContain('“Transfer to https[:]//evil[.]example”');
  });

  it('mailSafeName: defangs, strips format characters, cuts long names', () => {
    expect(mailSafeName('Acme Vision Labs')).toBe('“Acme Vision Labs”');
    expect(mailSafeName('Acme Inc.')).toBe('“Acme Inc.”');
    expect(mailSafeName('https://evil.example/x')).toBe('“https[:]//evil[.]example/x”');
    expect(mailSafeName('a@b.c')).toBe('“a[at]b[.]c”');
    expect(mailSafeName('\u202Eabc\u200B\u0007')).toBe('“abc”');
    expect(mailSafeName('  ')).toBe('“unnamed”');
    const long = mailSafeName('y'.repeat(200));
    expect([...long].length).toBeLessThanOrEqual(63);
    expect(long.endsWith('…”')).toBe(true);
    // An emoji is not cut in half.
    expect(mailSafeName('🚀'.repeat(100)).includes('\ufffd')).toBe(false);
  });
});
