/**
 * A failed load on the account pages: its catalogue message and a "Try again" button that
 * repeats the request (MUI's error Alert, role="alert", inside the account chunks' MuiScope).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

export default function RetryAlert({
  message,
  onRetry,
}: {
  message: ReactNode;
  onRetry: () => void;
}): ReactNode {
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
