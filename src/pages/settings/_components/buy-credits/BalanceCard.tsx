/**
 * The wallet's balance on the buy-credits page. It can be negative after a refund or a lost
 * card dispute took back credits that were already spent; the services then refuse metered
 * calls until a purchase covers it, and the card says so.
 */
import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { usd } from '../shared/format';
import shared from '../shared/styles.module.css';
import styles from './styles.module.css';

export type BalanceState =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; amount: number };

export default function BalanceCard({ balance }: { balance: BalanceState }): ReactNode {
  const negative = balance.kind === 'ready' && balance.amount < 0;
  return (
    <section className={shared.card} aria-labelledby="balance-heading">
      <h2 id="balance-heading">Current balance</h2>
      {balance.kind === 'loading' && <p className={styles.balance}>…</p>}
      {balance.kind === 'ready' && (
        <p
          className={`${styles.balance} ${negative ? styles.negativeBalance : ''}`}
          data-testid="current-balance"
        >
          {usd(balance.amount)}
        </p>
      )}
      {balance.kind === 'failed' && <Alert severity="error">{balance.message}</Alert>}
      {negative && (
        <Alert severity="warning" role="region" aria-label="Negative balance">
          <strong>Your balance is negative</strong> after a refund or a card dispute took back
          credits that were already spent. API calls are paused until you top up: a purchase of more
          than {usd(-balance.amount)} brings it back above zero.
        </Alert>
      )}
      <p className={shared.muted}>
        Credits are in US dollars. Each API call is charged at its price per call.
      </p>
    </section>
  );
}
