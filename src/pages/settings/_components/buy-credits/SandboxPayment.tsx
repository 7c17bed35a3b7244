/**
 * The payment step when no card provider is configured: the sandbox provider pays the order
 * like a card would, and the backend credits the wallet in its own fulfilment step a moment
 * later (the same step as a webhook). Clearly marked as test mode; it can also simulate a
 * declined payment.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TestModeChip from './TestModeChip';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import type { CreditOrder } from '@contract';
import { usdCents } from '../shared/format';
import type { PaymentHandlers } from './payment';
import styles from './styles.module.css';

interface Props extends PaymentHandlers {
  order: CreditOrder;
}

export default function SandboxPayment({
  order,
  onConfirmed,
  onFailed,
  onCancel,
}: Props): ReactNode {
  const confirm = useMutation({
    mutationFn: (outcome: 'succeeded' | 'failed') =>
      account.confirmSandboxPayment({ order_id: order.order_id, outcome }).then(unwrap),
    onSuccess: onConfirmed,
    onError: (error) => onFailed(error.error_message),
    // The page reports a failed payment itself.
    meta: { quiet: true },
  });
  const busy = confirm.isPending;
  // The buyer chose to continue to payment: this step is where they are now.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);

  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={styles.payment}
      aria-label="Test mode payment"
      role="group"
    >
      <div className={styles.paymentHeader}>
        <TestModeChip />
        <strong>Sandbox payment: no card is charged</strong>
      </div>
      <Alert severity="info">
        Card payments are not configured on this site, so purchases run against the sandbox
        provider. Confirming pays for <strong>{usdCents(order.amount_usd)}</strong> of test credits;
        like a card payment, it takes a moment to be processed before the credits reach your wallet.
      </Alert>
      <div className={styles.paymentActions}>
        <Button
          variant="contained"
          disableElevation
          disabled={busy}
          aria-busy={busy}
          onClick={() => confirm.mutate('succeeded')}
        >
          {busy ? 'Confirming…' : `Confirm test payment of ${usdCents(order.amount_usd)}`}
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => confirm.mutate('failed')}
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
