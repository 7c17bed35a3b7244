/** Ports and environment of the local stack (see README of scripts/stack/run.mjs). */
export const STACK = {
  projectId: 'demo-visionapi',
  apiPort: 4010,
  servicesPort: 4020,
  authEmulatorPort: 9099,
  sitePort: 3000,
  servedSitePort: 3001,
  /** 200 once every part of the stack answers (scripts/stack/run.mjs). */
  readyPort: 4011,
  /** The mail catcher: SMTP and its web inbox (scripts/stack/mail-catcher.mjs). */
  mailSmtpPort: 1025,
  mailWebPort: 1080,
};

/** The environment every stack process gets; explicit settings from the caller win. */
export function stackEnv(base) {
  return {
    ...base,
    FIREBASE_AUTH_EMULATOR_HOST:
      base.FIREBASE_AUTH_EMULATOR_HOST || `127.0.0.1:${STACK.authEmulatorPort}`,
    FIREBASE_PROJECT_ID: base.FIREBASE_PROJECT_ID || STACK.projectId,
    GCLOUD_PROJECT: base.GCLOUD_PROJECT || STACK.projectId,
    // Local mode: the sandbox payments and answers and the Auth emulator are allowed (server/src/config.ts).
    STACK_MODE: base.STACK_MODE || 'local',
    // Sandbox payments settle like card payments: `processing` for a moment, then fulfilled, so
    // the buy-credits page's wait for fulfilment is what a Stripe buyer sees.
    SANDBOX_FULFILMENT_DELAY_MS: base.SANDBOX_FULFILMENT_DELAY_MS ?? '1500',
    // Every browser of the test suites posts feedback from 127.0.0.1: room for a whole run
    // (production: FEEDBACK_RATE_LIMIT_MAX defaults to 10 an hour per address).
    FEEDBACK_RATE_LIMIT_MAX: base.FEEDBACK_RATE_LIMIT_MAX ?? '500',
    // E-mail goes to the local mail catcher; its inbox is on the web port.
    SMTP_URL: base.SMTP_URL || `smtp://127.0.0.1:${STACK.mailSmtpPort}`,
    // firebase-tools: no update check against the registry, no prompts.
    NO_UPDATE_NOTIFIER: '1',
    FORCE_COLOR: base.FORCE_COLOR ?? '1',
  };
}
