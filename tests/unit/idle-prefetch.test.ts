import { describe, expect, it, vi } from 'vitest';
import {
  createIdlePrefetch,
  MAX_PREFETCHES_PER_IDLE,
  TASK_BUDGET_MS,
} from '@site/src/clientModules/idlePrefetch';

function setup(options: { saveData?: boolean; precached?: boolean; costMs?: number } = {}) {
  let clock = 0;
  // Each prefetch takes costMs of (fake) main-thread time.
  const real = {
    prefetch: vi.fn((_path: string) => {
      clock += options.costMs ?? 1;
    }),
    preload: vi.fn(),
  };
  const idle: Array<(d: { timeRemaining: () => number }) => void> = [];
  let onLoad: () => void = () => undefined;
  const wrapped = createIdlePrefetch(real, {
    whenIdle: (cb) => idle.push(cb),
    saveData: () => Boolean(options.saveData),
    precached: () => Boolean(options.precached),
    afterLoad: (cb) => (onLoad = cb),
    now: () => clock,
  });
  /** Runs one idle period allowing `calls` prefetches. */
  const runIdle = (calls: number) => {
    let left = calls;
    const cb = idle.shift();
    cb?.({ timeRemaining: () => (left-- > 0 ? 10 : 0) });
  };
  return { real, wrapped, idle, runIdle, load: () => onLoad() };
}

describe('idle prefetch', () => {
  it('waits for the load event, then prefetches a few routes per idle period', () => {
    const { real, wrapped, idle, runIdle, load } = setup();
    ['/a/', '/b/', '/c/'].forEach((path) => wrapped.prefetch(path));
    expect(idle).toHaveLength(0);
    load();
    expect(idle).toHaveLength(1);
    runIdle(2);
    expect(real.prefetch.mock.calls.map(([p]) => p)).toEqual(['/a/', '/b/']);
    expect(idle).toHaveLength(1);
    runIdle(5);
    expect(real.prefetch.mock.calls.map(([p]) => p)).toEqual(['/a/', '/b/', '/c/']);
    expect(idle).toHaveLength(0);
  });

  it('keeps each idle period short: a few routes at most, however much time is left', () => {
    const { real, wrapped, idle, runIdle, load } = setup();
    const paths = Array.from({ length: MAX_PREFETCHES_PER_IDLE * 2 + 1 }, (_, i) => `/r${i}/`);
    paths.forEach((path) => wrapped.prefetch(path));
    load();
    runIdle(100);
    expect(real.prefetch).toHaveBeenCalledTimes(MAX_PREFETCHES_PER_IDLE);
    expect(idle).toHaveLength(1);
    runIdle(100);
    runIdle(100);
    expect(real.prefetch.mock.calls.map(([p]) => p)).toEqual(paths);
    expect(idle).toHaveLength(0);
  });

  it('stops starting routes once an idle period has spent its time budget', () => {
    const { real, wrapped, idle, runIdle, load } = setup({ costMs: TASK_BUDGET_MS / 2 + 1 });
    ['/a/', '/b/', '/c/'].forEach((path) => wrapped.prefetch(path));
    load();
    runIdle(100);
    expect(real.prefetch.mock.calls.map(([p]) => p)).toEqual(['/a/', '/b/']);
    expect(idle).toHaveLength(1);
    runIdle(100);
    expect(real.prefetch).toHaveBeenCalledTimes(3);
  });

  it('asks for each route once', () => {
    const { real, wrapped, runIdle, load } = setup();
    load();
    wrapped.prefetch('/a/');
    wrapped.prefetch('/a/');
    runIdle(5);
    expect(real.prefetch).toHaveBeenCalledTimes(1);
  });

  it('prefetches nothing when the reader asks to save data; hover preload is untouched', () => {
    const { real, wrapped, runIdle, load } = setup({ saveData: true });
    load();
    expect(wrapped.prefetch('/a/')).toBe(false);
    runIdle(5);
    expect(real.prefetch).not.toHaveBeenCalled();
    wrapped.preload('/a/');
    expect(real.preload).toHaveBeenCalledWith('/a/');
  });

  it('prefetches nothing when the service worker controls the page; hover preload is untouched', () => {
    const { real, wrapped, runIdle, load } = setup({ precached: true });
    load();
    expect(wrapped.prefetch('/a/')).toBe(false);
    runIdle(5);
    expect(real.prefetch).not.toHaveBeenCalled();
    wrapped.preload('/a/');
    expect(real.preload).toHaveBeenCalledWith('/a/');
  });
});
