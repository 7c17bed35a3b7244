/**
 * A micro-batcher: the items submitted while earlier batches are still in flight go out
 * together, as one statement, when one of them comes back (the way a database groups commits).
 * With nothing in flight an item goes out at the end of the current turn of the event loop, with
 * whatever else was submitted in that turn, so a lone call waits for nothing.
 *
 * Each item gets its own outcome: `run` returns one result per item, in order, either a value or
 * an Error for that item alone. When `run` itself fails (the connection was lost), every item of
 * that batch fails with the same error.
 */
export interface BatcherOptions {
  /** Items per batch at most. */
  maxSize: number;
  /** Batches in flight at once at most; later items wait and go out together. */
  maxInFlight: number;
}

interface Pending<I, R> {
  item: I;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export class Batcher<I, R> {
  private queue: Pending<I, R>[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Batches sent and items carried, since the start (for tests and metrics). */
  readonly stats = { batches: 0, items: 0 };

  constructor(
    private readonly run: (items: I[]) => Promise<Array<R | Error>>,
    private readonly options: BatcherOptions,
  ) {
    if (!(options.maxSize >= 1) || !(options.maxInFlight >= 1)) {
      throw new RangeError('a batcher needs maxSize >= 1 and maxInFlight >= 1');
    }
  }

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    while (this.queue.length > 0 && this.inFlight < this.options.maxInFlight) {
      const batch = this.queue.splice(0, this.options.maxSize);
      this.inFlight++;
      this.stats.batches++;
      this.stats.items += batch.length;
      void this.send(batch);
    }
  }

  private async send(batch: Pending<I, R>[]): Promise<void> {
    try {
      const results = await this.run(batch.map((pending) => pending.item));
      batch.forEach((pending, index) => {
        const result = results[index];
        if (result === undefined) {
          pending.reject(new Error('the batch answered fewer results than items'));
        } else if (result instanceof Error) {
          pending.reject(result);
        } else {
          pending.resolve(result);
        }
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    } finally {
      this.inFlight--;
      if (this.queue.length > 0) this.drain();
    }
  }
}
