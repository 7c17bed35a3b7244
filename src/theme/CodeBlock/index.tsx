/**
 * The theme's CodeBlock without its remount after hydration.
 *
 * The original renders its content with `key={String(isBrowser)}`, so every code block is built
 * twice: once to hydrate, then again from scratch (Prism tokenising, new DOM) right after, to
 * apply a dark-mode Prism theme the server could not know. This site is light-only (the colour
 * mode is fixed, the system preference ignored), so the server's styles are already the right
 * ones and the second build only cost main-thread time on every page with code (≈40 % of a
 * deployment page's post-hydration work). Same content components, same output.
 */
import { Children, isValidElement, type ReactNode } from 'react';
// Registers the site's Prism languages before the first block is highlighted.
import '@site/src/prism';
import type { Props } from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

/** As the original: plain strings become one string (copyable); elements stay as they are. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((el) => isValidElement(el))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({ children: rawChildren, ...props }: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
