/** mdxLinkPath (src/components/PlainLink/links.ts): which Markdown links become a PlainLink. */
import { describe, expect, it } from 'vitest';
import { mdxLinkPath } from '../../src/components/PlainLink/links';

describe('Markdown links rendered as PlainLink', () => {
  it('takes a page of the site in its trailing-slash form', () => {
    expect(mdxLinkPath({ href: '/pricing/', children: 'Pricing' })).toBe('/pricing/');
    expect(mdxLinkPath({ href: '/dashboard/public-deployment/object-detection/' })).toBe(
      '/dashboard/public-deployment/object-detection/',
    );
  });

  it("leaves every other link to the theme's Link", () => {
    for (const href of [
      'https://example.com/',
      '//evil.example/',
      '#errors',
      '/pricing/#estimator',
      '/status/?x=1',
      '/pricing',
      'pathname:///llms.txt',
      'mailto:a@b.c',
      '/\\evil.example/',
      '',
    ])
      expect(mdxLinkPath({ href }), href).toBeNull();
    expect(mdxLinkPath({})).toBeNull();
    expect(mdxLinkPath({ href: '/pricing/', title: 'Prices' })).toBeNull();
    expect(mdxLinkPath({ href: '/pricing/', target: '_blank' })).toBeNull();
  });
});
