/**
 * The payment step when no card provider is configured: the sandbox provider
 * confirms the order on the server (the same fulfilment as a webhook). Clearly
 * marked as test mode; it can also simulate a declined payment.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState, type ReactNode } from 'react';
import { account } from '@site/src/api';
import type { CreditOrder } from '@site/src/api/contract';
import { usd } from '../shared/format';
import styles from './styles.module.css';

export type PaymentOutcome = { kind: 'succeeded' } | { kind: 'failed'; message: string };

interface Props {
  order: CreditOrder;
  onDone: (outcome: PaymentOutcome) => void;
  onCancel: () => void;
}

export default function SandboxPayment({ order, onDone, onCancel }: Props): ReactNode {
  const [busy, setBusy] = useState(false);

  const confirm = async (outcome: 'succeeded' | 'failed') => {
    setBusy(true);
    const result = await account.confirmSandboxPayment({ order_id: order.order_id, outcome });
    setBusy(false);
    if (result.error_message !== undefined) {
      onDone({ kind: 'failed', message: result.error_message });
    } else if (result.data.status === 'succeeded') {
      onDone({ kind: 'succeeded' });
    } else {
      onDone({ kind: 'failed', message: 'The payment was declined. No credits were added.' });
    }
  };

  return (
    <div className={styles.payment} aria-label="Test mode payment" role="group">
      <div className={styles.paymentHeader}>
        <Chip label="TEST MODE" color="warning" size="small" />
        <strong>Sandbox payment: no card is charged</strong>
      </div>
      <Alert severity="info">
        Card payments are not configured on this site, so purchases run against the sandbox
        provider. Confirming adds <strong>{usd(order.amount_usd)}</strong> of test credits to your
        wallet.
      </Alert>
      <div className={styles.paymentActions}>
        <Button
          variant="contained"
          disableElevation
          disabled={busy}
          aria-busy={busy}
          onClick={() => void confirm('succeeded')}
        >
          {busy ? 'Confirming…' : `Confirm test payment of ${usd(order.amount_usd)}`}
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => void confirm('failed')}
        >
          Simulate a declined payment
        </Button>
        <Button disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
