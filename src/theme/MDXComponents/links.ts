/** Which Markdown links render as a PlainLink (src/theme/MDXComponents; unit-tested). */

/**
 * The page path of a Markdown link that a PlainLink renders exactly as the theme's Link would: an
 * `href` and children only, a path of this site (one leading slash) ending in `/` (the site's
 * trailing-slash form, so Link would not rewrite it), with no query or fragment. Else null.
 */
export function mdxLinkPath(props: object): string | null {
  const { href, children: _children, ...rest } = props as { href?: unknown; children?: unknown };
  if (typeof href !== 'string' || Object.keys(rest).length > 0) return null;
  if (!href.startsWith('/') || href.startsWith('//') || !href.endsWith('/')) return null;
  if (href.includes('#') || href.includes('?') || href.includes('\\')) return null;
  return href;
}
