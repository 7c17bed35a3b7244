/**
 * Content-Security-Policy violations, as the browser reports them: every
 * `securitypolicyviolation` event of every page of a context. Used by
 * security-headers.e2e.ts (each route's own HTML) and by the a11y sweep's walks, which already
 * visit every route with its code running (signed out, with every cookie category accepted, and
 * signed in), so the policy is checked there at no extra page load. A blocked request also
 * writes a console error, which fails any test through the shared fixtures; the events add
 * what was blocked and which directive did it.
 */
import type { BrowserContext } from '@playwright/test';
import { ACCEPTED } from '../../../bench/acceptedCookies.mjs';

export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

/** Records every violation of every page and frame of the context from now on. */
export async function recordViolations(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await context.exposeBinding(
    '__reportCspViolation',
    ({ page }, found: Omit<CspViolation, 'page'>) => {
      violations.push({ page: new URL(page.url()).pathname, ...found });
    },
  );
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (v: unknown) => void>)
        .__reportCspViolation;
      report?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      });
    });
  });
  return violations;
}

/**
 * Every optional cookie category accepted (analytics, marketing, scheduling) before every page
 * of the context loads, so every consented script runs under the policy. The site's own
 * top-level documents only: an init script also runs in every frame (the booking widget's),
 * where storage may be denied.
 */
export async function acceptEveryCookie(context: BrowserContext): Promise<void> {
  await context.addInitScript(([key, value]) => {
    if (window.top !== window) return;
    window.localStorage.setItem(key!, value!);
  }, ACCEPTED);
}
