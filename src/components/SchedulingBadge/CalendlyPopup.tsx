/**
 * The Calendly booking popup (react-calendly), loaded in its own chunk after scheduling consent.
 * Calendly's host may be unreachable: the popup then shows the browser's error page inside its
 * frame and still closes normally (close button, backdrop click or Escape).
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { PopupModal } from 'react-calendly';
import './popup.css';

interface Props {
  url: string;
  open: boolean;
  onClose: () => void;
}

export default function CalendlyPopup({ url, open, onClose }: Props): ReactNode {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return (
    <PopupModal
      url={url}
      open={open}
      onModalClose={onClose}
      rootElement={document.getElementById('__docusaurus') ?? document.body}
      iframeTitle="Book a call with VisionAPI"
      pageSettings={{ hideGdprBanner: true }}
    />
  );
}
