/**
 * What happened to the purchase once the provider confirmed it. A polite live region that is
 * always in the page announces "being processed", then the credit (only once the backend has
 * fulfilled the order) or that it is still processing; a failure is an alert.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, type ReactNode } from 'react';
import { usdCents } from '../shared/format';
import styles from './styles.module.css';
import type { Fulfilment } from './useOrderFulfilment';

interface Props {
  fulfilment: Fulfilment;
  onBuyMore: () => void;
  onRetry: () => void;
  onCheckAgain: () => void;
}

export default function PurchaseStatus({
  fulfilment,
  onBuyMore,
  onRetry,
  onCheckAgain,
}: Props): ReactNode {
  // Once a payment is confirmed (or fails), its status is where the buyer is: the payment step
  // that had the focus is gone.
  const ref = useRef<HTMLDivElement>(null);
  const started = fulfilment.kind !== 'idle';
  useEffect(() => {
    if (started) ref.current?.focus();
  }, [started]);

  let announced: ReactNode = null;
  switch (fulfilment.kind) {
    case 'processing':
      announced = (
        <Alert
          severity="info"
          role="none"
          icon={
            <CircularProgress
              size={20}
              thickness={5}
              color="inherit"
              disableShrink
              aria-hidden="true"
            />
          }
          className={styles.processing}
        >
          <strong>
            Your payment of {usdCents(fulfilment.order.amount_usd)} is being processed.
          </strong>{' '}
          The credits are added to your wallet as soon as it completes; this usually takes a few
          seconds.
        </Alert>
      );
      break;
    case 'succeeded':
      announced = (
        <Alert severity="success" role="none">
          Payment received: {usdCents(fulfilment.order.amount_usd)} of credits were added to your
          wallet.
        </Alert>
      );
      break;
    case 'timeout':
      announced = (
        <Alert severity="warning" role="none">
          Your payment of {usdCents(fulfilment.order.amount_usd)} is still being processed. The
          credits will appear in your wallet and in the payment log when it completes; you can leave
          this page.
        </Alert>
      );
      break;
  }

  return (
    <div ref={ref} tabIndex={-1} className={styles.outcome}>
      <div role="status" aria-live="polite">
        {announced}
      </div>
      {fulfilment.kind === 'failed' && (
        <Alert severity="error" role="alert">
          Payment failed: {fulfilment.message}
        </Alert>
      )}
      {fulfilment.kind !== 'idle' && fulfilment.kind !== 'processing' && (
        <div className={styles.paymentActions}>
          {fulfilment.kind === 'timeout' && (
            <Button variant="contained" disableElevation onClick={onCheckAgain}>
              Check again
            </Button>
          )}
          <Button variant="outlined" onClick={fulfilment.kind === 'failed' ? onRetry : onBuyMore}>
            {fulfilment.kind === 'failed' ? 'Try again' : 'Buy more credits'}
          </Button>
        </div>
      )}
    </div>
  );
}
