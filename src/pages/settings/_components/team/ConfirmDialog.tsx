/** Confirms a team change that cannot be undone by the same person (remove, leave, transfer). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

export interface Confirmation {
  title: string;
  text: string;
  action: string;
  onConfirm: () => void;
}

export default function ConfirmDialog({
  confirmation,
  onCancel,
}: {
  confirmation: Confirmation | null;
  onCancel: () => void;
}): ReactNode {
  const id = useId();
  return (
    <Dialog
      open={confirmation !== null}
      onClose={onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={`${id}-title`}>{confirmation?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{confirmation?.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          disableElevation
          onClick={() => confirmation?.onConfirm()}
        >
          {confirmation?.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
