/**
 * The site is light-only: `colorMode.disableSwitch`, system preference ignored (spec §2).
 *
 * Docusaurus's inline script marks the document `data-theme-choice="light"`, while its server
 * render assumes no choice (`null`). So right after hydration the colour-mode provider reads
 * "light", finds it differs, and re-renders every consumer (each code block twice, the themed
 * logo) for a page that looks exactly the same. With no switch there is no choice to record:
 * "system" is what the attribute says when nobody chose, and what the server render assumed, so
 * the provider has nothing to update. The effective mode (`data-theme="light"`) is untouched.
 * Runs before hydration, as client modules do.
 */
if (typeof document !== 'undefined') {
  document.documentElement.setAttribute('data-theme-choice', 'system');
}

export {};
