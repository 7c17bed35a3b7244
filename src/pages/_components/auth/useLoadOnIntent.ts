/**
 * Starts a download when the reader first shows intent to use the page (a key, a pointer moving
 * or pressed, a touch), not when it mounts: a signed-out reader who only looks at the sign-in page
 * fetches none of the identity SDK (issue 24), and one who types or points gets it well before
 * the submit needs it. Programmatic focus (the form's autofocus) does not count.
 */
import { useEffect } from 'react';

const INTENT_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'touchstart', 'wheel'] as const;

export default function useLoadOnIntent(load: () => Promise<unknown>): void {
  useEffect(() => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      remove();
      void load().catch(() => undefined);
    };
    const remove = () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, start, true);
    };
    for (const type of INTENT_EVENTS)
      window.addEventListener(type, start, { capture: true, passive: true });
    return remove;
  }, [load]);
}
