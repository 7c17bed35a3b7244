/**
 * The wallet's balance on the buy-credits page. It can be negative after a refund or a lost
 * card dispute took back credits that were already spent; the services then refuse metered
 * calls until a purchase covers it, and the card says so. While it is below the low-balance
 * alert's threshold, the card says that too (as the navbar's chip does).
 */
import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { usdBalance, usdCents } from '../shared/format';
import shared from '../shared/styles.module.css';
import styles from './styles.module.css';

export type BalanceState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | {
      kind: 'ready';
      amount: number;
      /** The low-balance alert's threshold while the balance is below it, else null. */
      belowThreshold: number | null;
    };

export default function BalanceCard({ balance }: { balance: BalanceState }): ReactNode {
  const negative = balance.kind === 'ready' && balance.amount < 0;
  const low = balance.kind === 'ready' && !negative ? balance.belowThreshold : null;
  return (
    <section className={shared.card} aria-labelledby="balance-heading">
      <h2 id="balance-heading">Current balance</h2>
      {balance.kind === 'loading' && <p className={styles.balance}>…</p>}
      {balance.kind === 'ready' && (
        <p
          className={`${styles.balance} ${negative || low !== null ? styles.negativeBalance : ''}`}
          data-testid="current-balance"
          data-low={low !== null ? 'true' : undefined}
        >
          {usdBalance(balance.amount)}
        </p>
      )}
      {balance.kind === 'failed' && <Alert severity="error">{balance.message}</Alert>}
      {negative && (
        <Alert severity="warning" role="region" aria-label="Negative balance">
          <strong>Your balance is negative</strong> after a refund or a card dispute took back
          credits that were already spent. API calls are paused until you top up: a purchase of more
          than {usdCents(-balance.amount)} brings it back above zero.
        </Alert>
      )}
      {low !== null && (
        <Alert severity="warning" role="region" aria-label="Low balance">
          <strong>Your balance is below your low-balance alert of {usdCents(low)}.</strong> Buy
          credits, or turn on automatic recharge below, so that your API calls keep working.
        </Alert>
      )}
      <p className={shared.muted}>
        Credits are in US dollars. Each API call is charged at its price per call.
      </p>
    </section>
  );
}
