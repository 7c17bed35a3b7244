// @vitest-environment jsdom
/**
 * The status page's 90 days from real traffic: a failing deployment's row, its bars in words,
 * its incident saying failed calls were not charged, the feed link; and the figures saved on
 * this device shown, and said to be saved, when the API cannot be read (offline).
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatusReport } from '@contract/status';
import History from '@site/src/pages/_components/status/History';
import {
  barsSummary,
  dayBars,
  savedReport,
  saveReport,
} from '@site/src/pages/_components/status/report';

const report: StatusReport = {
  generated_at: '2026-11-26T12:00:00.000Z',
  window_days: 90,
  state: 'outage',
  components: [
    {
      id: 'account-api',
      name: 'Account API',
      state: 'operational',
      calls: 1200,
      failures: 0,
      availability_percent: 100,
      latency_p50_ms: 25,
      latency_p95_ms: 100,
      days: [
        {
          date: '2026-11-26',
          calls: 1200,
          failures: 0,
          availability_percent: 100,
          latency_p50_ms: 25,
          latency_p95_ms: 100,
        },
      ],
    },
    {
      id: 'image-classification',
      name: 'Image classification',
      state: 'outage',
      calls: 6,
      failures: 4,
      availability_percent: 33.333,
      latency_p50_ms: 250,
      latency_p95_ms: 500,
      days: [
        {
          date: '2026-11-25',
          calls: 2,
          failures: 0,
          availability_percent: 100,
          latency_p50_ms: 250,
          latency_p95_ms: 500,
        },
        {
          date: '2026-11-26',
          calls: 4,
          failures: 4,
          availability_percent: 0,
          latency_p50_ms: null,
          latency_p95_ms: null,
        },
      ],
    },
  ],
  incidents: [
    {
      id: '0b6c3f7e-4a4e-4d0f-9d7e-0b1f1c1d1e1f',
      component: 'image-classification',
      title: 'Image classification: calls failing',
      message:
        'Calls to Image classification failed repeatedly, so the gateway stopped forwarding them for a moment and answered 503 with Retry-After. We are retrying. Failed calls were not charged.',
      started_at: '2026-11-26T11:58:00.000Z',
      resolved_at: null,
    },
  ],
};

const FEED = 'http://localhost:4010/v1/status.atom';

describe('status page: the last 90 days', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('shows a failing deployment in a captioned table, its bars in words and its incident', () => {
    render(<History report={report} source="live" failed={false} feedUrl={FEED} />);
    const table = screen.getByRole('table', { name: /Availability and latency of each part/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Part',
      'Now',
      'Availability',
      'Median latency',
      '95th percentile',
      'Calls',
      'Each day',
    ]);
    const row = within(table)
      .getByRole('rowheader', { name: 'Image classification' })
      .closest('tr')!;
    expect(row.getAttribute('data-state')).toBe('outage');
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Outage',
      '33.33 %',
      '≤ 250 ms',
      '≤ 500 ms',
      '6 (4 failed)',
      '',
    ]);
    // The bars are one image with a text alternative; the 90 bars themselves are hidden.
    const bars = within(row).getByRole('img');
    expect(bars.getAttribute('aria-label')).toBe(
      '90 days: 1 without failures, 1 with failures (lowest 0 % on Nov 26, 2026), 88 without calls.',
    );
    expect(bars.querySelectorAll('[aria-hidden="true"]')).toHaveLength(90);

    const incidents = screen.getByRole('list', { name: 'Incidents' });
    const item = within(incidents).getByRole('listitem');
    expect(
      within(item).getByRole('heading', { name: 'Image classification: calls failing' }),
    ).toBeTruthy();
    expect(item.textContent).toContain('ongoing');
    expect(item.textContent).toContain('Failed calls were not charged.');
    const feed = screen.getByRole('link', { name: 'Incidents as an Atom feed' });
    expect(feed.getAttribute('href')).toBe(FEED);
    expect(screen.queryByTestId('status-history-saved')).toBeNull();
  });

  it('says the figures are the ones saved on this device when the API cannot be read', () => {
    saveReport(report);
    const saved = savedReport();
    expect(saved?.generated_at).toBe(report.generated_at);
    render(<History report={saved} source="saved" failed feedUrl={FEED} />);
    expect(screen.getByTestId('status-history-saved').textContent).toMatch(
      /^The latest figures could not be read\. These figures were saved on this device; they are from /,
    );
    expect(screen.getByRole('rowheader', { name: 'Image classification' })).toBeTruthy();
  });

  it('says so when nothing could be read and nothing was saved', () => {
    render(<History report={null} source={null} failed feedUrl={FEED} />);
    expect(screen.getByTestId('status-history-empty').textContent).toBe(
      'The figures could not be read, and none were saved on this device yet.',
    );
  });

  it('draws one bar per day of the window, ending on the report day', () => {
    const bars = dayBars(report.components[1]!, report.generated_at);
    expect(bars).toHaveLength(90);
    expect(bars.at(-1)).toEqual({ date: '2026-11-26', availability: 0, level: 'low' });
    expect(bars.at(-2)).toEqual({ date: '2026-11-25', availability: 100, level: 'full' });
    expect(bars[0]!.date).toBe('2026-08-29');
    expect(barsSummary(dayBars(report.components[0]!, report.generated_at))).toBe(
      '90 days: 1 without failures, 89 without calls.',
    );
  });
});
