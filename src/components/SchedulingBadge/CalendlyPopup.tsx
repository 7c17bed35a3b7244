/**
 * The Calendly booking popup, loaded in its own chunk after scheduling consent: a modal <dialog>
 * (named, focus moved in and kept there, Escape closes it, focus returns to the badge) holding
 * react-calendly's inline widget. Calendly's host may be unreachable: the dialog then shows the
 * browser's error page inside its frame and still closes normally (Close button, a click on the
 * backdrop, or Escape).
 */
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { InlineWidget } from 'react-calendly';
import './popup.css';

interface Props {
  url: string;
  open: boolean;
  onClose: () => void;
}

export const BOOKING_TITLE = 'Book a call with VisionAPI';

export default function CalendlyPopup({ url, open, onClose }: Props): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    // A click on the backdrop lands on the dialog itself; keyboard users have Escape and Close.
    <dialog
      ref={dialog}
      className="booking-dialog"
      aria-label={BOOKING_TITLE}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <button type="button" className="booking-dialog__close" onClick={onClose}>
        Close
      </button>
      {open && (
        <InlineWidget
          url={url}
          iframeTitle={BOOKING_TITLE}
          pageSettings={{ hideGdprBanner: true }}
          styles={{ height: '100%', minWidth: 0 }}
        />
      )}
    </dialog>
  );
}
