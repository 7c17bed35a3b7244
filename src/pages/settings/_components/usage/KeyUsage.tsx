/**
 * The range's spend by key (from the same aggregate as the chart), most spent first, with the
 * test keys' free calls apart, and the CSV of the spend by day and key.
 */
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import type { DailyUsage } from '@contract';
import ScrollTable from '@site/src/components/ScrollTable';
import { grouped } from '@site/src/format/numbers';
import { usd } from '../shared/format';
import shared from '../shared/styles.module.css';

export default function KeyUsage({
  usage,
  onExport,
  exporting,
}: {
  usage: DailyUsage;
  onExport: () => void;
  exporting: boolean;
}): ReactNode {
  // Answers cached by an older version of the page may lack these.
  const keys = usage.by_key ?? [];
  const tests = usage.test_calls ?? { calls: 0, by_key: [] };
  return (
    <section className={shared.card} aria-labelledby="keys-usage-heading">
      <div className={shared.cardHeader}>
        <h2 id="keys-usage-heading">By key</h2>
        <Button variant="outlined" size="small" disabled={exporting} onClick={onExport}>
          Export CSV by key
        </Button>
      </div>
      {keys.length === 0 ? (
        <p className={shared.muted}>No charged calls in this range.</p>
      ) : (
        <ScrollTable label="Spend by key">
          <table className={`${shared.table} ${shared.stacked}`} aria-label="Spend by key">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col" className={shared.num}>
                  Calls
                </th>
                <th scope="col" className={shared.num}>
                  Spent
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.api_key_id ?? 'none'}>
                  <td data-label="Key">{key.name ?? 'A deleted key'}</td>
                  <td data-label="Calls" className={shared.num}>
                    {grouped(key.calls)}
                  </td>
                  <td data-label="Spent" className={shared.num}>
                    {usd(key.spent_usd)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <p className={shared.muted} data-testid="test-calls">
        {tests.calls === 0
          ? 'No free test-key calls in this range.'
          : `Free test-key calls in this range: ${grouped(tests.calls)} (${tests.by_key
              .map((key) => `${key.name}: ${grouped(key.calls)}`)
              .join(', ')}).`}
      </p>
    </section>
  );
}
