/**
 * The theme's code line, memoised. After hydration the colour-mode context settles and every code
 * block re-renders; prism-react-renderer then hands out new `getLineProps`/`getTokenProps`
 * functions (it rebuilds its theme dictionary each render), so every line and token re-rendered
 * although nothing changed (≈300 token components on a deployment page). The site is light-only:
 * the Prism theme never changes, so a line with the same tokens and classes renders the same.
 */
import { memo } from 'react';
import type { Props } from '@theme/CodeBlock/Line';
import Line from '@theme-original/CodeBlock/Line';

function sameLine(prev: Props, next: Props): boolean {
  return (
    prev.line === next.line &&
    prev.classNames === next.classNames &&
    prev.showLineNumbers === next.showLineNumbers
  );
}

export default memo(Line, sameLine);
