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
  // Ad measurement through the analytics tag (Google consent mode). No switch, no description.
  { id: 'marketing', kind: 'acceptAllOnly', label: 'Marketing' },
] as const;

export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
type OfKind<K extends ConsentCategory['kind']> = Extract<ConsentCategory, { kind: K }>;

/** The categories a visitor chooses with a switch. */
export type OptionalCategoryId = OfKind<'optional'>['id'];
/** Every category a consent may grant or refuse (all but the required ones). */
export type GrantableCategoryId = OfKind<'optional' | 'acceptAllOnly'>['id'];
