/**
 * The 90-day report: the copy saved on this device first (so the page has figures offline and
 * at once), then the account API's, now and every REPORT_REFRESH_MS while the page is open and
 * the reader online; each fresh one is saved for next time.
 */
import { useEffect, useState } from 'react';
import type { StatusReport } from '@contract/status';
import { fetchStatusReport, saveReport, savedReport } from './report';

export const REPORT_REFRESH_MS = 60_000;

export interface StatusReportState {
  report: StatusReport | null;
  /** `saved`: the copy kept on this device (offline, or the API did not answer). */
  source: 'live' | 'saved' | null;
  /** True once a read failed (or was impossible) and no fresher copy came since. */
  failed: boolean;
}

export function useStatusReport(url: string): StatusReportState {
  const [state, setState] = useState<StatusReportState>({
    report: null,
    source: null,
    failed: false,
  });

  useEffect(() => {
    let active = true;
    const saved = savedReport();
    if (saved) setState({ report: saved, source: 'saved', failed: false });
    const load = async () => {
      if (!navigator.onLine) {
        setState((current) => ({ ...current, failed: true }));
        return;
      }
      const fresh = await fetchStatusReport(url);
      if (!active) return;
      if (fresh) {
        saveReport(fresh);
        setState({ report: fresh, source: 'live', failed: false });
      } else {
        setState((current) => ({
          report: current.report,
          source: current.report ? 'saved' : null,
          failed: true,
        }));
      }
    };
    void load();
    const timer = window.setInterval(() => void load(), REPORT_REFRESH_MS);
    const online = () => void load();
    window.addEventListener('online', online);
    return () => {
      active = false;
      window.clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [url]);

  return state;
}
