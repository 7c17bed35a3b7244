import { describe, expect, it } from 'vitest';
import {
  dailyUsageQuery,
  daysOf,
  dayToDate,
  filterFileSuffix,
  filterQuery,
  NO_FILTER,
  quickRange,
  rangeProblem,
} from '@site/src/pages/settings/_components/usage/range';
import {
  deploymentTitle,
  granularityFor,
  spendBars,
  spendPerDeployment,
  valueTicks,
} from '@site/src/pages/settings/_components/usage/chart';
import { toUsageRow } from '@site/src/pages/settings/_components/usage/transactions';
import type { DailyUsage, Transaction } from '@contract';

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

  it('offers today, 7 days, 30 days, this month and 12 months as local days', () => {
    expect(quickRange('today', now)).toEqual({ start: '2025-03-15', end: '2025-03-15' });
    expect(quickRange('7d', now)).toEqual({ start: '2025-03-09', end: '2025-03-15' });
    expect(quickRange('30d', now)).toEqual({ start: '2025-02-14', end: '2025-03-15' });
    expect(quickRange('month', now)).toEqual({ start: '2025-03-01', end: '2025-03-15' });
    expect(quickRange('12m', now)).toEqual({ start: '2024-03-16', end: '2025-03-15' });
    expect(daysOf(quickRange('12m', now))).toHaveLength(365);
    expect(rangeProblem(quickRange('12m', now))).toBeNull();
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

  it('refuses a range that ends before it starts, or longer than the server reads', () => {
    expect(rangeProblem({ start: '2025-03-10', end: '2025-03-09' })).toMatch(/on or before/);
    expect(rangeProblem({ start: '', end: '2025-03-09' })).toMatch(/start date/);
    expect(rangeProblem({ start: '2025-03-09', end: '2025-03-09' })).toBeNull();
    expect(rangeProblem({ start: '2024-01-01', end: '2024-12-31' })).toBe(
      'Choose a range of at most 365 days.',
    );
    expect(rangeProblem({ start: '2024-01-02', end: '2024-12-31' })).toBeNull();
  });

  it('asks the daily aggregate for the local days, in the browser’s offset', () => {
    const query = dailyUsageQuery({ start: '2025-03-01', end: '2025-03-31' });
    const end = new Date(2025, 2, 31, 23, 59, 59, 999);
    expect(query).toEqual({
      start_date: new Date(2025, 2, 1).toISOString(),
      end_date: end.toISOString(),
      utc_offset_minutes: -end.getTimezoneOffset(),
    });
    // A year of it stays within the server's 366 days.
    const year = dailyUsageQuery(quickRange('12m', now));
    expect(Date.parse(year.end_date) - Date.parse(year.start_date)).toBeLessThan(366 * 86_400_000);
  });
});

const usage = (days: DailyUsage['days']): DailyUsage => ({
  days,
  by_deployment: [],
  by_key: [],
  test_calls: { calls: 0, by_key: [] },
  totals: {
    calls: days.reduce((n, d) => n + d.calls, 0),
    spent_usd: 0,
    purchased_usd: 0,
  },
});
const day = (date: string, deployments: [string, number, number][]) => ({
  date,
  calls: deployments.reduce((n, [, calls]) => n + calls, 0),
  spent_usd: deployments.reduce((n, [, , usd]) => n + usd, 0),
  deployments: deployments.map(([deployment, calls, spent_usd]) => ({
    deployment,
    calls,
    spent_usd,
  })),
  keys: [],
});

