/**
 * The client: settings (options, then environment variables, then production defaults), and the
 * two calls every generated method makes: a deployment on the services host and an operation of
 * the account API. Requests, retries and errors are ./http.ts; images are ./image.ts.
 */
import { ACCOUNT_OPERATIONS, DEPLOYMENTS, } from '../generated/contract.js';
import { AccountResource, DeploymentMethods } from '../generated/resources.js';
import { APIPromise } from './api-promise.js';
import { MAX_BATCH_IMAGES, restoreBatchScale } from './batch.js';
import { APIConnectionError, VisionAPIError } from './errors.js';
import { EventsResource } from './events.js';
import { send } from './http.js';
import { prepareImage, restoreScale, toBase64 } from './image.js';
import { Job } from './jobs.js';
export const PRODUCTION_SERVICES_URL = 'https://services.visionapi.dev';
export const PRODUCTION_API_URL = 'https://api.visionapi.dev';
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_TIMEOUT_MS = 60_000;
export const SDK_VERSION = '0.1.0';
/** An environment variable, in Node; undefined in browsers. */
export function env(name) {
    const value = typeof process !== 'undefined' ? process.env?.[name]?.trim() : undefined;
    return value ? value : undefined;
}
function origin(url, name) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        throw new VisionAPIError(`${name} is not a URL: ${url.slice(0, 200)}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        throw new VisionAPIError(`${name} must be an http(s) URL.`);
    // `https://api.example.com/v1/` and `https://api.example.com` name the same API.
    let pathname = parsed.pathname;
    while (pathname.endsWith('/'))
        pathname = pathname.slice(0, -1);
    if (pathname.endsWith('/v1'))
        pathname = pathname.slice(0, -3);
    return `${parsed.origin}${pathname}`;
}
const newKey = () => globalThis.crypto.randomUUID();
export class VisionAPI extends DeploymentMethods {
    /** Every operation of the account API (`/v1`), one method each. */
    account;
    /** The organization's events: `list`, `get`, and `stream()` (live, an async iterator). */
    events;
    servicesUrl;
    apiUrl;
    caller;
    #apiKey;
    #adminKey;
    #idToken;
    #organizationId;
    #http;
    #resize;
    #headers;
    constructor(options = {}) {
        super();
        this.#apiKey = options.apiKey ?? env('VISIONAPI_API_KEY');
        this.#adminKey = options.adminKey ?? env('VISIONAPI_ADMIN_KEY');
        this.#idToken = options.idToken ?? env('VISIONAPI_ID_TOKEN');
        this.#organizationId = options.organizationId ?? env('VISIONAPI_ORGANIZATION_ID');
        this.servicesUrl = origin(options.servicesUrl ?? env('VISIONAPI_SERVICES_URL') ?? PRODUCTION_SERVICES_URL, 'servicesUrl');
        this.apiUrl = origin(options.apiUrl ?? env('VISIONAPI_API_URL') ?? PRODUCTION_API_URL, 'apiUrl');
        const fetchImpl = options.fetch ?? globalThis.fetch?.bind(globalThis);
        if (!fetchImpl)
            throw new VisionAPIError('No fetch: pass `fetch` in the options.');
        const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
        if (!Number.isInteger(maxRetries) || maxRetries < 0 || maxRetries > 10)
            throw new VisionAPIError('maxRetries is an integer from 0 to 10.');
        this.#http = {
            fetch: fetchImpl,
            maxRetries,
            timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
            initialRetryDelay: options.initialRetryDelay ?? 500,
            maxRetryDelay: options.maxRetryDelay ?? 8_000,
            maxRetryAfter: options.maxRetryAfter ?? 60,
        };
        this.#resize = options.resize ?? true;
        this.#headers = { ...options.defaultHeaders };
        this.caller = {
            deployment: (path, image, params, callOptions) => this.#deployment(path, image, params, callOptions),
            operation: (id, request, callOptions) => this.#operation(id, request, callOptions),
        };
        this.account = new AccountResource(this.caller);
        this.events = new EventsResource(this.account, (query, lastEventId, signal) => this.#openEventStream(query, lastEventId, signal));
    }
    /** Opens `GET /v1/events/stream` (one connection; events.ts reconnects). */
    async #openEventStream(query, lastEventId, signal) {
        const credentials = await this.#credentials();
        if (!credentials)
            throw new VisionAPIError('The event stream needs credentials: pass `adminKey` (or set VISIONAPI_ADMIN_KEY) or `idToken`.');
        const headers = {
            ...this.#headers,
            accept: 'text/event-stream',
            authorization: `Bearer ${credentials}`,
            'user-agent': `visionapi-js/${SDK_VERSION}`,
        };
        if (this.#organizationId)
            headers['x-organization-id'] = this.#organizationId;
        if (lastEventId)
            headers['last-event-id'] = lastEventId;
        const search = query.toString();
        // The answer's headers come within the timeout; the stream itself is open-ended (the
        // caller's signal, and events.ts's idle timeout, end it).
        const connecting = new AbortController();
        signal.addEventListener('abort', () => connecting.abort(signal.reason), { once: true });
        const timer = setTimeout(() => connecting.abort(new Error(`no answer within ${this.#http.timeout} ms`)), this.#http.timeout);
        try {
            return await this.#http.fetch(`${this.apiUrl}/v1/events/stream${search ? `?${search}` : ''}`, { headers, signal: connecting.signal });
        }
        catch (error) {
            if (signal.aborted)
                throw error;
            const reason = connecting.signal.aborted ? connecting.signal.reason : error;
            throw new APIConnectionError(`Could not reach ${this.apiUrl}: ${reason.message}`, 1, { cause: error });
        }
        finally {
            clearTimeout(timer);
        }
    }
    run(path, image, params, options) {
        return this.#deployment(path, image, params, options);
    }
    runBatch(path, images, params, options) {
        if (!Array.isArray(images) || images.length < 1 || images.length > MAX_BATCH_IMAGES) {
            return new APIPromise(Promise.reject(new VisionAPIError(`A batch is 1 to ${MAX_BATCH_IMAGES} images (an array).`)));
        }
        return this.#deployment(path, images, params, options);
    }
    /** A job by its id (`GET /jobs/{id}` on the services host), to wait for or cancel. */
    getJob(id, options) {
        const transport = this.#jobTransport(null, options);
        return transport.get(id, options?.signal).then((data) => new Job(data, transport));
    }
    #jobTransport(original, options) {
        const call = async (method, id, signal) => {
            if (!/^[\w-]{1,64}$/.test(id))
                throw new VisionAPIError('Not a job id.');
            if (!this.#apiKey)
                throw new VisionAPIError('No API key: pass `apiKey` or set VISIONAPI_API_KEY.');
            const answer = await send(this.#http, {
                method,
                url: `${this.servicesUrl}/jobs/${encodeURIComponent(id)}${method === 'POST' ? '/cancel' : ''}`,
                headers: {
                    ...this.#headers,
                    ...options?.headers,
                    'api-key': this.#apiKey,
                    'user-agent': `visionapi-js/${SDK_VERSION}`,
                },
                idempotencyKey: null,
                // Reading a job, or canceling it, twice is harmless.
                retryWithoutAnswer: true,
                produces: 'json',
                ...this.#settings({ ...options, signal: signal ?? options?.signal }),
            });
            return answer.data;
        };
        return {
            get: (id, signal) => call('GET', id, signal),
            cancel: (id, signal) => call('POST', id, signal),
            finish: (result) => {
                if (!original)
                    return result;
                // A batch job's result: each image's answer in its caller's pixels.
                if (Array.isArray(original))
                    return restoreBatchScale(result, original);
                return restoreScale(result, original);
            },
        };
    }
    /**
     * Every item of a paged list, fetching pages as they are read:
     * `for await (const tx of client.paginate('listTransactions', { limit: 100 })) …`.
     */
    async *paginate(id, request, options) {
        const itemsKey = ACCOUNT_OPERATIONS[id].page_items;
        const base = { ...request };
        const limit = typeof base.limit === 'number' ? base.limit : 100;
        let skip = 0;
        for (;;) {
            const page = (await this.#operation(id, { ...base, skip, limit }, options));
            const items = (page[itemsKey] ?? []);
            yield* items;
            skip += items.length;
            const total = typeof page.total_count === 'number' ? page.total_count : page.total;
            if (items.length === 0 ||
                items.length < limit ||
                page.has_more === false ||
                (typeof total === 'number' && skip >= total))
                return;
        }
    }
    #settings(options) {
        return {
            maxRetries: options?.maxRetries ?? this.#http.maxRetries,
            timeout: options?.timeout ?? this.#http.timeout,
            signal: options?.signal,
        };
    }
    /** One image's call, or a batch's when `image` is an array (`images`). */
    #deployment(path, image, params, options) {
        return new APIPromise((async () => {
            if (!Object.prototype.hasOwnProperty.call(DEPLOYMENTS, path))
                throw new VisionAPIError(`No public deployment "${String(path).slice(0, 100)}": one of ${Object.keys(DEPLOYMENTS).join(', ')}.`);
            if (!this.#apiKey)
                throw new VisionAPIError('No API key: pass `apiKey` or set VISIONAPI_API_KEY (create one on the API keys page).');
            const one = async (input) => {
                const byUrl = typeof input === 'object' && input !== null && 'imageUrl' in input ? input : null;
                const prepared = byUrl
                    ? null
                    : await prepareImage(input, {
                        resize: options?.resize ?? this.#resize,
                        fetch: this.#http.fetch,
                        signal: options?.signal,
                    });
                const part = byUrl
                    ? { image_url: String(byUrl.imageUrl) }
                    : { image: toBase64(prepared.bytes) };
                return { part, original: prepared?.original ?? null };
            };
            const batch = Array.isArray(image) ? await Promise.all(image.map(one)) : null;
            const single = batch ? null : await one(image);
            const body = batch
                ? { images: batch.map((item) => item.part) }
                : { ...single.part };
            const originals = batch ? batch.map((item) => item.original) : null;
            for (const [name, value] of Object.entries(params ?? {}))
                if (value !== undefined)
                    body[name] = value;
            const result = await send(this.#http, {
                method: 'POST',
                url: `${this.servicesUrl}/${path}`,
                headers: {
                    ...this.#headers,
                    ...options?.headers,
                    'api-key': this.#apiKey,
                    'content-type': 'application/json',
                    'user-agent': `visionapi-js/${SDK_VERSION}`,
                    ...(options?.async ? { prefer: 'respond-async' } : {}),
                },
                body: JSON.stringify(body),
                idempotencyKey: options?.idempotencyKey ?? newKey(),
                retryWithoutAnswer: true,
                produces: 'json',
                ...this.#settings(options),
            });
            if (options?.async) {
                // The 202's job; its result, once it comes, is scaled back as a synchronous answer is.
                if (result.meta.status !== 202) {
                    throw new VisionAPIError(`Expected 202 with a job, got ${result.meta.status}: is the services host older than async jobs?`);
                }
                const transport = this.#jobTransport(originals ?? single.original, options);
                const job = new Job(result.data, transport, result.meta);
                return { data: job, meta: result.meta };
            }
            if (originals) {
                const answer = result.data;
                return {
                    data: restoreBatchScale(answer, originals),
                    meta: result.meta,
                };
            }
            return {
                data: single.original ? restoreScale(result.data, single.original) : result.data,
                meta: result.meta,
            };
        })());
    }
    async #credentials() {
        const token = typeof this.#idToken === 'function' ? await this.#idToken() : this.#idToken;
        return token ?? this.#adminKey ?? null;
    }
    #operation(id, request, options) {
        return new APIPromise((async () => {
            const info = ACCOUNT_OPERATIONS[id];
            const fields = { ...request };
            let path = info.path;
            for (const name of info.path_params) {
                const value = fields[name];
                if (value === undefined || value === null || value === '')
                    throw new VisionAPIError(`${id} needs \`${name}\`.`);
                path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
                delete fields[name];
            }
            const query = new URLSearchParams();
            for (const name of info.query) {
                const value = fields[name];
                delete fields[name];
                if (value !== undefined && value !== null)
                    query.set(name, String(value));
            }
            const headers = {
                ...this.#headers,
                ...options?.headers,
                'user-agent': `visionapi-js/${SDK_VERSION}`,
            };
            for (const [name, header] of Object.entries(info.headers)) {
                const value = fields[name];
                delete fields[name];
                if (value !== undefined && value !== null)
                    headers[header] = String(value);
            }
            const credentials = await this.#credentials();
            if (credentials)
                headers.authorization = `Bearer ${credentials}`;
            else if (info.access !== 'public')
                throw new VisionAPIError(`${id} needs credentials: pass \`adminKey\` (or set VISIONAPI_ADMIN_KEY) or \`idToken\`.`);
            const organization = options?.organizationId ?? this.#organizationId;
            if (info.access === 'member' && organization)
                headers['x-organization-id'] = organization;
            let body;
            if (info.body !== null) {
                const payload = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
                body = JSON.stringify(payload);
                headers['content-type'] = 'application/json';
            }
            else if (Object.keys(fields).some((name) => fields[name] !== undefined)) {
                throw new VisionAPIError(`${id} takes no \`${Object.keys(fields).join('`, `')}\`.`);
            }
            const search = query.toString();
            return send(this.#http, {
                method: info.method,
                url: `${this.apiUrl}/v1${path}${search ? `?${search}` : ''}`,
                headers,
                body,
                idempotencyKey: info.idempotent ? (options?.idempotencyKey ?? newKey()) : null,
                retryWithoutAnswer: info.method !== 'POST' || info.idempotent,
                produces: info.produces,
                ...this.#settings(options),
            });
        })());
    }
}
