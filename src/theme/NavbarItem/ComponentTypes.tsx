/**
 * Adds the product's own navbar item types to the theme's map, so that
 * docusaurus.config.ts can place them with `type: 'custom-…'` (the navbar
 * itself is not ejected).
 */
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import AuthItem from '@site/src/components/NavbarItems/AuthItem';
import CreditChip from '@site/src/components/NavbarItems/CreditChip';

export default {
  ...ComponentTypes,
  'custom-authItem': AuthItem,
  'custom-creditChip': CreditChip,
};
