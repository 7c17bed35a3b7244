/** Pure rules behind PlainLink and the lean navbar menu (unit-tested). */

/** The mouse-event fields a click decision needs. */
export interface ClickLike {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
}

/**
 * A click the router should handle (React Router's rule): plain left click, no modifier, not
 * already handled. Anything else (new tab, new window, download) is left to the browser.
 */
export function isPlainClick(event: ClickLike): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

/** React Router's NavLink rule (not exact): the path itself or any page under it. */
export function isActivePath(pathname: string, path: string): boolean {
  if (pathname === path) return true;
  return pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}

/** A `{ label, to }` item and nothing else: no type, extra props, href or active rules. */
export function isPlainItem(item: object): item is { label: string; to: string } {
  const { label, to } = item as { label?: unknown; to?: unknown };
  return (
    typeof label === 'string' &&
    typeof to === 'string' &&
    Object.keys(item).every((key) => key === 'label' || key === 'to')
  );
}

/**
 * A path of this site's pages that a PlainLink can render: one leading slash (not `//`, not a
 * `pathname://` or other scheme), no fragment, query or backslash.
 */
export function isSitePagePath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('#') &&
    !path.includes('?') &&
    !path.includes('\\')
  );
}

/**
 * The page path of a Markdown link that a PlainLink renders exactly as the theme's Link would
 * (src/theme/MDXComponents): an `href` and children only, a site page path ending in `/` (the
 * site's trailing-slash form, so Link would not rewrite it). Else null.
 */
export function mdxLinkPath(props: object): string | null {
  const { href, children: _children, ...rest } = props as { href?: unknown; children?: unknown };
  if (Object.keys(rest).length > 0 || !isSitePagePath(href) || !href.endsWith('/')) return null;
  return href;
}

/** The props LeanLink passes on to a PlainLink; any other prop keeps Docusaurus's Link. */
export const LEAN_PROPS: ReadonlySet<string> = new Set([
  'to',
  'className',
  'aria-current',
  'tabIndex',
  'onClick',
  'children',
]);

/**
 * The site path a LeanLink renders as a PlainLink: `to` (not `href`) is a path of this site (one
 * leading slash, no `pathname://`, fragment or query), `aria-current` is absent or "page", and
 * every other prop is one PlainLink takes. Else null: Docusaurus's Link renders it.
 */
export function leanLinkTarget(props: object): string | null {
  const { to } = props as { to?: unknown };
  if (!isSitePagePath(to)) return null;
  const current = (props as { 'aria-current'?: unknown })['aria-current'];
  if (current !== undefined && current !== 'page') return null;
  for (const [key, value] of Object.entries(props))
    if (value !== undefined && !LEAN_PROPS.has(key)) return null;
  return to;
}
