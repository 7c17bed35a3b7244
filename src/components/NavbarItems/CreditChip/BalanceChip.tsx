import Link from '@docusaurus/Link';
import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import AccountData from '@site/src/components/AccountData';
import { usdCents } from '@site/src/format/numbers';
import Spinner from '../Spinner';
import { BUY_CREDITS_PATH } from '../links';
import { balanceTooltip, lowBalanceNote, NEGATIVE_BALANCE_NOTE } from './tooltip';
import useBalance from './useBalance';
import styles from './styles.module.css';

function RefreshIcon(): ReactNode {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.75 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z"
      />
    </svg>
  );
}

function Chip({ mobile }: { mobile: boolean }): ReactNode {
  const { balance, refreshing, pulsing, refresh } = useBalance();
  const tooltipId = useId();
  if (balance.kind === 'idle') return null;

  const loaded = balance.kind === 'loaded';
  const negative = loaded && balance.amount < 0;
  // Below the low-balance alert (a negative balance says more already).
  const low = loaded && !negative && balance.belowThreshold !== null;
  const note = negative
    ? NEGATIVE_BALANCE_NOTE
    : low
      ? lowBalanceNote(usdCents(balance.belowThreshold!))
      : null;
  const tooltip = loaded ? balanceTooltip(balance.amount) : balance.message;
  const value = loaded ? (
    <Link to={BUY_CREDITS_PATH} className={styles.value} aria-describedby={tooltipId}>
      ${balance.amount}
    </Link>
  ) : (
    <span
      className={clsx(styles.value, styles.unavailable)}
      tabIndex={0}
      aria-describedby={tooltipId}
    >
      N/A
    </span>
  );

  const chip = (
    <span
      className={clsx(
        styles.chip,
        !loaded && styles.failed,
        (negative || low) && styles.negative,
        pulsing && styles.pulse,
      )}
      data-testid="balance-chip"
      data-state={balance.kind}
      data-negative={negative ? 'true' : undefined}
      data-low={low ? 'true' : undefined}
      data-pulse={pulsing ? 'true' : undefined}
    >
      <span className={styles.withTooltip}>
        {(negative || low) && (
          <span className={styles.warning} aria-hidden="true">
            !
          </span>
        )}
        {value}
        <span role="tooltip" id={tooltipId} className={styles.tooltip}>
          {tooltip}
          {note && (
            <>
              {' '}
              <span className={styles.tooltipNote}>{note}</span>
            </>
          )}
        </span>
      </span>
      {/* A button's content is not exposed to assistive tech: its name and aria-busy carry the state. */}
      <button
        type="button"
        className={styles.refresh}
        onClick={refresh}
        disabled={refreshing}
        aria-label={refreshing ? 'Refreshing balance' : 'Refresh balance'}
        aria-busy={refreshing}
      >
        {refreshing ? <Spinner label="" className={styles.refreshSpinner} /> : <RefreshIcon />}
      </button>
    </span>
  );

  if (mobile) return <li className={clsx('menu__list-item', styles.mobileRow)}>{chip}</li>;
  return <div className={clsx('navbar__item', styles.item)}>{chip}</div>;
}

/** The chip reads the balance from the account cache it shares with the account pages. */
export default function BalanceChip({ mobile }: { mobile: boolean }): ReactNode {
  return (
    <AccountData>
      <Chip mobile={mobile} />
    </AccountData>
  );
}
