import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';

interface Props extends Omit<ButtonProps, 'children'> {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}

/** A button that shows progress and cannot be pressed again while its action runs. */
export default function SubmitButton({
  busy,
  busyLabel,
  children,
  disabled,
  ...props
}: Props): ReactNode {
  return (
    <Button
      variant="contained"
      size="large"
      fullWidth
      disableElevation
      {...props}
      disabled={busy || disabled}
      aria-busy={busy}
      startIcon={
        busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined
      }
    >
      {busy ? busyLabel : children}
    </Button>
  );
}
