/**
 * The metering micro-batcher (server/src/lib/batcher.ts): a lone item goes out at once; items
 * submitted while batches are in flight go out together, at most `maxSize` a batch and
 * `maxInFlight` batches at once; each item gets its own result or error; a failed batch fails
 * every item of it and no other.
 */
import { describe, expect, it } from 'vitest';
import { Batcher } from '../../server/src/lib/batcher';

/** A `run` whose batches stay open until released, recording what each carried. */
function gatedRun() {
  const batches: number[][] = [];
  const gates: Array<() => void> = [];
  let failNext: Error | null = null;
  const run = (items: number[]) => {
    batches.push(items);
    const failure = failNext;
    failNext = null;
    return new Promise<Array<number | Error>>((resolve, reject) => {
      gates.push(() =>
        failure
          ? reject(failure)
          : resolve(items.map((item) => (item < 0 ? new Error(`bad ${item}`) : item * 10))),
      );
    });
  };
  return {
    run,
    batches,
    releaseAll: () => gates.splice(0).forEach((open) => open()),
    failNextBatch: (error: Error) => (failNext = error),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('sends a lone item at the end of the turn, and items of one turn together', async () => {
    const gated = gatedRun();
    const batcher = new Batcher(gated.run, { maxSize: 32, maxInFlight: 2 });
    const lone = batcher.submit(1);
    await turn();
    expect(gated.batches).toEqual([[1]]);
    const together = [batcher.submit(2), batcher.submit(3), batcher.submit(4)];
    await turn();
    expect(gated.batches).toEqual([[1], [2, 3, 4]]);
    gated.releaseAll();
    expect(await lone).toBe(10);
    expect(await Promise.all(together)).toEqual([20, 30, 40]);
    expect(batcher.stats).toEqual({ batches: 2, items: 4 });
  });

  it('holds items while maxInFlight batches are out, then sends them together, maxSize at most', async () => {
    const gated = gatedRun();
    const batcher = new Batcher(gated.run, { maxSize: 3, maxInFlight: 1 });
    const first = batcher.submit(1);
    await turn();
    const waiting = [5, 6, 7, 8, 9].map((item) => batcher.submit(item));
    await turn();
    expect(gated.batches).toEqual([[1]]);
    gated.releaseAll();
    await first;
    await turn();
    expect(gated.batches).toEqual([[1], [5, 6, 7]]);
    gated.releaseAll();
    await turn();
    expect(gated.batches).toEqual([[1], [5, 6, 7], [8, 9]]);
    gated.releaseAll();
    expect(await Promise.all(waiting)).toEqual([50, 60, 70, 80, 90]);
  });

  it('rejects an item whose own result is an error, and resolves the others', async () => {
    const gated = gatedRun();
    const batcher = new Batcher(gated.run, { maxSize: 8, maxInFlight: 1 });
    const results = [1, -2, 3].map((item) => batcher.submit(item).catch((error: Error) => error));
    await turn();
    gated.releaseAll();
    const [a, b, c] = await Promise.all(results);
    expect(a).toBe(10);
    expect(b).toBeInstanceOf(Error);
    expect((b as Error).message).toBe('bad -2');
    expect(c).toBe(30);
  });

  it('fails every item of a failed batch, and only those; the next batch goes out', async () => {
    const gated = gatedRun();
    const batcher = new Batcher(gated.run, { maxSize: 2, maxInFlight: 1 });
    gated.failNextBatch(Object.assign(new Error('Connection terminated'), { code: '57P01' }));
    const lost = [1, 2].map((item) => batcher.submit(item).catch((error: Error) => error));
    const later = batcher.submit(3);
    await turn();
    gated.releaseAll();
    const errors = await Promise.all(lost);
    for (const error of errors) expect((error as { code?: string }).code).toBe('57P01');
    await turn();
    gated.releaseAll();
    expect(await later).toBe(30);
  });

  it('rejects a batch that answers fewer results than items', async () => {
    const batcher = new Batcher<number, number>(async () => [1], { maxSize: 4, maxInFlight: 1 });
    const results = await Promise.allSettled([batcher.submit(1), batcher.submit(2)]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 1 });
    expect(results[1]!.status).toBe('rejected');
  });

  it('puts only items of one partition in a batch, oldest first, the others keeping their turn', async () => {
    const gated = gatedRun();
    const batcher = new Batcher(gated.run, { maxSize: 2, maxInFlight: 1 }, (item) =>
      String(item % 2),
    );
    const all = [1, 2, 3, 4, 5].map((item) => batcher.submit(item));
    for (let i = 0; i < 3; i++) {
      await turn();
      gated.releaseAll();
    }
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
    expect(gated.batches).toEqual([[1, 3], [2, 4], [5]]);
  });

  it('refuses settings that would never send', () => {
    expect(() => new Batcher(async () => [], { maxSize: 0, maxInFlight: 1 })).toThrow(RangeError);
    expect(() => new Batcher(async () => [], { maxSize: 1, maxInFlight: 0 })).toThrow(RangeError);
  });
});
