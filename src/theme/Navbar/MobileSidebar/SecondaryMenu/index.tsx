/**
 * NavbarMobileSidebarSecondaryMenu, replaced (issue 24): the theme's component line for line
 * (the back button, then the secondary menu's content, on docs pages the docs sidebar), except
 * that the content renders at deferred priority (`useDeferredValue`).
 *
 * On a phone, a docs page's sidebar registers itself as the drawer's secondary menu right after
 * hydration; the theme then rendered it inside the still-closed drawer as an urgent update: 100+
 * components in one task of 100–150 ms (CPU ×4). Deferred, React renders the same sidebar in a
 * transition, in slices that let input through. The drawer, closed meanwhile, shows it as soon as
 * it is ready; opening it later is unchanged.
 */
import { useDeferredValue, type ReactNode } from 'react';
import { useThemeConfig } from '@docusaurus/theme-common';
import { useNavbarSecondaryMenu } from '@docusaurus/theme-common/internal';
import Translate from '@docusaurus/Translate';

function SecondaryMenuBackButton({ onClick }: { onClick: () => void }): ReactNode {
  return (
    <button type="button" className="clean-btn navbar-sidebar__back" onClick={onClick}>
      <Translate
        id="theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel"
        description="The label of the back button to return to main menu, inside the mobile navbar sidebar secondary menu (notably used to display the docs sidebar)"
      >
        ← Back to main menu
      </Translate>
    </button>
  );
}

export default function NavbarMobileSidebarSecondaryMenu(): ReactNode {
  const isPrimaryMenuEmpty = useThemeConfig().navbar.items.length === 0;
  const secondaryMenu = useNavbarSecondaryMenu();
  const content = useDeferredValue(secondaryMenu.content);
  return (
    <>
      {/* edge-case: prevent returning to the primaryMenu when it's empty */}
      {!isPrimaryMenuEmpty && <SecondaryMenuBackButton onClick={() => secondaryMenu.hide()} />}
      {content}
    </>
  );
}
