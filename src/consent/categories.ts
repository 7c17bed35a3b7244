/**
 * The consent categories: the one list from which the store's types and rules (src/consent/
 * store.ts), the banner's customise panel and the preferences page are derived. Adding a
 * category is one entry here (what it then loads is its own code, as CookieConsent.tsx does for
 * analytics and scheduling).
 *
 * - `required`: always on, shown as a disabled switch ("Always on").
 * - `optional`: a switch in the banner and on the preferences page; a stored choice without it is
 *   not a valid choice (the visitor is asked again).
 * - `acceptAllOnly`: no switch; granted only by Accept All Cookies, turned off by any other
 *   choice, and absent from an older stored choice means off.
 */
export const CONSENT_CATEGORIES = [
  {
    id: 'essential',
    kind: 'required',
    label: 'Essential',
    description: 'Keeps the site working: security, sign-in and remembering this choice.',
  },
  {
    id: 'analytics',
    kind: 'optional',
    label: 'Analytics',
    description:
      'Google Analytics (Firebase) counts visits and page views so we can improve the docs.',
  },
  {
    id: 'calendly',
    kind: 'optional',
    label: 'Scheduling',
    description: 'Loads the Calendly booking widget so you can book a call with our team.',
  },
  {
    // Ad measurement through the analytics tag (Google consent mode).
    id: 'marketing',
    kind: 'acceptAllOnly',
    label: 'Marketing',
    description:
      'Marketing measurement is only granted by Accept All Cookies; saving here turns it off.',
  },
] as const;

export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
type OfKind<K extends ConsentCategory['kind']> = Extract<ConsentCategory, { kind: K }>;

/** The categories with a switch (banner and preferences page), in the order they are shown. */
export type SwitchCategory = OfKind<'required' | 'optional'>;
/** The categories a visitor chooses with a switch. */
export type OptionalCategoryId = OfKind<'optional'>['id'];
/** Every category a consent may grant or refuse (all but the required ones). */
export type GrantableCategoryId = OfKind<'optional' | 'acceptAllOnly'>['id'];

export const SWITCH_CATEGORIES = CONSENT_CATEGORIES.filter(
  (category): category is SwitchCategory => category.kind !== 'acceptAllOnly',
);
export const OPTIONAL_CATEGORIES = CONSENT_CATEGORIES.filter(
  (category): category is OfKind<'optional'> => category.kind === 'optional',
);
export const GRANTABLE_CATEGORIES = CONSENT_CATEGORIES.filter(
  (category): category is OfKind<'optional' | 'acceptAllOnly'> => category.kind !== 'required',
);
