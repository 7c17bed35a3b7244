/**
 * /settings/usage/: a date range with quick ranges and a filter by key and by deployment; totals
 * and the spend chart from the server's daily aggregate (one request per range and filter); a
 * paged table of the transactions; CSV exports of the aggregate (by day and deployment, or by day
 * and key, filtered alike) and of the raw transactions, made by the server.
 */
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { account, endOfDayIso, startOfLocalDayIso } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { grouped } from '@site/src/format/numbers';
import { csvBlob, saveFile } from '../shared/download';
import { usd, usdBalance, usdCents } from '../shared/format';
import shared from '../shared/styles.module.css';
import { deploymentTitle } from './chart';
import {
  dailyUsageQuery,
  dayToDate,
  filterFileSuffix,
  filterQuery,
  NO_FILTER,
  QUICK_RANGES,
  quickRange,
  rangeProblem,
  type DayRange,
  type UsageFilter,
} from './range';
import KeyUsage from './KeyUsage';
import UsageFilters from './UsageFilters';
import SpendChart from './SpendChart';
import { TRANSACTION_KIND_LABELS } from './transactions';
import useUsage, { TRANSACTIONS_PAGE_SIZE } from './useUsage';
import styles from './styles.module.css';
import RetryAlert from '@site/src/components/RetryAlert';
import Pager from '../shared/Pager';

type Export = 'daily' | 'byKey' | 'transactions';

/**
 * One CSV export of the range (the usage ones of the filtered key or deployment), fetched with
 * the user's token and saved under the page's name.
 */
async function exportCsv(kind: Export, range: DayRange, filter: UsageFilter): Promise<void> {
  const csv =
    kind !== 'transactions'
      ? await account
          .v1('GET /usage/daily.csv', {
            query: {
              ...dailyUsageQuery(range),
              ...filterQuery(filter),
              ...(kind === 'byKey' && { group_by: 'key' as const }),
            },
          })
          .then(unwrap)
      : await account
          .v1('GET /transaction.csv', {
            // The same range as the transactions table (spec §7's start and end).
            query: {
              start_date: startOfLocalDayIso(dayToDate(range.start)),
              end_date: endOfDayIso(dayToDate(range.end)),
            },
          })
          .then(unwrap);
  const name =
    kind === 'daily' ? 'usage-by-day' : kind === 'byKey' ? 'usage-by-key' : 'transactions';
  const suffix = kind === 'transactions' ? '' : filterFileSuffix(filter);
  saveFile(`visionapi-${name}${suffix}-${range.start}-to-${range.end}.csv`, csvBlob(csv));
}

export default function UsagePanel(): ReactNode {
  const [range, setRange] = useState<DayRange>(() => quickRange('30d'));
  const [draft, setDraft] = useState<DayRange>(range);
  const [problem, setProblem] = useState<string | null>(null);
  const [skip, setSkip] = useState(0);
  const [filter, setFilter] = useState<UsageFilter>(NO_FILTER);
  const { page, daily, retry } = useUsage(range, skip, filter);
  const problemId = useId();
  const exporting = useMutation({ mutationFn: (kind: Export) => exportCsv(kind, range, filter) });
  const filtered = filter.apiKeyId !== '' || filter.deployment !== '';

  const apply = (next: DayRange) => {
    const found = rangeProblem(next);
    setProblem(found);
    if (found) return;
    setDraft(next);
    setRange(next);
    setSkip(0);
  };

  const first = skip + 1;
  const last = page.kind === 'ready' ? skip + page.rows.length : skip;
  const totals = daily.kind === 'ready' ? daily.data.totals : null;
  // Both fields are wrong together: each is described by the one message.
  const dateSlots = {
    inputLabel: { shrink: true },
    htmlInput: problem ? { 'aria-describedby': problemId } : {},
  };

  return (
    <>
      <section className={shared.card} aria-labelledby="range-heading">
        <h2 id="range-heading">Date range and filters</h2>
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
            slotProps={dateSlots}
          />
          <TextField
            id="usage-end"
            label="To"
            type="date"
            size="small"
            value={draft.end}
            onChange={(event) => setDraft((prev) => ({ ...prev, end: event.target.value }))}
            error={Boolean(problem)}
            slotProps={dateSlots}
          />
          <Button type="submit" variant="contained" disableElevation>
            Show usage
          </Button>
        </form>
        {problem && (
          <p id={problemId} className={styles.rangeProblem}>
            {problem}
          </p>
        )}
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
        <UsageFilters range={range} filter={filter} onChange={setFilter} />
      </section>

      {page.kind === 'failed' && <RetryAlert message={page.message} onRetry={retry} />}

      <section className={shared.card} aria-labelledby="totals-heading">
        <div className={shared.cardHeader}>
          <h2 id="totals-heading">Totals</h2>
          <div className={shared.row}>
            <Button
              variant="outlined"
              size="small"
              onClick={() => exporting.mutate('daily')}
              disabled={exporting.isPending}
            >
              Export usage by day (CSV)
            </Button>
            <Button
              variant="outlined"
              size="small"
              onClick={() => exporting.mutate('transactions')}
              disabled={exporting.isPending}
            >
              Export transactions (CSV)
            </Button>
          </div>
        </div>
        <dl className={styles.totals}>
          <div className={styles.total}>
            <dt>Spent</dt>
            <dd>{totals ? usdCents(totals.spent_usd) : '—'}</dd>
          </div>
          <div className={styles.total}>
            <dt>Calls</dt>
            <dd>{totals ? grouped(totals.calls) : '—'}</dd>
          </div>
          <div className={styles.total}>
            <dt>Purchased</dt>
            <dd>{totals ? usdCents(totals.purchased_usd) : '—'}</dd>
          </div>
        </dl>
      </section>

      <section className={shared.card} aria-labelledby="chart-heading">
        <h2 id="chart-heading">Spend</h2>
        {daily.kind === 'loading' && <p className={shared.muted}>Loading the chart…</p>}
        {daily.kind === 'failed' && <RetryAlert message={daily.message} onRetry={retry} />}
        {daily.kind === 'ready' && <SpendChart usage={daily.data} range={range} />}
      </section>

      {daily.kind === 'ready' && (
        <KeyUsage
          usage={daily.data}
          exporting={exporting.isPending}
          onExport={() => exporting.mutate('byKey')}
        />
      )}

      <section className={shared.card} aria-labelledby="transactions-heading">
        <h2 id="transactions-heading">Transactions</h2>
        {filtered && (
          <p className={shared.muted}>
            Every transaction of the range, whatever the key or deployment: the filter applies to
            the totals of spend and calls, the chart, the spend by key and the usage CSVs.
          </p>
        )}
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
                      <td data-label="Deployment">
                        {row.deployment ? deploymentTitle(row.deployment) : '—'}
                      </td>
                      <td data-label="Key">{row.api_key_name ?? '—'}</td>
                      <td data-label="Amount" className={shared.num}>
                        {/* A call's charge exactly; purchases, refunds and disputes are cents. */}
                        {usd(row.amount_usd)}
                      </td>
                      <td data-label="Balance after" className={shared.num}>
                        {usdBalance(row.balance_after_usd)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              summary={
                <>
                  {first}–{last} of {page.totalCount}
                </>
              }
              skip={skip}
              pageSize={TRANSACTIONS_PAGE_SIZE}
              hasMore={page.hasMore}
              onSkip={setSkip}
            />
          </>
        )}
      </section>
    </>
  );
}
