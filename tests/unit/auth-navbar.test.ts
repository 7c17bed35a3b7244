import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_LINKS,
  DASHBOARD_PATH,
  isDashboardPath,
  SIGN_UP_PATH,
} from '../../src/components/NavbarItems/links';
import { balanceTooltip } from '../../src/components/NavbarItems/CreditChip/tooltip';

describe('navbar auth item and balance chip rules', () => {
  it('treats any path containing "dashboard", in any case, as a dashboard path', () => {
    expect(isDashboardPath('/dashboard/public-deployment/')).toBe(true);
    expect(isDashboardPath('/DASHBOARD/public-deployment/')).toBe(true);
    expect(isDashboardPath('/docs/My-Dashboard-guide/')).toBe(true);
    expect(isDashboardPath('/pricing/')).toBe(false);
    expect(isDashboardPath('/')).toBe(false);
  });

  it('links to the spec destinations', () => {
    expect(DASHBOARD_PATH).toBe('/dashboard/public-deployment/object-detection/');
    expect(SIGN_UP_PATH).toBe('/sign-up/');
    expect(ACCOUNT_LINKS.map((link) => link.to)).toEqual([
      '/settings/api-keys/',
      '/settings/usage/',
      '/settings/buy-credits/',
      '/settings/cookie-preferences/',
    ]);
  });

  it('words the balance tooltip as the spec template, with the amount unformatted', () => {
    expect(balanceTooltip(25)).toBe('Balance: 25 - Click to buy more credits');
    expect(balanceTooltip(24.998)).toBe('Balance: 24.998 - Click to buy more credits');
  });
});
