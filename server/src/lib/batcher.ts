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

/** Only items of one partition share a batch (none given: every item may share). */
export type Partition<I> = (item: I) => string;

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
    private readonly partition?: Partition<I>,
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
      const batch = this.take();
      this.inFlight++;
      this.stats.batches++;
      this.stats.items += batch.length;
      void this.send(batch);
    }
  }

  /** The oldest item and up to maxSize - 1 later ones of its partition, in their order. */
  private take(): Pending<I, R>[] {
    if (!this.partition) return this.queue.splice(0, this.options.maxSize);
    const partition = this.partition(this.queue[0]!.item);
    const batch: Pending<I, R>[] = [];
    const rest: Pending<I, R>[] = [];
    for (const pending of this.queue) {
      if (batch.length < this.options.maxSize && this.partition(pending.item) === partition) {
        batch.push(pending);
      } else {
        rest.push(pending);
      }
    }
    this.queue = rest;
    return batch;
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
