import type { ResponseMeta } from './types.js';
/**
 * What every method returns: a promise of the answer's body that can also give the answer's
 * metadata (`await client.objectDetection(img).withMeta()` → `{ data, meta }`).
 */
export declare class APIPromise<T> implements PromiseLike<T> {
    private readonly inner;
    constructor(inner: Promise<{
        data: T;
        meta: ResponseMeta;
    }>);
    /** The body and the answer's metadata (request id, attempts, replay, rate limit, spend cap). */
    withMeta(): Promise<{
        data: T;
        meta: ResponseMeta;
    }>;
    then<R1 = T, R2 = never>(onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null, onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2>;
    catch<R = never>(onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R>;
    finally(onFinally?: (() => void) | null): Promise<T>;
}
