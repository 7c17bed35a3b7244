export class VisionAPIError extends Error {
    name = 'VisionAPIError';
}
/** An error answer of either server. */
export class APIError extends VisionAPIError {
    name = 'APIError';
    status;
    /** Stable: branch on it. `null` when the answer had no code (a proxy's page, say). */
    code;
    /** The answer's `x-request-id`: quote it to support. */
    requestId;
    details;
    headers;
    shouldRetry;
    /** Attempts made before giving up. */
    attempts;
    constructor(init) {
        super(init.message);
        this.status = init.status;
        this.code = init.code;
        this.requestId = init.requestId;
        this.details = init.details;
        this.headers = init.headers;
        this.shouldRetry = init.shouldRetry;
        this.attempts = init.attempts;
    }
}
/** No answer: the connection failed or was cut. */
export class APIConnectionError extends VisionAPIError {
    name = 'APIConnectionError';
    attempts;
    constructor(message, attempts, options) {
        super(message, options);
        this.attempts = attempts;
    }
}
/** No answer within the call's `timeout`. */
export class APIConnectionTimeoutError extends APIConnectionError {
    name = 'APIConnectionTimeoutError';
}
/** The caller's `signal` aborted the call. */
export class APIUserAbortError extends VisionAPIError {
    name = 'APIUserAbortError';
}
/** An image that cannot be read (missing file, unreadable URL, too large). */
export class ImageInputError extends VisionAPIError {
    name = 'ImageInputError';
}