describe('usage chart', () => {
  it('draws every day of a short range, empty days included, with the exact sums', () => {
    const { granularity, bars } = spendBars(
      usage([
        day('2025-03-02', [
          ['object-detection', 3, 0.012],
          ['depth-estimation', 1, 0.005],
        ]),
      ]),
      { start: '2025-03-01', end: '2025-03-03' },
    );
    expect(granularity).toBe('day');
    expect(bars.map((b) => [b.start, b.label, b.calls, b.spentUsd])).toEqual([
      ['2025-03-01', 'Mar 1', 0, 0],
      ['2025-03-02', 'Mar 2', 4, 0.017],
      ['2025-03-03', 'Mar 3', 0, 0],
    ]);
    expect(bars[1]!.longLabel).toBe('Sun, Mar 2, 2025');
  });

  it('groups a quarter by week (from Monday) and a year by month', () => {
    expect(granularityFor(45)).toBe('day');
    expect(granularityFor(46)).toBe('week');
    expect(granularityFor(190)).toBe('week');
    expect(granularityFor(365)).toBe('month');
    const weeks = spendBars(usage([day('2025-03-05', [['object-detection', 2, 0.008]])]), {
      start: '2025-03-01',
      end: '2025-04-30',
    });
    expect(weeks.granularity).toBe('week');
    // Saturday 1 March starts a partial week; Monday 3 March the next.
    expect(weeks.bars[0]).toMatchObject({ start: '2025-03-01', end: '2025-03-02', calls: 0 });
    expect(weeks.bars[1]).toMatchObject({
      start: '2025-03-03',
      end: '2025-03-09',
      longLabel: 'Mar 3 – 9, 2025',
      calls: 2,
      spentUsd: 0.008,
    });
    const year = spendBars(
      usage([
        day('2024-03-20', [['object-detection', 1, 0.004]]),
        day('2024-03-21', [['object-detection', 2, 0.008]]),
      ]),
      { start: '2024-03-16', end: '2025-03-15' },
    );
    expect(year.granularity).toBe('month');
    expect(year.bars).toHaveLength(13);
    expect(year.bars[0]).toMatchObject({
      label: 'Mar 2024',
      longLabel: 'March 2024',
      calls: 3,
      spentUsd: 0.012,
    });
    expect(year.bars.map((b) => b.label).slice(9, 11)).toEqual(['Dec', 'Jan 2025']);
  });

  it('names deployments by their catalogue title and adds them up exactly', () => {
    const rows = spendPerDeployment(
      usage([
        day('2025-03-01', [
          ['object-detection', 1, 0.1],
          ['image-segmentation/semantic', 1, 0.2],
        ]),
        day('2025-03-02', [
          ['object-detection', 2, 0.2],
          ['some-retired-model', 1, 0.05],
        ]),
      ]),
    );
    expect(rows).toEqual([
      { deployment: 'object-detection', title: 'Object detection', calls: 3, spentUsd: 0.3 },
      {
        deployment: 'image-segmentation/semantic',
        title: 'Semantic segmentation',
        calls: 1,
        spentUsd: 0.2,
      },
      {
        deployment: 'some-retired-model',
        title: 'some-retired-model',
        calls: 1,
        spentUsd: 0.05,
      },
    ]);
    expect(deploymentTitle('zero-shot-object-detection')).toBe('Zero-shot object detection');
  });

  it('puts round values on the value axis, from zero to at least the highest bar', () => {
    expect(valueTicks(0)).toEqual([0]);
    expect(valueTicks(1.7)).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(valueTicks(9.2)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(valueTicks(0.012)).toEqual([0, 0.005, 0.01, 0.015]);
    expect(valueTicks(40)).toEqual([0, 10, 20, 30, 40]);
  });
});

describe('transactions', () => {
  it('keeps the raw created_at as complete_created_at and formats created_at', () => {
    const row = toUsageRow(tx({ created_at: '2025-03-10T12:00:00.000Z' }));
    expect(row.complete_created_at).toBe('2025-03-10T12:00:00.000Z');
    expect(row.created_at).toMatch(/^Mar 10, 2025, \d{1,2}:\d{2} (AM|PM) \S+$/);
  });
});

describe('usage filtered by key and by deployment', () => {
  it('sends api_key_id and deployment only when chosen', () => {
    expect(filterQuery(NO_FILTER)).toEqual({});
    expect(
      filterQuery({
        apiKeyId: 'k-1',
        keyName: 'Server',
        deployment: 'image-segmentation/semantic',
      }),
    ).toEqual({ api_key_id: 'k-1', deployment: 'image-segmentation/semantic' });
  });

  it('names the CSV after the filter, with nothing a file name cannot hold', () => {
    expect(filterFileSuffix(NO_FILTER)).toBe('');
    expect(
      filterFileSuffix({
        apiKeyId: '1a2b3c4d-5e6f-7081-92a3-b4c5d6e7f809',
        keyName: 'Server',
        deployment: 'image-segmentation/semantic',
      }),
    ).toBe('-image-segmentation-semantic-key-1a2b3c4d');
  });
});
