/**
 * The payment log (`GET credits/payments`), 10 per page, with the total count: each payment's
 * kind (a purchase, or an automatic recharge), amounts, status, reference, and its invoice, a PDF
 * fetched with the user's token and saved under its number.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { account, PAYMENTS_PAGE_SIZE } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { loadable, paymentsQuery } from '@site/src/api/queries';
import type { Payment } from '@contract';
import { saveFile } from '../shared/download';
import { longLocalDate, usdCents } from '../shared/format';
import shared from '../shared/styles.module.css';
import styles from './styles.module.css';
import RetryAlert from '@site/src/components/RetryAlert';
import Pager from '../shared/Pager';

/** How each payment status reads in the log. */
export const PAYMENT_STATUS: Record<
  Payment['status'],
  { label: string; color: 'success' | 'error' | 'warning' | 'default' }
> = {
  succeeded: { label: 'Paid', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  partially_refunded: { label: 'Partially refunded', color: 'warning' },
  refunded: { label: 'Refunded', color: 'default' },
  disputed: { label: 'Disputed', color: 'warning' },
};

/** How each kind of payment reads in the log. */
export const PAYMENT_KIND: Record<Payment['kind'], string> = {
  purchase: 'Purchase',
  auto_recharge: 'Automatic recharge',
};

function DownloadIcon(): ReactNode {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M5 20h14v-2H5v2zm7-18-1.4 1.4L11 13.2 7.4 9.6 6 11l6 6 6-6-1.4-1.4-3.6 3.6V2z"
      />
    </svg>
  );
}

/** The invoice's download button: its number, named for what it does. */
function InvoiceButton({ payment, number }: { payment: Payment; number: string }): ReactNode {
  const download = useMutation({
    mutationFn: () =>
      account
        .v1('GET /credits/payments/{payment_id}/invoice', { params: { payment_id: payment.id } })
        .then(unwrap),
    onSuccess: (pdf) => saveFile(`${number}.pdf`, pdf),
  });
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      disabled={download.isPending}
      aria-busy={download.isPending}
      aria-label={`Download invoice ${number}`}
      onClick={() => download.mutate()}
      className={styles.invoiceButton}
    >
      {number}
    </Button>
  );
}

export default function PaymentLog(): ReactNode {
  const [skip, setSkip] = useState(0);
  const query = useQuery(paymentsQuery(skip));
  const state = loadable(query);

  return (
    <section className={shared.card} aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payment log</h2>
      {state.kind === 'loading' && <p className={shared.muted}>Loading payments…</p>}
      {state.kind === 'failed' && (
        <RetryAlert message={state.message} onRetry={() => void query.refetch()} />
      )}
      {state.kind === 'ready' && state.data.total_count === 0 && (
        <p className={shared.muted}>No payments yet. Your purchases will appear here.</p>
      )}
      {state.kind === 'ready' && state.data.payments.length > 0 && (
        <>
          <div className={shared.tableWrap}>
            <table className={`${shared.table} ${shared.stacked}`} aria-label="Payments">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Type</th>
                  <th scope="col" className={shared.num}>
                    Amount
                  </th>
                  <th scope="col" className={shared.num}>
                    Refunded
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Provider</th>
                  <th scope="col">Reference</th>
                  <th scope="col">Invoice</th>
                </tr>
              </thead>
              <tbody>
                {state.data.payments.map((payment) => (
                  <tr key={payment.id}>
                    <td data-label="Date">
                      <time dateTime={payment.created_at}>{longLocalDate(payment.created_at)}</time>
                    </td>
                    <td data-label="Type">
                      {payment.kind === 'auto_recharge' ? (
                        <Chip
                          size="small"
                          color="primary"
                          variant="outlined"
                          label={PAYMENT_KIND.auto_recharge}
                        />
                      ) : (
                        PAYMENT_KIND.purchase
                      )}
                    </td>
                    <td data-label="Amount" className={shared.num}>
                      {usdCents(payment.amount_usd)}
                    </td>
                    <td data-label="Refunded" className={shared.num}>
                      {payment.refunded_usd > 0 ? `-${usdCents(payment.refunded_usd)}` : '—'}
                    </td>
                    <td data-label="Status">
                      <Chip
                        size="small"
                        label={PAYMENT_STATUS[payment.status].label}
                        color={PAYMENT_STATUS[payment.status].color}
                        variant="outlined"
                      />
                    </td>
                    <td data-label="Provider">
                      {payment.provider === 'sandbox' ? 'Sandbox (test)' : 'Card'}
                    </td>
                    <td data-label="Reference">
                      <span className={shared.mono}>
                        {payment.receipt_reference ?? payment.order_id}
                      </span>
                    </td>
                    <td data-label="Invoice">
                      {payment.invoice_number ? (
                        <InvoiceButton payment={payment} number={payment.invoice_number} />
                      ) : (
                        <span className={shared.muted}>None</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            summary={
              <>
                {skip + 1}–{skip + state.data.payments.length} of {state.data.total_count} payments
              </>
            }
            skip={skip}
            pageSize={PAYMENTS_PAGE_SIZE}
            hasMore={state.data.has_more}
            onSkip={setSkip}
          />
        </>
      )}
    </section>
  );
}
