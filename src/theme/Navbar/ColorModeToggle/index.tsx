/**
 * NavbarColorModeToggle, wrapped (issue 24): the site is light-only (`colorMode.disableSwitch`,
 * spec §2), and the theme's toggle then renders nothing; yet importing it put the toggle and its
 * three icons (1 KB gzip) in every page's main chunk. Same rule, read the same way: with the
 * switch disabled, nothing; with it enabled, the theme's toggle as a chunk of its own
 * (src/deferred), rendered in place on the server.
 */
import type { ReactNode } from 'react';
import { useThemeConfig } from '@docusaurus/theme-common';
import type { Props } from '@theme/Navbar/ColorModeToggle';
import { deferred } from '@site/src/deferred';

const Toggle = deferred(
  'NavbarColorModeToggle',
  () => import('@theme-original/Navbar/ColorModeToggle'),
  () => null,
);

export default function NavbarColorModeToggle(props: Props): ReactNode {
  const { disableSwitch } = useThemeConfig().colorMode;
  return disableSwitch ? null : <Toggle {...props} />;
}
