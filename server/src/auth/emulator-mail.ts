/**
 * Local mode only: the Firebase Auth emulator sends no e-mail (it keeps each out-of-band code
 * and prints its link in its own log). This relay reads the emulator's new codes and delivers
 * each as a real e-mail to the local inbox, in the product's words, with a link to the site's
 * own action page (`/auth-action/`: verify the address, reset the password, recover the
 * address), the page a production Firebase project names as its custom action URL. So a local
 * sign-up gets its verification mail where every other mail of the stack goes.
 */
import type { Mailer } from '../billing/mailer';

/** A code as the emulator lists it (`GET /emulator/v1/projects/{id}/oobCodes`). */
export interface EmulatorOobCode {
  email: string;
  oobCode: string;
  requestType: string;
  newEmail?: string;
}

/** Firebase's request types to the action page's `mode`, as Firebase's own links name them. */
const MODES: Record<string, string> = {
  VERIFY_EMAIL: 'verifyEmail',
  PASSWORD_RESET: 'resetPassword',
  RECOVER_EMAIL: 'recoverEmail',
  VERIFY_AND_CHANGE_EMAIL: 'verifyAndChangeEmail',
};

export function actionLink(siteUrl: string, mode: string, oobCode: string): string {
  const params = new URLSearchParams({ mode, oobCode, lang: 'en' });
  return `${siteUrl}/auth-action/?${params.toString()}`;
}

/** The e-mail for one code, or null for a kind this product does not send. */
export function authMail(
  code: EmulatorOobCode,
  siteUrl: string,
): { to: string; subject: string; text: string } | null {
  const mode = MODES[code.requestType];
  if (!mode) return null;
  const link = actionLink(siteUrl, mode, code.oobCode);
  const ignore = 'If you did not ask for this, you can ignore this e-mail.';
  switch (code.requestType) {
    case 'VERIFY_EMAIL':
      return {
        to: code.email,
        subject: 'Verify your e-mail address for VisionAPI',
        text: [
          `Open this link to verify ${code.email} for your VisionAPI account:`,
          link,
          '',
          'Buying credits and receiving receipts need a verified address.',
          ignore,
        ].join('\n'),
      };
    case 'PASSWORD_RESET':
      return {
        to: code.email,
        subject: 'Reset your VisionAPI password',
        text: [
          `Open this link to choose a new password for ${code.email}:`,
          link,
          '',
          'The link works once and for a limited time.',
          ignore,
        ].join('\n'),
      };
    case 'RECOVER_EMAIL':
      return {
        to: code.email,
        subject: 'The e-mail address of your VisionAPI account was changed',
        text: [
          `The sign-in address of your VisionAPI account was changed from ${code.email}.`,
          `If you did not change it, open this link to restore ${code.email}:`,
          link,
        ].join('\n'),
      };
    default:
      return {
        to: code.newEmail ?? code.email,
        subject: 'Confirm the new e-mail address of your VisionAPI account',
        text: [
          `Open this link to make ${code.newEmail ?? code.email} the sign-in address of your VisionAPI account:`,
          link,
          '',
          ignore,
        ].join('\n'),
      };
  }
}

export interface EmulatorMailRelay {
  /** Reads the emulator's codes once and mails the new ones; returns how many were sent. */
  poll(): Promise<number>;
  stop(): void;
}

export function createEmulatorMailRelay(options: {
  emulatorHost: string;
  projectId: string;
  mailer: Mailer;
  siteUrl: string;
  /** How often to look; null: only when `poll` is called (tests). */
  intervalMs?: number | null;
  /**
   * Codes the emulator already holds at the first look are not mailed: they were made before
   * this process started (a restart of the API under `tsx watch` must not send them again).
   */
  skipExisting?: boolean;
  log?: { warn: (details: object, message: string) => void };
}): EmulatorMailRelay {
  const url = `http://${options.emulatorHost}/emulator/v1/projects/${options.projectId}/oobCodes`;
  const sent = new Set<string>();
  let running = false;
  let warned = false;
  let baseline = options.skipExisting ?? false;
  async function poll(): Promise<number> {
    if (running) return 0;
    running = true;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) return 0;
      const { oobCodes = [] } = (await response.json()) as { oobCodes?: EmulatorOobCode[] };
      let count = 0;
      if (baseline) {
        for (const code of oobCodes) sent.add(code.oobCode);
        baseline = false;
      }
      for (const code of oobCodes) {
        if (sent.has(code.oobCode)) continue;
        sent.add(code.oobCode);
        const mail = authMail(code, options.siteUrl);
        if (!mail) continue;
        try {
          await options.mailer.send(mail);
          count++;
        } catch (error) {
          // Tried once: the code stays in the emulator's log, as before.
          options.log?.warn({ code: (error as { code?: string }).code }, 'auth e-mail not sent');
        }
      }
      warned = false;
      return count;
    } catch (error) {
      // The emulator is starting or gone: try again at the next tick.
      if (!warned)
        options.log?.warn(
          { url, code: (error as { code?: string }).code },
          'Auth emulator not answering',
        );
      warned = true;
      return 0;
    } finally {
      running = false;
    }
  }
  const interval = options.intervalMs === undefined ? 1_000 : options.intervalMs;
  const timer = interval === null ? null : setInterval(() => void poll(), interval);
  timer?.unref();
  return {
    poll,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
