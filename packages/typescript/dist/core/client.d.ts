/**
 * The client: settings (options, then environment variables, then production defaults), and the
 * two calls every generated method makes: a deployment on the services host and an operation of
 * the account API. Requests, retries and errors are ./http.ts; images are ./image.ts.
 */
import { type AccountOperations, type DeploymentPath, type Deployments, type PagedOperations } from '../generated/contract.js';
import { AccountResource, DeploymentMethods, type Caller } from '../generated/resources.js';
import { APIPromise } from './api-promise.js';
import { type BatchResult } from './batch.js';
import { EventsResource } from './events.js';
import { Job } from './jobs.js';
import type { CallOptions, ClientOptions, ImageInput } from './types.js';
export declare const PRODUCTION_SERVICES_URL = "https://services.visionapi.dev";
export declare const PRODUCTION_API_URL = "https://api.visionapi.dev";
export declare const DEFAULT_MAX_RETRIES = 2;
export declare const DEFAULT_TIMEOUT_MS = 60000;
export declare const SDK_VERSION = "0.1.0";
/** An environment variable, in Node; undefined in browsers. */
export declare function env(name: string): string | undefined;
/** Items of a paged list's answer. */
export type PageItem<K extends keyof PagedOperations> = AccountOperations[K]['response'][PagedOperations[K] & keyof AccountOperations[K]['response']] extends Array<infer Item> ? Item : never;
type PageRequest<K extends keyof PagedOperations> = Omit<AccountOperations[K]['request'], 'skip'>;
export declare class VisionAPI extends DeploymentMethods {
    #private;
    /** Every operation of the account API (`/v1`), one method each. */
    readonly account: AccountResource;
    /** The organization's events: `list`, `get`, and `stream()` (live, an async iterator). */
    readonly events: EventsResource;
    readonly servicesUrl: string;
    readonly apiUrl: string;
    protected readonly caller: Caller;
    constructor(options?: ClientOptions);
    /**
     * Any deployment by its path, e.g. `run('image-segmentation/semantic', image)`. With
     * `{ async: true }`: a job, at once (`Prefer: respond-async`); `await job.wait()` for its result.
     */
    run<P extends DeploymentPath>(path: P, image: ImageInput, params: Deployments[P]['params'] | undefined, options: CallOptions & {
        async: true;
    }): APIPromise<Job<Deployments[P]['result']>>;
    run<P extends DeploymentPath>(path: P, image: ImageInput, params?: Deployments[P]['params'], options?: CallOptions): APIPromise<Deployments[P]['result']>;
    /**
     * Up to 16 images in one call (`images`), with the parameters shared: one result per image in
     * the same order, each its answer (with its own `usage`) or its error; only the images that
     * answered are charged. With `{ async: true }`: one job at once (`Prefer: respond-async`) whose
     * price is the sum of its images' and whose `wait()` gives this answer as its `result`.
     */
    runBatch<P extends DeploymentPath>(path: P, images: ReadonlyArray<ImageInput>, params: Deployments[P]['params'] | undefined, options: CallOptions & {
        async: true;
    }): APIPromise<Job<BatchResult<Deployments[P]['result']>>>;
    runBatch<P extends DeploymentPath>(path: P, images: ReadonlyArray<ImageInput>, params?: Deployments[P]['params'], options?: CallOptions): APIPromise<BatchResult<Deployments[P]['result']>>;
    /** A job by its id (`GET /jobs/{id}` on the services host), to wait for or cancel. */
    getJob<R = unknown>(id: string, options?: CallOptions): Promise<Job<R>>;
    /**
     * Every item of a paged list, fetching pages as they are read:
     * `for await (const tx of client.paginate('listTransactions', { limit: 100 })) …`.
     */
    paginate<K extends keyof PagedOperations>(id: K, request?: PageRequest<K>, options?: CallOptions): AsyncGenerator<PageItem<K>, void, undefined>;
}
export {};
