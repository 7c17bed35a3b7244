import { describe, expect, it } from 'vitest';
import {
  isActivePath,
  isPlainClick,
  isPlainItem,
  leanLinkTarget,
} from '@site/src/components/PlainLink/links';

const click = {
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
};

describe('PlainLink rules', () => {
  it('routes only a plain left click; modified, middle or handled clicks stay the browser’s', () => {
    expect(isPlainClick(click)).toBe(true);
    for (const change of [
      { button: 1 },
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { defaultPrevented: true },
    ]) {
      expect(isPlainClick({ ...click, ...change })).toBe(false);
    }
  });

  it('marks a menu link active on its page and the pages under it, like NavLink', () => {
    const docs = '/dashboard/public-deployment/';
    expect(isActivePath(docs, docs)).toBe(true);
    expect(isActivePath('/dashboard/public-deployment/object-detection/', docs)).toBe(true);
    expect(isActivePath('/dashboard/private-deployment/', docs)).toBe(false);
    // A shared prefix is not a parent path.
    expect(isActivePath('/settings/usage-export/', '/settings/usage')).toBe(false);
    expect(isActivePath('/settings/usage/', '/settings/usage')).toBe(true);
  });

  it('takes the lean path only for a bare { label, to } item', () => {
    expect(isPlainItem({ label: 'Usage', to: '/settings/usage/' })).toBe(true);
    expect(isPlainItem({ label: 'Docs', href: 'https://example.com/' })).toBe(false);
    expect(isPlainItem({ label: 'v2', to: '/v2/', isActive: () => true })).toBe(false);
    expect(isPlainItem({ type: 'doc', label: 'Doc', to: '/x/' })).toBe(false);
    expect(isPlainItem({ label: 'No target' })).toBe(false);
  });
});

describe('leanLinkTarget (the docs sidebar links LeanLink renders as PlainLink)', () => {
  it('takes an internal page path with the props the sidebar passes', () => {
    expect(
      leanLinkTarget({
        to: '/dashboard/public-deployment/object-detection',
        className: 'menu__link menu__link--active',
        'aria-current': 'page',
        tabIndex: 0,
        onClick: () => undefined,
        children: 'Object detection',
      }),
    ).toBe('/dashboard/public-deployment/object-detection');
    // Props the sidebar leaves undefined do not count.
    expect(leanLinkTarget({ to: '/pricing/', onClick: undefined, autoAddBaseUrl: undefined })).toBe(
      '/pricing/',
    );
  });

  it("leaves anything else to Docusaurus's Link", () => {
    for (const to of [
      'https://example.com/',
      '//evil.example/',
      '#x',
      '/a/#x',
      '/a/?b',
      'pathname:///llms.txt',
      '/\\evil.example/',
      'relative/',
    ])
      expect(leanLinkTarget({ to }), to).toBeNull();
    expect(leanLinkTarget({ href: '/pricing/' })).toBeNull();
    expect(leanLinkTarget({ to: '/pricing/', autoAddBaseUrl: false })).toBeNull();
    expect(leanLinkTarget({ to: '/pricing/', target: '_blank' })).toBeNull();
    expect(leanLinkTarget({ to: '/pricing/', 'aria-current': 'true' })).toBeNull();
  });
});
