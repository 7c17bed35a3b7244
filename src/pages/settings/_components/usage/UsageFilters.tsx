/**
 * The usage page's filters: one key (those with calls in the range, charged or free) and one
 * deployment (the catalogue's public ones). The server filters the daily aggregate (`api_key_id`,
 * `deployment`), so the totals, the chart, the spend by key and both usage CSVs follow.
 */
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { API_ORDER } from '@contract/catalogue';
import { dailyUsageQuery } from '@site/src/api/queries';
import {
  dailyUsageQuery as dailyQueryOf,
  NO_FILTER,
  type DayRange,
  type UsageFilter,
} from './range';
import styles from './styles.module.css';

const SELECT_SLOTS = { select: { native: true }, inputLabel: { shrink: true } } as const;

export default function UsageFilters({
  range,
  filter,
  onChange,
}: {
  range: DayRange;
  filter: UsageFilter;
  onChange: (filter: UsageFilter) => void;
}): ReactNode {
  // The range's keys come from its unfiltered aggregate: with no filter set, the very entry the
  // page reads (no second request).
  const all = useQuery({ ...dailyUsageQuery(dailyQueryOf(range)), meta: { quiet: true } });
  const keys = new Map<string, string>();
  for (const key of all.data?.by_key ?? []) {
    if (key.api_key_id) keys.set(key.api_key_id, key.name ?? 'A deleted key');
  }
  for (const key of all.data?.test_calls?.by_key ?? []) {
    if (!keys.has(key.api_key_id)) keys.set(key.api_key_id, `${key.name} (test)`);
  }
  // The chosen key stays listed when another range has no calls of it.
  if (filter.apiKeyId && !keys.has(filter.apiKeyId)) keys.set(filter.apiKeyId, filter.keyName);
  const filtered = filter.apiKeyId !== '' || filter.deployment !== '';

  return (
    <div className={styles.filterRow} role="group" aria-label="Filter usage">
      <TextField
        select
        id="usage-key"
        label="Key"
        size="small"
        value={filter.apiKeyId}
        onChange={(event) => {
          const id = event.target.value;
          onChange({ ...filter, apiKeyId: id, keyName: keys.get(id) ?? '' });
        }}
        slotProps={SELECT_SLOTS}
        className={styles.filterSelect}
      >
        <option value="">All keys</option>
        {[...keys].map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </TextField>
      <TextField
        select
        id="usage-deployment"
        label="Deployment"
        size="small"
        value={filter.deployment}
        onChange={(event) => onChange({ ...filter, deployment: event.target.value })}
        slotProps={SELECT_SLOTS}
        className={styles.filterSelect}
      >
        <option value="">All deployments</option>
        {API_ORDER.map((entry) => (
          <option key={entry.slug} value={entry.slug}>
            {entry.title}
          </option>
        ))}
      </TextField>
      {filtered && (
        <Button
          size="small"
          onClick={() => {
            onChange(NO_FILTER);
            // The button goes with the filter: the focus stays in the filters.
            document.getElementById('usage-key')?.focus();
          }}
        >
          Show all usage
        </Button>
      )}
    </div>
  );
}
