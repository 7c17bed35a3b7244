import type { ResponseMeta } from './types.js';

/**
 * What every method returns: a promise of the answer's body that can also give the answer's
 * metadata (`await client.objectDetection(img).withMeta()` → `{ data, meta }`).
 */
export class APIPromise<T> implements PromiseLike<T> {
  private readonly inner: Promise<{ data: T; meta: ResponseMeta }>;

  constructor(inner: Promise<{ data: T; meta: ResponseMeta }>) {
    this.inner = inner;
    // Handled here so an unawaited `.withMeta()` branch never reports an unhandled rejection.
    inner.catch(() => undefined);
  }

  /** The body and the answer's metadata (request id, attempts, replay, rate limit, spend cap). */
  withMeta(): Promise<{ data: T; meta: ResponseMeta }> {
    return this.inner;
  }

  then<R1 = T, R2 = never>(
    onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.inner.then((result) => result.data).then(onFulfilled, onRejected);
  }

  catch<R = never>(onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onFinally);
  }
}
