/**
 * When each background job of this process last finished, for the `/metrics` lag gauge: a job
 * that should run every `intervalMs` and has not for longer is late by the difference (a stuck
 * timer, a blocked event loop, a database that keeps failing it). Process state, nothing stored.
 */
const runs = new Map<string, { at: number; intervalMs: number }>();

/** Notes that a job ran to its end now (successful or not: a failure is logged where it happens). */
export function jobRan(name: string, intervalMs: number): void {
  runs.set(name, { at: Date.now(), intervalMs });
}

export interface JobLag {
  job: string;
  lastRunAt: number;
  /** Seconds past the moment it should have run again; 0 when on time. */
  lagSeconds: number;
}

export function jobLags(now = Date.now()): JobLag[] {
  return [...runs.entries()].map(([job, run]) => ({
    job,
    lastRunAt: run.at,
    lagSeconds: Math.max(0, (now - run.at - run.intervalMs) / 1000),
  }));
}
