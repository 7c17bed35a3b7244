import { describe, expect, it } from 'vitest';
import {
  checkLimits,
  deploymentsText,
  draftOf,
  expiryText,
  limitsChange,
  originsText,
  parseExpiry,
  parseOrigins,
  refusalsText,
} from '../../src/pages/settings/_components/api-keys/limits';
import { apiKeyFixture } from './support/apiKey';

const key = apiKeyFixture;

const NOW = new Date(2026, 2, 10, 12, 0, 0);

describe('a key’s limits on the keys page', () => {
  it('reads origins one per line or separated by commas, lowercased, once each', () => {
    expect(parseOrigins('')).toEqual({ value: null });
    expect(
      parseOrigins('https://App.example.com/\nhttp://localhost:3000, https://app.example.com'),
    ).toEqual({ value: ['https://app.example.com', 'http://localhost:3000'] });
    expect(parseOrigins('https://app.example.com/path')).toMatchObject({
      error: expect.stringContaining('is not an origin'),
    });
    expect(parseOrigins('app.example.com')).toMatchObject({ error: expect.any(String) });
    const many = Array.from({ length: 21 }, (_, i) => `https://a${i}.example.com`).join('\n');
    expect(parseOrigins(many)).toEqual({ error: 'A key takes at most 20 origins.' });
    expect(parseOrigins('x'.repeat(5000))).toEqual({ error: 'This list is too long.' });
  });

  it('expires at the end of the chosen local day, never in the past', () => {
    expect(parseExpiry('', NOW)).toEqual({ value: null });
    expect(parseExpiry('2026-03-10', NOW)).toEqual({
      value: new Date(2026, 2, 10, 23, 59, 59, 999).toISOString(),
    });
    expect(parseExpiry('2026-03-09', NOW)).toMatchObject({
      error: expect.stringContaining('today'),
    });
    expect(parseExpiry('2026-02-30', NOW)).toMatchObject({ error: expect.any(String) });
    expect(parseExpiry('2100-01-01', NOW)).toMatchObject({
      error: expect.stringContaining('2099'),
    });
  });

  it('sends every deployment as null and the checked ones in the API’s order', () => {
    expect(checkLimits({ deployments: [], origins: '', expires: '' }, NOW)).toEqual({
      limits: { allowed_deployments: null, allowed_origins: null, expires_at: null },
    });
    expect(
      checkLimits(
        {
          deployments: ['image-segmentation/semantic', 'object-detection'],
          origins: '',
          expires: '',
        },
        NOW,
      ),
    ).toMatchObject({
      limits: { allowed_deployments: ['object-detection', 'image-segmentation/semantic'] },
    });
    expect(checkLimits({ deployments: [], origins: 'nope', expires: '2020-01-01' }, NOW)).toEqual({
      errors: { origins: expect.any(String), expires: expect.any(String) },
    });
  });

  it('sends only what changed, and leaves an expiry that has passed alone', () => {
    const expired = key({
      allowed_deployments: ['object-detection'],
      expires_at: new Date(2026, 0, 1, 23, 59).toISOString(),
    });
    const draft = draftOf(expired);
    expect(draft).toEqual({
      deployments: ['object-detection'],
      origins: '',
      expires: '2026-01-01',
    });
    expect(limitsChange(expired, draft, NOW)).toEqual({ unchanged: true });
    expect(limitsChange(expired, { ...draft, origins: 'https://shop.example.com' }, NOW)).toEqual({
      body: { allowed_origins: ['https://shop.example.com'] },
    });
    expect(limitsChange(expired, { ...draft, deployments: [], expires: '' }, NOW)).toEqual({
      body: { allowed_deployments: null, expires_at: null },
    });
  });

  it('says each limit and the refused calls in its row', () => {
    expect(deploymentsText(key())).toBe('Every deployment');
    expect(
      deploymentsText(key({ allowed_deployments: ['object-detection', 'depth-estimation'] })),
    ).toBe('Only Object detection, Depth estimation');
    expect(originsText(key())).toBe('Any origin');
    expect(originsText(key({ used_for_ui: true }))).toBe('Browser calls from this site only');
    expect(originsText(key({ allowed_origins: ['https://shop.example.com'] }))).toBe(
      'Browser calls from https://shop.example.com',
    );
    expect(expiryText(key(), NOW)).toBe('No expiry');
    // The site's one date style, with the time zone.
    expect(expiryText(key({ expires_at: new Date(2026, 0, 1, 14, 5).toISOString() }), NOW)).toMatch(
      /^Expired Jan 1, 2026, 2:05 PM \S+$/,
    );
    expect(refusalsText(key())).toBe('No refused calls');
    expect(
      refusalsText(
        key({
          refused_calls: 2,
          last_refused: { at: new Date(2026, 2, 3, 9, 30).toISOString(), reason: 'deployment' },
        }),
      ),
    ).toMatch(/^2 refused calls · last Mar 3, 2026, 9:30 AM \S+ \(deployment not allowed\)$/);
  });
});
