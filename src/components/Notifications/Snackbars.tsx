/**
 * The snackbar UI (MUI), loaded on the first notification. Shows one
 * notification at a time, oldest first. Errors are announced assertively
 * (role="alert"); the others politely (role="status").
 */
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import MuiScope from '@site/src/components/MuiScope';
import {
  NOTIFICATION_AUTO_HIDE_MS,
  subscribeNotifications,
  takeNextNotification,
  type QueuedNotification,
} from './queue';

export default function Snackbars(): ReactNode {
  const [current, setCurrentState] = useState<QueuedNotification | undefined>(undefined);
  const [open, setOpen] = useState(false);
  // Mirrors `current` so queue reads happen outside state updaters (which may run twice).
  const shown = useRef<QueuedNotification | undefined>(undefined);
  const setCurrent = (next: QueuedNotification | undefined) => {
    shown.current = next;
    setCurrentState(next);
    if (next) setOpen(true);
  };

  const showNext = useCallback(() => {
    if (shown.current) return;
    setCurrent(takeNextNotification());
  }, []);

  useEffect(() => {
    showNext();
    return subscribeNotifications(showNext);
  }, [showNext]);

  const handleClose = (_event?: SyntheticEvent | Event | null, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page should not dismiss a message the user may still be reading.
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  const handleExited = () => {
    setCurrent(takeNextNotification());
  };

  if (!current) return null;
  const isUrgent = current.severity === 'error';
  return (
    <MuiScope>
      <Snackbar
        key={current.id}
        open={open}
        autoHideDuration={NOTIFICATION_AUTO_HIDE_MS}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        slotProps={{ transition: { onExited: handleExited } }}
        sx={{ zIndex: 'calc(var(--ifm-z-index-fixed, 200) + 10)' }}
      >
        <Alert
          onClose={handleClose}
          severity={current.severity}
          variant="filled"
          role={isUrgent ? 'alert' : 'status'}
          aria-live={isUrgent ? 'assertive' : 'polite'}
          aria-atomic="true"
          sx={{ width: '100%', maxWidth: 560, alignItems: 'center' }}
        >
          {current.message}
        </Alert>
      </Snackbar>
    </MuiScope>
  );
}
