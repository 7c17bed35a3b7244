/**
 * E-mail through SMTP (nodemailer): low-balance alerts, failed automatic charges, and the
 * feedback and contact messages. Locally `SMTP_URL` points at the stack's mail catcher
 * (scripts/stack/mail-catcher.mjs); outside local mode it must be set.
 */
import nodemailer from 'nodemailer';
import { ROLE_DESCRIPTIONS, ROLE_MEMBER_NOUNS, type Role } from '@contract';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: () => transport.close(),
  };
}

/** Longest user-chosen name an e-mail quotes (organization and key names allow 128 and more). */
export const MAIL_NAME_MAX = 60;

/**
 * A name someone chose (an organization's, a key's), made safe to quote in an e-mail body:
 * NFKC (full-width dots become dots), control and format characters removed (bidi overrides,
 * zero-width characters), spaces collapsed, cut to MAIL_NAME_MAX, and "defanged" so that no mail
 * client turns it into a link: `example.com` → `example[.]com`, `https://` → `https[:]//`,
 * `a@b` → `a[at]b`. Then quoted. Never used in a subject: subjects carry no user-chosen text,
 * so nobody can send our mail with their words as its headline.
 */
export function mailSafeName(name: string): string {
  let text = name
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  if ([...text].length > MAIL_NAME_MAX)
    text = `${[...text].slice(0, MAIL_NAME_MAX).join('').trimEnd()}…`;
  text = text
    // A dot (or an ideographic one, which browsers read as a dot) between letters or digits.
    .replace(/(?<=[\p{L}\p{N}])[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu, '[.]')
    .replace(/:\/\//g, '[:]//')
    .replace(/@/g, '[at]');
  return `“${text || 'unnamed'}”`;
}

/** Exact, as the site writes money: as many decimals as the amount has, 2 to 6 ($0.012). */
export const usd = (micros: number) =>
  `${micros < 0 ? '-' : ''}$${(Math.abs(micros) / 1_000_000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;

export const MESSAGES = {
  lowBalance: (
    organization: string,
    balanceMicros: number,
    thresholdMicros: number,
    site: string,
  ) => ({
    subject: `Your VisionAPI balance is below ${usd(thresholdMicros)}`,
    text: [
      `The credit balance of the organization ${mailSafeName(organization)} is ${usd(balanceMicros)}, below the alert threshold of ${usd(thresholdMicros)} you set.`,
      '',
      'When it cannot cover a call, calls are refused with 402 and nothing is charged.',
      `Buy credits: ${site}/settings/buy-credits/`,
      '',
      'You get this e-mail once each time the balance falls below the threshold.',
    ].join('\n'),
  }),
  keyPaused: (
    organization: string,
    key: string,
    daySpendMicros: number,
    trailingMicros: number,
    site: string,
  ) => ({
    subject: 'Your VisionAPI API key was paused',
    text: [
      `The API key ${mailSafeName(key)} of the organization ${mailSafeName(organization)} spent ${usd(daySpendMicros)} today, far above its usual ${usd(trailingMicros)} a day, so it was paused: its calls are refused and cost nothing.`,
      '',
      'If you did not expect this, the key may have leaked: roll it (a new secret, the old one revoked at once) or delete it.',
      `If the usage is expected, enable the key again in one click: ${site}/settings/api-keys/`,
    ].join('\n'),
  }),
  rechargePaused: (organization: string, reason: string, site: string) => ({
    subject: 'Your VisionAPI auto-recharge was paused by its daily ceiling',
    text: [
      `Auto-recharge of the organization ${mailSafeName(organization)} is paused. ${reason}`,
      '',
      'Calls keep working while the balance lasts; when it runs out they are refused with 402 and nothing is charged.',
      `Review your keys' usage and turn auto-recharge back on: ${site}/settings/buy-credits/`,
      `Usage by key: ${site}/settings/usage/`,
    ].join('\n'),
  }),
  rechargeFailed: (organization: string, amountMicros: number, reason: string, site: string) => ({
    subject: 'Your VisionAPI auto-recharge failed and was turned off',
    text: [
      `We tried to charge ${usd(amountMicros)} to the saved card of the organization ${mailSafeName(organization)} because its balance fell below your auto-recharge threshold. The charge failed: ${reason}`,
      '',
      'Auto-recharge is now off, so no further attempts will be made.',
      `Update the card or buy credits: ${site}/settings/buy-credits/`,
    ].join('\n'),
  }),
};

/** Team e-mails: the invitation with its single-use link; ownership received. */
export const TEAM_MESSAGES = {
  invitation: (options: {
    organization: string;
    inviter: string | null;
    role: Role;
    link: string;
    expiresAt: Date;
  }) => ({
    subject: 'You are invited to join an organization on VisionAPI',
    text: [
      `${options.inviter ?? 'A member'} invited you to join the organization ${mailSafeName(options.organization)} on VisionAPI as ${ROLE_MEMBER_NOUNS[options.role]}: ${ROLE_DESCRIPTIONS[options.role].charAt(0).toLowerCase()}${ROLE_DESCRIPTIONS[options.role].slice(1)}`,
      '',
      `Accept the invitation: ${options.link}`,
      '',
      `The link works once, for this e-mail address, until ${options.expiresAt.toUTCString()}.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n'),
  }),
  ownershipReceived: (options: {
    organization: string;
    previousOwner: string | null;
    at: Date;
    site: string;
  }) => ({
    subject: 'You are now the owner of an organization on VisionAPI',
    text: [
      `${options.previousOwner ?? 'The previous owner'} transferred the ownership of the organization ${mailSafeName(options.organization)} on VisionAPI to you on ${options.at.toUTCString()}; they are now an admin.`,
      '',
      'As the owner you can do everything in the organization, including removing members and transferring ownership. You cannot leave it until you transfer ownership to another member.',
      `Team and roles: ${options.site}/settings/team/`,
      '',
      `If you did not expect this, review the organization's audit log: ${options.site}/settings/audit-log/`,
    ].join('\n'),
  }),
};
