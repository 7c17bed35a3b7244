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
