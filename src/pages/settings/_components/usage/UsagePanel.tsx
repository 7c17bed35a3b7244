/**
 * /settings/usage/: transactions of a date range with quick ranges, totals,
 * spend per day and per deployment, a paged table and a CSV export.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { usd } from '../shared/format';
import shared from '../shared/styles.module.css';
import { downloadCsv, usageCsv } from './csv';
import { daysOf, QUICK_RANGES, quickRange, rangeProblem, type DayRange } from './range';
import SpendChart from './SpendChart';
import { spendPerDay, spendPerDeployment, TRANSACTION_KIND_LABELS } from './transactions';
import useUsage, { MAX_EXPORT_ROWS, TRANSACTIONS_PAGE_SIZE } from './useUsage';
import styles from './styles.module.css';

export default function UsagePanel(): ReactNode {
  const [range, setRange] = useState<DayRange>(() => quickRange('30d'));
  const [draft, setDraft] = useState<DayRange>(range);
  const [problem, setProblem] = useState<string | null>(null);
  const [skip, setSkip] = useState(0);
  const { page, all, retry } = useUsage(range, skip);

  const apply = (next: DayRange) => {
    const found = rangeProblem(next);
    setProblem(found);
    if (found) return;
    setDraft(next);
    setRange(next);
    setSkip(0);
  };

  const chart = useMemo(() => {
    if (all.kind !== 'ready') return null;
    return {
      perDay: spendPerDay(all.rows, daysOf(range)),
      perDeployment: spendPerDeployment(all.rows),
    };
  }, [all, range]);

  const exportCsv = () => {
    if (all.kind !== 'ready') return;
    downloadCsv(`visionapi-usage-${range.start}-to-${range.end}.csv`, usageCsv(all.rows));
  };

  const first = skip + 1;
  const last = page.kind === 'ready' ? skip + page.rows.length : skip;

  return (
    <>
      <section className={shared.card} aria-labelledby="range-heading">
        <h2 id="range-heading">Date range</h2>
        <form
          className={styles.filters}
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            apply(draft);
          }}
        >
          <TextField
            id="usage-start"
            label="From"
            type="date"
            size="small"
            value={draft.start}
            onChange={(event) => setDraft((prev) => ({ ...prev, start: event.target.value }))}
            error={Boolean(problem)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            id="usage-end"
            label="To"
            type="date"
            size="small"
            value={draft.end}
            onChange={(event) => setDraft((prev) => ({ ...prev, end: event.target.value }))}
            error={Boolean(problem)}
            helperText={problem ?? undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="contained" disableElevation>
            Show usage
          </Button>
        </form>
        <div className={styles.quick} role="group" aria-label="Quick ranges">
          {QUICK_RANGES.map(({ id, label }) => {
            const value = quickRange(id);
            const active = value.start === range.start && value.end === range.end;
            return (
              <Button
                key={id}
                size="small"
                variant={active ? 'contained' : 'outlined'}
                disableElevation
                aria-pressed={active}
                onClick={() => apply(value)}
              >
                {label}
              </Button>
            );
          })}
        </div>
      </section>

      {page.kind === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              Try again
            </Button>
          }
        >
          {page.message}
        </Alert>
      )}

      <section className={shared.card} aria-labelledby="totals-heading">
        <div className={shared.cardHeader}>
          <h2 id="totals-heading">Totals</h2>
          <Button
            variant="outlined"
            size="small"
            onClick={exportCsv}
            disabled={all.kind !== 'ready' || all.rows.length === 0}
          >
            Export CSV
          </Button>
        </div>
        <dl className={styles.totals}>
          <div className={styles.total}>
            <dt>Spent</dt>
            <dd>{page.kind === 'ready' ? usd(page.totals.spent_usd) : '—'}</dd>
          </div>
          <div className={styles.total}>
            <dt>Calls</dt>
            <dd>{page.kind === 'ready' ? page.totals.calls : '—'}</dd>
          </div>
          <div className={styles.total}>
            <dt>Purchased</dt>
            <dd>{page.kind === 'ready' ? usd(page.totals.purchased_usd) : '—'}</dd>
          </div>
        </dl>
      </section>

      <section className={shared.card} aria-labelledby="chart-heading">
        <h2 id="chart-heading">Spend</h2>
        {all.kind === 'loading' && <p className={shared.muted}>Loading the chart…</p>}
        {all.kind === 'failed' && <p className={shared.muted}>{all.message}</p>}
        {chart && <SpendChart perDay={chart.perDay} perDeployment={chart.perDeployment} />}
        {all.kind === 'ready' && all.truncated && (
          <p className={shared.muted}>
            The chart and the export cover the first {MAX_EXPORT_ROWS} transactions of this range.
          </p>
        )}
      </section>

      <section className={shared.card} aria-labelledby="transactions-heading">
        <h2 id="transactions-heading">Transactions</h2>
        {page.kind === 'loading' && <p className={shared.muted}>Loading transactions…</p>}
        {page.kind === 'ready' && page.rows.length === 0 && (
          <p className={shared.muted}>No transactions in this range.</p>
        )}
        {page.kind === 'ready' && page.rows.length > 0 && (
          <>
            <div className={shared.tableWrap}>
              <table className={`${shared.table} ${shared.stacked}`} aria-label="Transactions">
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Type</th>
                    <th scope="col">Deployment</th>
                    <th scope="col">Key</th>
                    <th scope="col" className={shared.num}>
                      Amount
                    </th>
                    <th scope="col" className={shared.num}>
                      Balance after
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.rows.map((row) => (
                    <tr key={row.id}>
                      <td data-label="Date">
                        <time dateTime={row.complete_created_at}>{row.created_at}</time>
                      </td>
                      <td data-label="Type">{TRANSACTION_KIND_LABELS[row.kind]}</td>
                      <td data-label="Deployment">{row.deployment ?? '—'}</td>
                      <td data-label="Key">{row.api_key_name ?? '—'}</td>
                      <td data-label="Amount" className={shared.num}>
                        {usd(row.amount_usd)}
                      </td>
                      <td data-label="Balance after" className={shared.num}>
                        {usd(row.balance_after_usd)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className={shared.pager}>
              <span>
                {first}–{last} of {page.totalCount}
              </span>
              <div className={shared.row}>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={skip === 0}
                  onClick={() => setSkip(Math.max(0, skip - TRANSACTIONS_PAGE_SIZE))}
                >
                  Previous
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={!page.hasMore}
                  onClick={() => setSkip(skip + TRANSACTIONS_PAGE_SIZE)}
                >
                  Next
                </Button>
              </div>
            </div>
          </>
        )}
      </section>
    </>
  );
}
