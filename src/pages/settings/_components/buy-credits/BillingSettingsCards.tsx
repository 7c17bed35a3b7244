/** The billing settings of the buy-credits page: automatic recharge and the low-balance alert. */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { billingSettingsQuery, loadable } from '@site/src/api/queries';
import shared from '../shared/styles.module.css';
import AutoRecharge from './AutoRecharge';
import LowBalanceAlert from './LowBalanceAlert';
import RetryAlert from '@site/src/components/RetryAlert';

export default function BillingSettingsCards(): ReactNode {
  const query = useQuery(billingSettingsQuery());
  const state = loadable(query);
  if (state.kind === 'loading')
    return (
      <section className={shared.card} aria-labelledby="auto-recharge-heading">
        <h2 id="auto-recharge-heading">Automatic recharge</h2>
        <p className={shared.muted}>Loading your billing settings…</p>
      </section>
    );
  if (state.kind === 'failed')
    return (
      <section className={shared.card} aria-labelledby="auto-recharge-heading">
        <h2 id="auto-recharge-heading">Automatic recharge</h2>
        <RetryAlert message={state.message} onRetry={() => void query.refetch()} />
      </section>
    );
  return (
    <>
      <AutoRecharge settings={state.data} />
      <LowBalanceAlert settings={state.data} />
    </>
  );
}
