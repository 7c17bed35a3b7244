import { describe, expect, it } from 'vitest';
import {
  daysOf,
  dayToDate,
  quickRange,
  rangeProblem,
} from '@site/src/pages/settings/_components/usage/range';
import {
  spendPerDay,
  spendPerDeployment,
  toUsageRow,
} from '@site/src/pages/settings/_components/usage/transactions';
import type { Transaction } from '@contract';

const tx = (over: Partial<Transaction>): Transaction => ({
  id: Math.random().toString(36).slice(2),
  created_at: '2025-03-10T12:00:00.000Z',
  kind: 'usage',
  deployment: 'object-detection',
  units: 1,
  amount_usd: -0.004,
  api_key_name: 'Playground key',
  balance_after_usd: 24.996,
  ...over,
});

describe('usage ranges', () => {
  const now = new Date(2025, 2, 15, 18, 30); // 15 March 2025, local

  it('offers today, 7 days, 30 days and this month as local days', () => {
    expect(quickRange('today', now)).toEqual({ start: '2025-03-15', end: '2025-03-15' });
    expect(quickRange('7d', now)).toEqual({ start: '2025-03-09', end: '2025-03-15' });
    expect(quickRange('30d', now)).toEqual({ start: '2025-02-14', end: '2025-03-15' });
    expect(quickRange('month', now)).toEqual({ start: '2025-03-01', end: '2025-03-15' });
  });

  it('turns a day into local midnight and lists the days of a range', () => {
    const date = dayToDate('2025-03-09');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([
      2025, 2, 9, 0,
    ]);
    expect(daysOf({ start: '2025-02-27', end: '2025-03-02' })).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
  });

  it('refuses a range that ends before it starts', () => {
    expect(rangeProblem({ start: '2025-03-10', end: '2025-03-09' })).toMatch(/on or before/);
    expect(rangeProblem({ start: '', end: '2025-03-09' })).toMatch(/start date/);
    expect(rangeProblem({ start: '2025-03-09', end: '2025-03-09' })).toBeNull();
  });
});

describe('transactions', () => {
  it('keeps the raw created_at as complete_created_at and formats created_at', () => {
    const row = toUsageRow(tx({ created_at: '2025-03-10T12:00:00.000Z' }));
    expect(row.complete_created_at).toBe('2025-03-10T12:00:00.000Z');
    expect(row.created_at).toMatch(/^Mar 10, 2025 \d{1,2}:\d{2}:\d{2} (AM|PM)$/);
  });

  it('adds spend per day and per deployment exactly', () => {
    const rows = [
      ...Array.from({ length: 3 }, () => tx({ amount_usd: -0.1 })),
      tx({ amount_usd: -0.2, deployment: 'depth-estimation' }),
      tx({ kind: 'purchase', deployment: null, units: 0, amount_usd: 25 }),
    ].map(toUsageRow);
    const day = rows[0]!.complete_created_at;
    const localDay = `${new Date(day).getFullYear()}-${String(new Date(day).getMonth() + 1).padStart(2, '0')}-${String(new Date(day).getDate()).padStart(2, '0')}`;
    const perDay = spendPerDay(rows, [localDay]);
    expect(perDay).toEqual([{ day: localDay, usd: 0.5 }]);
    expect(spendPerDeployment(rows)).toEqual([
      { deployment: 'object-detection', usd: 0.3, calls: 3 },
      { deployment: 'depth-estimation', usd: 0.2, calls: 1 },
    ]);
  });
});
