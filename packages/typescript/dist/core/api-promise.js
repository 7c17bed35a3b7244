/**
 * What every method returns: a promise of the answer's body that can also give the answer's
 * metadata (`await client.objectDetection(img).withMeta()` → `{ data, meta }`).
 */
export class APIPromise {
    inner;
    constructor(inner) {
        this.inner = inner;
        // Handled here so an unawaited `.withMeta()` branch never reports an unhandled rejection.
        inner.catch(() => undefined);
    }
    /** The body and the answer's metadata (request id, attempts, replay, rate limit, spend cap). */
    withMeta() {
        return this.inner;
    }
    then(onFulfilled, onRejected) {
        return this.inner.then((result) => result.data).then(onFulfilled, onRejected);
    }
    catch(onRejected) {
        return this.then(undefined, onRejected);
    }
    finally(onFinally) {
        return this.then().finally(onFinally);
    }
}
