/** The categories a visitor sees in the banner's customise panel and on the preferences page. */
export interface ConsentCategory {
  id: 'essential' | 'analytics' | 'calendly';
  label: string;
  description: string;
}

export const CONSENT_CATEGORIES: readonly ConsentCategory[] = [
  {
    id: 'essential',
    label: 'Essential',
    description: 'Keeps the site working: security, sign-in and remembering this choice.',
  },
  {
    id: 'analytics',
    label: 'Analytics',
    description:
      'Google Analytics (Firebase) counts visits and page views so we can improve the docs.',
  },
  {
    id: 'calendly',
    label: 'Scheduling',
    description: 'Loads the Calendly booking widget so you can book a call with our team.',
  },
];
