/** Confirms deleting a key: requests with it stop working at once. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import type { ApiKey } from '@contract';

interface Props {
  /** The key to delete; null when the dialog is closed. */
  apiKey: ApiKey | null;
  onCancel: () => void;
  onConfirm: (key: ApiKey) => void;
  /** Back to the Delete button on Cancel; after a confirmed deletion the page moves the focus. */
  restoreFocus: boolean;
  /** Once the dialog has closed (after its transition). */
  onExited?: () => void;
}

export default function DeleteKeyDialog({
  apiKey,
  onCancel,
  onConfirm,
  restoreFocus,
  onExited,
}: Props): ReactNode {
  return (
    <Dialog
      open={apiKey !== null}
      onClose={onCancel}
      disableRestoreFocus={!restoreFocus}
      slotProps={{ transition: { onExited } }}
      aria-labelledby="delete-key-title"
      aria-describedby="delete-key-text"
    >
      <DialogTitle id="delete-key-title">Delete “{apiKey?.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-key-text">
          Requests that use this key will stop working at once. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          disableElevation
          onClick={() => apiKey && onConfirm(apiKey)}
        >
          Delete key
        </Button>
      </DialogActions>
    </Dialog>
  );
}
