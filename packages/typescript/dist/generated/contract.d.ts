/**
 * GENERATED from the contract by scripts/generate-sdk.ts (npm run generate:sdk). Do not edit by hand.
 *
 * Types of every deployment and account operation, and the plain-data tables the
 * client reads (methods, paths, where each field goes, error codes).
 */
/** Longest side, in pixels, images are processed at; larger ones are resized first. */
export declare const MAX_PROCESSING_SIDE = 1024;
/** Largest image the services host accepts, in bytes. */
export declare const MAX_IMAGE_BYTES = 10485760;
/** What went wrong, for programs: the `code` of every error answer. */
export type ErrorCode = 'invalid_request' | 'invalid_image' | 'image_url_refused' | 'unauthenticated' | 'token_revoked' | 'invalid_api_key' | 'insufficient_credits' | 'role_forbidden' | 'not_key_owner' | 'people_only' | 'email_not_verified' | 'key_restricted' | 'key_paused' | 'key_cap_reached' | 'member_limit_reached' | 'forbidden' | 'not_found' | 'organization_not_found' | 'unknown_deployment' | 'conflict' | 'idempotency_in_progress' | 'idempotency_superseded' | 'job_finished' | 'job_expired' | 'gone' | 'answer_not_kept' | 'payload_too_large' | 'pixel_limit_exceeded' | 'uri_too_long' | 'unsupported_media_type' | 'idempotency_key_reused' | 'image_url_unreachable' | 'rate_limited' | 'job_queue_full' | 'internal_error' | 'upstream_failed' | 'payment_provider_unavailable' | 'delivery_failed' | 'service_unavailable' | 'upstream_busy' | 'upstream_timeout';
/** Each code's status and whether the same request may succeed on a retry. */
export declare const ERROR_CODES: Readonly<Record<ErrorCode, {
    readonly status: number;
    readonly retryable: boolean;
}>>;
export type DeploymentPath = 'object-detection' | 'depth-estimation' | 'image-classification' | 'zero-shot-image-classification' | 'zero-shot-object-detection' | 'image-segmentation/semantic' | 'image-segmentation/instance' | 'image-segmentation/panoptic';
/** Parameters of Object detection. */
export interface ObjectDetectionParams {
    /** Drop predictions whose score is below this value. (0 to 1; default 0.5) */
    confidence_threshold?: number;
    /** Return at most this many predictions, best first. (1 to 100; default 20) */
    max_results?: number;
}
/** The answer of Object detection. */
export interface ObjectDetectionResult {
    /** True for sample results (the local stack, and test keys); false for an answer of the inference deployment. */
    sandbox: boolean;
    /** Deployment path, e.g. `image-segmentation/semantic`. */
    task: string;
    model: string;
    image: {
        /** Width the image was processed at (long side at most 1024). */
        width: number;
        height: number;
        original_width: number;
        original_height: number;
    };
    usage: {
        /** US dollars, exact to 6 decimals (micro-dollars). */
        cost_usd: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        remaining_credits: number;
        transaction_id: string;
    };
    predictions: Array<{
        label: string;
        /** (0 to 1) */
        score: number;
        /** Pixel coordinates in the input image. */
        box: {
            x_min: number;
            y_min: number;
            x_max: number;
            y_max: number;
        };
    }>;
}
/** Parameters of Depth estimation. */
export type DepthEstimationParams = Record<string, never>;
/** The answer of Depth estimation. */
export interface DepthEstimationResult {
    /** True for sample results (the local stack, and test keys); false for an answer of the inference deployment. */
    sandbox: boolean;
    /** Deployment path, e.g. `image-segmentation/semantic`. */
    task: string;
    model: string;
    image: {
        /** Width the image was processed at (long side at most 1024). */
        width: number;
        height: number;
        original_width: number;
        original_height: number;
    };
    usage: {
        /** US dollars, exact to 6 decimals (micro-dollars). */
        cost_usd: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        remaining_credits: number;
        transaction_id: string;
    };
    depth: {
        width: number;
        height: number;
        /** 8-bit grayscale PNG; brighter is nearer. */
        png_base64: string;
        min: number;
        max: number;
        unit: 'relative';
    };
}
/** Parameters of Image classification. */
export interface ImageClassificationParams {
    /** Number of labels to return. (1 to 20; default 5) */
    top_k?: number;
}
/** The answer of Image classification. */
export interface ImageClassificationResult {
    /** True for sample results (the local stack, and test keys); false for an answer of the inference deployment. */
    sandbox: boolean;
    /** Deployment path, e.g. `image-segmentation/semantic`. */
    task: string;
    model: string;
    image: {
        /** Width the image was processed at (long side at most 1024). */
        width: number;
        height: number;
        original_width: number;
        original_height: number;
    };
    usage: {
        /** US dollars, exact to 6 decimals (micro-dollars). */
        cost_usd: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        remaining_credits: number;
        transaction_id: string;
    };
    /** Sorted by score, highest first. */
    predictions: Array<{
        label: string;
        /** (0 to 1) */
        score: number;
    }>;
}
/** Parameters of Zero-shot image classification. */
export interface ZeroShotImageClassificationParams {
    /** The labels to choose from (1 to 20); scores sum to 1 over them. (1 to 20 items) */
    candidate_labels: Array<string>;
}
/** The answer of Zero-shot image classification. */
export interface ZeroShotImageClassificationResult {
    /** True for sample results (the local stack, and test keys); false for an answer of the inference deployment. */
    sandbox: boolean;
    /** Deployment path, e.g. `image-segmentation/semantic`. */
    task: string;
    model: string;
    image: {
        /** Width the image was processed at (long side at most 1024). */
        width: number;
        height: number;
        original_width: number;
        original_height: number;
    };
    usage: {
        /** US dollars, exact to 6 decimals (micro-dollars). */
        cost_usd: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        remaining_credits: number;
        transaction_id: string;
    };
    /** Sorted by score, highest first. */
    predictions: Array<{
        label: string;
        /** (0 to 1) */
        score: number;
    }>;
}
/** Parameters of Zero-shot object detection. */
export interface ZeroShotObjectDetectionParams {
    /** What to look for, e.g. `["red car", "person with umbrella"]` (1 to 20 phrases). (1 to 20 items) */
    queries: Array<string>;
    /** Drop predictions whose score is below this value. (0 to 1; default 0.3) */
    confidence_threshold?: number;
    /** Return at most this many predictions, best first. (1 to 100; default 20) */
    max_results?: number;
}
/** The answer of Zero-shot object detection. */
export interface ZeroShotObjectDetectionResult {
    /** True for sample results (the local stack, and test keys); false for an answer of the inference deployment. */
    sandbox: boolean;
    /** Deployment path, e.g. `image-segmentation/semantic`. */
    task: string;
    model: string;
    image: {
        /** Width the image was processed at (long side at most 1024). */
        width: number;
        height: number;
        original_width: number;
        original_height: number;
    };
    usage: {
        /** US dollars, exact to 6 decimals (micro-dollars). */
        cost_usd: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        remaining_credits: number;
        transaction_id: string;
    };
    predictions: Array<{
        label: string;
        /** (0 to 1) */
        score: number;
        /** Pixel coordinates in the input image. */
        box: {
            x_min: number;
            y_min: number;
            x_max: number;
            y_max: number;
        };
    }>;
}
/** Parameters of Semantic segmentation. */
export type ImageSegmentationSemanticParams = Record<string, never>;
/** The answer of Semantic segmentation. */
export interface ImageSegmentationSemanticResult {
    /** True for sample results (the local stack, and test keys); false for an answer of the inference deployment. */
    sandbox: boolean;
    /** Deployment path, e.g. `image-segmentation/semantic`. */
    task: string;
    model: string;
    image: {
        /** Width the image was processed at (long side at most 1024). */
        width: number;
        height: number;
        original_width: number;
        original_height: number;
    };
    usage: {
        /** US dollars, exact to 6 decimals (micro-dollars). */
        cost_usd: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        remaining_credits: number;
        transaction_id: string;
    };
    segments: Array<{
        id: number;
        label: string;
        /** Single-channel PNG (255 inside, 0 outside) at the reported image size, base64. */
        mask_png_base64: string;
    }>;
}
/** Parameters of Instance segmentation. */
export interface ImageSegmentationInstanceParams {
    /** Drop predictions whose score is below this value. (0 to 1; default 0.5) */
    confidence_threshold?: number;
    /** Return at most this many predictions, best first. (1 to 50; default 20) */
    max_results?: number;
}
/** The answer of Instance segmentation. */
export interface ImageSegmentationInstanceResult {
    /** True for sample results (the local stack, and test keys); false for an answer of the inference deployment. */
    sandbox: boolean;
    /** Deployment path, e.g. `image-segmentation/semantic`. */
    task: string;
    model: string;
    image: {
        /** Width the image was processed at (long side at most 1024). */
        width: number;
        height: number;
        original_width: number;
        original_height: number;
    };
    usage: {
        /** US dollars, exact to 6 decimals (micro-dollars). */
        cost_usd: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        remaining_credits: number;
        transaction_id: string;
    };
    segments: Array<{
        id: number;
        label: string;
        /** (0 to 1) */
        score: number;
        /** Pixel coordinates in the input image. */
        box: {
            x_min: number;
            y_min: number;
            x_max: number;
            y_max: number;
        };
        /** Single-channel PNG (255 inside, 0 outside) at the reported image size, base64. */
        mask_png_base64: string;
    }>;
}
/** Parameters of Panoptic segmentation. */
export interface ImageSegmentationPanopticParams {
    /** Drop predictions whose score is below this value. (0 to 1; default 0.5) */
    confidence_threshold?: number;
}
/** The answer of Panoptic segmentation. */
export interface ImageSegmentationPanopticResult {
    /** True for sample results (the local stack, and test keys); false for an answer of the inference deployment. */
    sandbox: boolean;
    /** Deployment path, e.g. `image-segmentation/semantic`. */
    task: string;
    model: string;
    image: {
        /** Width the image was processed at (long side at most 1024). */
        width: number;
        height: number;
        original_width: number;
        original_height: number;
    };
    usage: {
        /** US dollars, exact to 6 decimals (micro-dollars). */
        cost_usd: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        remaining_credits: number;
        transaction_id: string;
    };
    segments: Array<{
        id: number;
        label: string;
        /** (0 to 1) */
        score: number;
        /** True for countable objects, false for regions (sky, road). */
        is_thing: boolean;
        /** Single-channel PNG (255 inside, 0 outside) at the reported image size, base64. */
        mask_png_base64: string;
    }>;
}
/** Each deployment's parameters and answer, by its path. */
export interface Deployments {
    'object-detection': {
        params: ObjectDetectionParams;
        result: ObjectDetectionResult;
    };
    'depth-estimation': {
        params: DepthEstimationParams;
        result: DepthEstimationResult;
    };
    'image-classification': {
        params: ImageClassificationParams;
        result: ImageClassificationResult;
    };
    'zero-shot-image-classification': {
        params: ZeroShotImageClassificationParams;
        result: ZeroShotImageClassificationResult;
    };
    'zero-shot-object-detection': {
        params: ZeroShotObjectDetectionParams;
        result: ZeroShotObjectDetectionResult;
    };
    'image-segmentation/semantic': {
        params: ImageSegmentationSemanticParams;
        result: ImageSegmentationSemanticResult;
    };
    'image-segmentation/instance': {
        params: ImageSegmentationInstanceParams;
        result: ImageSegmentationInstanceResult;
    };
    'image-segmentation/panoptic': {
        params: ImageSegmentationPanopticParams;
        result: ImageSegmentationPanopticResult;
    };
}
/** A deployment parameter's JSON type (`string[]` for a list) and whether it is required. */
export interface ParamInfo {
    readonly type: string;
    readonly required: boolean;
}
export interface DeploymentInfo {
    readonly path: DeploymentPath;
    readonly method: string;
    readonly name: string;
    readonly params: Readonly<Record<string, ParamInfo>>;
}
export declare const DEPLOYMENTS: Readonly<Record<DeploymentPath, DeploymentInfo>>;
/** The error codes a deployment call may answer (nothing is charged for any). */
export declare const DEPLOYMENT_ERRORS: readonly ErrorCode[];
/** What `sendFeedback` sends. */
export interface SendFeedbackRequest {
    /** (at most 200 characters) */
    subject: string;
    /** (at most 5000 characters) */
    body: string;
    /** (at most 200 characters) */
    pageId: string;
    /** Required when not signed in. (at most 254 characters) */
    email?: string;
}
/** The answer of `sendFeedback`. */
export interface SendFeedbackResponse {
    id: string;
    received_at: string;
}
/** `getDemoKey` sends nothing. */
export type GetDemoKeyRequest = Record<string, never>;
/** The answer of `getDemoKey`. */
export interface GetDemoKeyResponse {
    /** The shared demo test key: free sample answers, from the site's own origins only, at most 10 calls a minute per client. */
    key: string;
    mode: 'test';
    /** (at least 1) */
    calls_per_minute: number;
}
/** `getPublicPricing` sends nothing. */
export type GetPublicPricingRequest = Record<string, never>;
/** The answer of `getPublicPricing`. */
export interface GetPublicPricingResponse {
    currency: 'USD';
    deployments: Array<{
        task: string;
        sub: string | null;
        /** Path on the services host, e.g. `image-segmentation/semantic`. */
        path: string;
        name: string;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        price_per_call_usd: number;
        unit: 'call';
        free_tier: {
            /** (at least 0) */
            calls_per_month: number;
        } | null;
    }>;
    coming_soon: Array<{
        task: string;
        name: string;
    }>;
}
/** `getStatus` sends nothing. */
export type GetStatusRequest = Record<string, never>;
/** The answer of `getStatus`. */
export interface GetStatusResponse {
    generated_at: string;
    /** (at least 1) */
    window_days: number;
    /** `outage`: an incident is open (its circuit opened after repeated upstream failures). `degraded`: under 99 % of the last hour's calls succeeded. `operational` otherwise. */
    state: 'operational' | 'degraded' | 'outage';
    components: Array<{
        /** `account-api` or a deployment path. */
        id: string;
        name: string;
        /** `outage`: an incident is open (its circuit opened after repeated upstream failures). `degraded`: under 99 % of the last hour's calls succeeded. `operational` otherwise. */
        state: 'operational' | 'degraded' | 'outage';
        /** Calls over 90 days. (at least 0) */
        calls: number;
        /** (at least 0) */
        failures: number;
        availability_percent: number | null;
        latency_p50_ms: number | null;
        latency_p95_ms: number | null;
        /** Oldest first; a day without calls is left out. (0 to 91 items) */
        days: Array<{
            /** A UTC day. */
            date: string;
            /** (at least 0) */
            calls: number;
            /** (at least 0) */
            failures: number;
            availability_percent: number | null;
            latency_p50_ms: number | null;
            latency_p95_ms: number | null;
        }>;
    }>;
    /** Open ones and those of the last 90 days, newest first. (0 to 100 items) */
    incidents: Array<{
        id: string;
        component: string;
        title: string;
        /** What happened, and that failed calls were not charged. */
        message: string;
        started_at: string;
        resolved_at: string | null;
    }>;
}
/** `getStatusFeed` sends nothing. */
export type GetStatusFeedRequest = Record<string, never>;
/** The answer of `getStatusFeed` (application/atom+xml). */
export type GetStatusFeedResponse = string;
/** What `createOrganization` sends. */
export interface CreateOrganizationRequest {
    /** (at most 128 characters) */
    name: string;
    /** Web address, e.g. `https://example.com` or `example.com`. (at most 256 characters) */
    website: string;
    /** (at most 64 characters) */
    country: string;
    /** State or region; required (not empty) where the country's addresses have one (US, India, Canada…), empty where they do not (Singapore, Germany…). (at most 64 characters) */
    state: string;
    /** Indian GST identification number (15 characters). */
    gstin?: string;
    /** (at most 512 characters) */
    address?: string;
}
/** The answer of `createOrganization`. */
export interface CreateOrganizationResponse {
    /** Send it as `x-organization-id` to act on this organization. */
    id: string;
    /** A member role: owner, admin, developer, billing or viewer. */
    role?: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
    name: string;
    website: string;
    country: string;
    state: string;
    gstin?: string;
    address?: string;
    /** US dollars, exact to 6 decimals (micro-dollars). */
    wallet_balance: number;
    email_verified: boolean;
    created_at: string;
}
/** What `updateOrganization` sends. */
export interface UpdateOrganizationRequest {
    /** (at most 128 characters) */
    name?: string;
    /** Web address, e.g. `https://example.com` or `example.com`. (at most 256 characters) */
    website?: string;
    /** (at most 64 characters) */
    country?: string;
    /** State or region; required (not empty) where the country's addresses have one (US, India, Canada…), empty where they do not (Singapore, Germany…). (at most 64 characters) */
    state?: string;
    /** Indian GST identification number (15 characters). */
    gstin?: string;
    /** (at most 512 characters) */
    address?: string;
}
/** The answer of `updateOrganization`. */
export interface UpdateOrganizationResponse {
    /** Send it as `x-organization-id` to act on this organization. */
    id: string;
    /** A member role: owner, admin, developer, billing or viewer. */
    role?: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
    name: string;
    website: string;
    country: string;
    state: string;
    gstin?: string;
    address?: string;
    /** US dollars, exact to 6 decimals (micro-dollars). */
    wallet_balance: number;
    email_verified: boolean;
    created_at: string;
}
/** `getOrganization` sends nothing. */
export type GetOrganizationRequest = Record<string, never>;
/** The answer of `getOrganization`. */
export interface GetOrganizationResponse {
    /** Send it as `x-organization-id` to act on this organization. */
    id: string;
    /** A member role: owner, admin, developer, billing or viewer. */
    role?: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
    name: string;
    website: string;
    country: string;
    state: string;
    gstin?: string;
    address?: string;
    /** US dollars, exact to 6 decimals (micro-dollars). */
    wallet_balance: number;
    email_verified: boolean;
    created_at: string;
}
/** `verifyOrganizationEmail` sends nothing. */
export type VerifyOrganizationEmailRequest = Record<string, never>;
/** The answer of `verifyOrganizationEmail`. */
export interface VerifyOrganizationEmailResponse {
    email_verified: boolean;
}
/** `listOrganizations` sends nothing. */
export type ListOrganizationsRequest = Record<string, never>;
/** The answer of `listOrganizations`. */
export interface ListOrganizationsResponse {
    organizations: Array<{
        /** Organization id; send it as `x-organization-id`. */
        id: string;
        name: string;
        /** A member role: owner, admin, developer, billing or viewer. */
        role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
        /** The organization calls act on without the header. */
        selected: boolean;
    }>;
    /** Organizations that removed you in the last 90 days (and that you have not joined again), latest first. */
    removed_from?: Array<{
        organization_name: string;
        removed_by: string | null;
        removed_at: string;
    }>;
}
/** What `createAnotherOrganization` sends. */
export interface CreateAnotherOrganizationRequest {
    /** (at most 128 characters) */
    name: string;
    /** Web address, e.g. `https://example.com` or `example.com`. (at most 256 characters) */
    website: string;
    /** (at most 64 characters) */
    country: string;
    /** State or region; required (not empty) where the country's addresses have one (US, India, Canada…), empty where they do not (Singapore, Germany…). (at most 64 characters) */
    state: string;
    /** Indian GST identification number (15 characters). */
    gstin?: string;
    /** (at most 512 characters) */
    address?: string;
}
/** The answer of `createAnotherOrganization`. */
export interface CreateAnotherOrganizationResponse {
    /** Organization id; send it as `x-organization-id`. */
    id: string;
    name: string;
    /** A member role: owner, admin, developer, billing or viewer. */
    role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
    /** The organization calls act on without the header. */
    selected: boolean;
}
/** What `selectOrganization` sends. */
export interface SelectOrganizationRequest {
    /** (at most 64 characters) */
    organization_id: string;
}
/** The answer of `selectOrganization`. */
export interface SelectOrganizationResponse {
    /** Organization id; send it as `x-organization-id`. */
    id: string;
    name: string;
    /** A member role: owner, admin, developer, billing or viewer. */
    role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
    /** The organization calls act on without the header. */
    selected: boolean;
}
/** What `createApiKey` sends. */
export interface CreateApiKeyRequest {
    /** A label, 1 to 64 characters. (at most 64 characters) */
    name: string;
    /** `live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits. */
    mode?: 'live' | 'test';
    allowed_deployments?: Array<string> | null;
    allowed_origins?: Array<string> | null;
    expires_at?: string | null;
}
/** The answer of `createApiKey`. */
export type CreateApiKeyResponse = {
    /** Identifier; send it as `x-api-key` to set-default, roll or delete. */
    id: string;
    name: string;
    /** The readable start of the secret: `va_live_` (live) or `va_test_` (test). */
    prefix: string;
    /** `live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits. */
    mode: 'live' | 'test';
    /** The last four characters of the secret. */
    last4: string;
    /** What lists show instead of the secret: prefix, an ellipsis and the last four. */
    redacted: string;
    /** The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again. */
    key?: string;
    created_at: string;
    created_by?: string | null;
    /** An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own. */
    used_for_ui: boolean;
    is_default: boolean;
    last_used_at: string | null;
    previous_secret_expires_at: string | null;
    monthly_cap_usd: number | null;
    /** What this key has spent this calendar month (UTC), calls in flight included. (at least 0) */
    month_to_date_usd: number;
    allowed_deployments: Array<string> | null;
    allowed_origins: Array<string> | null;
    expires_at: string | null;
    /** A disabled key is refused (403) until it is enabled again. */
    disabled: boolean;
    disabled_reason: 'owner' | 'spend_spike' | null;
    /** Calls refused because they were outside this key's limits (403, free). (at least 0) */
    refused_calls: number;
    last_refused: {
        at: string;
        /** Which limit refused it. */
        reason: string;
    } | null;
} & {
    key: string;
};
/** `listApiKeys` sends nothing. */
export type ListApiKeysRequest = Record<string, never>;
/** The answer of `listApiKeys`. */
export interface ListApiKeysResponse {
    api_keys: Array<{
        /** Identifier; send it as `x-api-key` to set-default, roll or delete. */
        id: string;
        name: string;
        /** The readable start of the secret: `va_live_` (live) or `va_test_` (test). */
        prefix: string;
        /** `live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits. */
        mode: 'live' | 'test';
        /** The last four characters of the secret. */
        last4: string;
        /** What lists show instead of the secret: prefix, an ellipsis and the last four. */
        redacted: string;
        /** The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again. */
        key?: string;
        created_at: string;
        created_by?: string | null;
        /** An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own. */
        used_for_ui: boolean;
        is_default: boolean;
        last_used_at: string | null;
        previous_secret_expires_at: string | null;
        monthly_cap_usd: number | null;
        /** What this key has spent this calendar month (UTC), calls in flight included. (at least 0) */
        month_to_date_usd: number;
        allowed_deployments: Array<string> | null;
        allowed_origins: Array<string> | null;
        expires_at: string | null;
        /** A disabled key is refused (403) until it is enabled again. */
        disabled: boolean;
        disabled_reason: 'owner' | 'spend_spike' | null;
        /** Calls refused because they were outside this key's limits (403, free). (at least 0) */
        refused_calls: number;
        last_refused: {
            at: string;
            /** Which limit refused it. */
            reason: string;
        } | null;
    }>;
}
/** What `setDefaultApiKey` sends. */
export interface SetDefaultApiKeyRequest {
    /** The key id (not the secret). (at most 64 characters) */
    api_key_id: string;
}
/** The answer of `setDefaultApiKey`. */
export interface SetDefaultApiKeyResponse {
    /** Identifier; send it as `x-api-key` to set-default, roll or delete. */
    id: string;
    name: string;
    /** The readable start of the secret: `va_live_` (live) or `va_test_` (test). */
    prefix: string;
    /** `live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits. */
    mode: 'live' | 'test';
    /** The last four characters of the secret. */
    last4: string;
    /** What lists show instead of the secret: prefix, an ellipsis and the last four. */
    redacted: string;
    /** The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again. */
    key?: string;
    created_at: string;
    created_by?: string | null;
    /** An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own. */
    used_for_ui: boolean;
    is_default: boolean;
    last_used_at: string | null;
    previous_secret_expires_at: string | null;
    monthly_cap_usd: number | null;
    /** What this key has spent this calendar month (UTC), calls in flight included. (at least 0) */
    month_to_date_usd: number;
    allowed_deployments: Array<string> | null;
    allowed_origins: Array<string> | null;
    expires_at: string | null;
    /** A disabled key is refused (403) until it is enabled again. */
    disabled: boolean;
    disabled_reason: 'owner' | 'spend_spike' | null;
    /** Calls refused because they were outside this key's limits (403, free). (at least 0) */
    refused_calls: number;
    last_refused: {
        at: string;
        /** Which limit refused it. */
        reason: string;
    } | null;
}
/** What `rollApiKey` sends. */
export interface RollApiKeyRequest {
    /** The key id (not the secret). (at most 64 characters) */
    api_key_id: string;
    /** How long the old secret keeps working: 0 revokes it at once; 1, 24, 72 or 168 hours. */
    expire_previous_in_hours: 0 | 1 | 24 | 72 | 168;
}
/** The answer of `rollApiKey`. */
export type RollApiKeyResponse = {
    /** Identifier; send it as `x-api-key` to set-default, roll or delete. */
    id: string;
    name: string;
    /** The readable start of the secret: `va_live_` (live) or `va_test_` (test). */
    prefix: string;
    /** `live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits. */
    mode: 'live' | 'test';
    /** The last four characters of the secret. */
    last4: string;
    /** What lists show instead of the secret: prefix, an ellipsis and the last four. */
    redacted: string;
    /** The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again. */
    key?: string;
    created_at: string;
    created_by?: string | null;
    /** An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own. */
    used_for_ui: boolean;
    is_default: boolean;
    last_used_at: string | null;
    previous_secret_expires_at: string | null;
    monthly_cap_usd: number | null;
    /** What this key has spent this calendar month (UTC), calls in flight included. (at least 0) */
    month_to_date_usd: number;
    allowed_deployments: Array<string> | null;
    allowed_origins: Array<string> | null;
    expires_at: string | null;
    /** A disabled key is refused (403) until it is enabled again. */
    disabled: boolean;
    disabled_reason: 'owner' | 'spend_spike' | null;
    /** Calls refused because they were outside this key's limits (403, free). (at least 0) */
    refused_calls: number;
    last_refused: {
        at: string;
        /** Which limit refused it. */
        reason: string;
    } | null;
} & {
    key: string;
};
/** What `setApiKeyCap` sends. */
export interface SetApiKeyCapRequest {
    /** The key id (not the secret). (at most 64 characters) */
    api_key_id: string;
    monthly_cap_usd: number | null;
}
/** The answer of `setApiKeyCap`. */
export interface SetApiKeyCapResponse {
    /** Identifier; send it as `x-api-key` to set-default, roll or delete. */
    id: string;
    name: string;
    /** The readable start of the secret: `va_live_` (live) or `va_test_` (test). */
    prefix: string;
    /** `live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits. */
    mode: 'live' | 'test';
    /** The last four characters of the secret. */
    last4: string;
    /** What lists show instead of the secret: prefix, an ellipsis and the last four. */
    redacted: string;
    /** The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again. */
    key?: string;
    created_at: string;
    created_by?: string | null;
    /** An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own. */
    used_for_ui: boolean;
    is_default: boolean;
    last_used_at: string | null;
    previous_secret_expires_at: string | null;
    monthly_cap_usd: number | null;
    /** What this key has spent this calendar month (UTC), calls in flight included. (at least 0) */
    month_to_date_usd: number;
    allowed_deployments: Array<string> | null;
    allowed_origins: Array<string> | null;
    expires_at: string | null;
    /** A disabled key is refused (403) until it is enabled again. */
    disabled: boolean;
    disabled_reason: 'owner' | 'spend_spike' | null;
    /** Calls refused because they were outside this key's limits (403, free). (at least 0) */
    refused_calls: number;
    last_refused: {
        at: string;
        /** Which limit refused it. */
        reason: string;
    } | null;
}
/** What `setApiKeyRestrictions` sends. */
export interface SetApiKeyRestrictionsRequest {
    /** The key id (not the secret). (at most 64 characters) */
    api_key_id: string;
    allowed_deployments?: Array<string> | null;
    allowed_origins?: Array<string> | null;
    expires_at?: string | null;
}
/** The answer of `setApiKeyRestrictions`. */
export interface SetApiKeyRestrictionsResponse {
    /** Identifier; send it as `x-api-key` to set-default, roll or delete. */
    id: string;
    name: string;
    /** The readable start of the secret: `va_live_` (live) or `va_test_` (test). */
    prefix: string;
    /** `live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits. */
    mode: 'live' | 'test';
    /** The last four characters of the secret. */
    last4: string;
    /** What lists show instead of the secret: prefix, an ellipsis and the last four. */
    redacted: string;
    /** The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again. */
    key?: string;
    created_at: string;
    created_by?: string | null;
    /** An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own. */
    used_for_ui: boolean;
    is_default: boolean;
    last_used_at: string | null;
    previous_secret_expires_at: string | null;
    monthly_cap_usd: number | null;
    /** What this key has spent this calendar month (UTC), calls in flight included. (at least 0) */
    month_to_date_usd: number;
    allowed_deployments: Array<string> | null;
    allowed_origins: Array<string> | null;
    expires_at: string | null;
    /** A disabled key is refused (403) until it is enabled again. */
    disabled: boolean;
    disabled_reason: 'owner' | 'spend_spike' | null;
    /** Calls refused because they were outside this key's limits (403, free). (at least 0) */
    refused_calls: number;
    last_refused: {
        at: string;
        /** Which limit refused it. */
        reason: string;
    } | null;
}
/** What `disableApiKey` sends. */
export interface DisableApiKeyRequest {
    /** The key id (not the secret). (at most 64 characters) */
    api_key_id: string;
}
/** The answer of `disableApiKey`. */
export interface DisableApiKeyResponse {
    /** Identifier; send it as `x-api-key` to set-default, roll or delete. */
    id: string;
    name: string;
    /** The readable start of the secret: `va_live_` (live) or `va_test_` (test). */
    prefix: string;
    /** `live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits. */
    mode: 'live' | 'test';
    /** The last four characters of the secret. */
    last4: string;
    /** What lists show instead of the secret: prefix, an ellipsis and the last four. */
    redacted: string;
    /** The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again. */
    key?: string;
    created_at: string;
    created_by?: string | null;
    /** An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own. */
    used_for_ui: boolean;
    is_default: boolean;
    last_used_at: string | null;
    previous_secret_expires_at: string | null;
    monthly_cap_usd: number | null;
    /** What this key has spent this calendar month (UTC), calls in flight included. (at least 0) */
    month_to_date_usd: number;
    allowed_deployments: Array<string> | null;
    allowed_origins: Array<string> | null;
    expires_at: string | null;
    /** A disabled key is refused (403) until it is enabled again. */
    disabled: boolean;
    disabled_reason: 'owner' | 'spend_spike' | null;
    /** Calls refused because they were outside this key's limits (403, free). (at least 0) */
    refused_calls: number;
    last_refused: {
        at: string;
        /** Which limit refused it. */
        reason: string;
    } | null;
}
/** What `enableApiKey` sends. */
export interface EnableApiKeyRequest {
    /** The key id (not the secret). (at most 64 characters) */
    api_key_id: string;
}
/** The answer of `enableApiKey`. */
export interface EnableApiKeyResponse {
    /** Identifier; send it as `x-api-key` to set-default, roll or delete. */
    id: string;
    name: string;
    /** The readable start of the secret: `va_live_` (live) or `va_test_` (test). */
    prefix: string;
    /** `live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits. */
    mode: 'live' | 'test';
    /** The last four characters of the secret. */
    last4: string;
    /** What lists show instead of the secret: prefix, an ellipsis and the last four. */
    redacted: string;
    /** The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again. */
    key?: string;
    created_at: string;
    created_by?: string | null;
    /** An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own. */
    used_for_ui: boolean;
    is_default: boolean;
    last_used_at: string | null;
    previous_secret_expires_at: string | null;
    monthly_cap_usd: number | null;
    /** What this key has spent this calendar month (UTC), calls in flight included. (at least 0) */
    month_to_date_usd: number;
    allowed_deployments: Array<string> | null;
    allowed_origins: Array<string> | null;
    expires_at: string | null;
    /** A disabled key is refused (403) until it is enabled again. */
    disabled: boolean;
    disabled_reason: 'owner' | 'spend_spike' | null;
    /** Calls refused because they were outside this key's limits (403, free). (at least 0) */
    refused_calls: number;
    last_refused: {
        at: string;
        /** Which limit refused it. */
        reason: string;
    } | null;
}
/** What `deleteApiKey` sends. */
export interface DeleteApiKeyRequest {
    /** The key id (not the secret). (at most 64 characters) */
    api_key_id: string;
}
/** The answer of `deleteApiKey`. */
export interface DeleteApiKeyResponse {
    id: string;
    deleted: true;
}
/** `getBalance` sends nothing. */
export type GetBalanceRequest = Record<string, never>;
/** The answer of `getBalance`. */
export interface GetBalanceResponse {
    /** US dollars, exact to 6 decimals (micro-dollars). */
    remaining_credits: number;
    low_balance_threshold_usd: number | null;
    /** True while the balance is below the low-balance alert threshold. */
    below_threshold: boolean;
}
/** What `createCreditOrder` sends. */
export interface CreateCreditOrderRequest {
    /** Amount to buy in USD: 5 to 10000, at most 2 decimals. (5 to 10000) */
    price_in_usd: number;
}
/** The answer of `createCreditOrder`. */
export interface CreateCreditOrderResponse {
    order_id: string;
    /** US dollars, exact to 6 decimals (micro-dollars). */
    amount_usd: number;
    currency: 'USD';
    /** `requires_payment` until the provider confirms; `processing` while the payment is settled (the wallet is not credited yet); `succeeded` once the credits are in the wallet; `failed`; `expired` when it was not paid in time. */
    status: 'requires_payment' | 'processing' | 'succeeded' | 'failed' | 'expired';
    provider: 'stripe' | 'sandbox';
    client_secret: string | null;
    created_at: string;
    expires_at: string;
    payment: {
        id: string;
        order_id: string;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        amount_usd: number;
        status: 'succeeded' | 'failed' | 'partially_refunded' | 'refunded' | 'disputed';
        /** Taken back from the wallet so far by refunds and lost or open disputes. (at least 0) */
        refunded_usd: number;
        provider: 'stripe' | 'sandbox';
        /** `auto_recharge`: charged to the saved card when the balance fell below the threshold. */
        kind: 'purchase' | 'auto_recharge';
        created_at: string;
        receipt_reference: string | null;
        invoice_number: string | null;
    } | null;
}
/** What `getCreditOrder` sends. */
export interface GetCreditOrderRequest {
    /** (at most 64 characters) */
    order_id: string;
}
/** The answer of `getCreditOrder`. */
export interface GetCreditOrderResponse {
    order_id: string;
    /** US dollars, exact to 6 decimals (micro-dollars). */
    amount_usd: number;
    currency: 'USD';
    /** `requires_payment` until the provider confirms; `processing` while the payment is settled (the wallet is not credited yet); `succeeded` once the credits are in the wallet; `failed`; `expired` when it was not paid in time. */
    status: 'requires_payment' | 'processing' | 'succeeded' | 'failed' | 'expired';
    provider: 'stripe' | 'sandbox';
    client_secret: string | null;
    created_at: string;
    expires_at: string;
    payment: {
        id: string;
        order_id: string;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        amount_usd: number;
        status: 'succeeded' | 'failed' | 'partially_refunded' | 'refunded' | 'disputed';
        /** Taken back from the wallet so far by refunds and lost or open disputes. (at least 0) */
        refunded_usd: number;
        provider: 'stripe' | 'sandbox';
        /** `auto_recharge`: charged to the saved card when the balance fell below the threshold. */
        kind: 'purchase' | 'auto_recharge';
        created_at: string;
        receipt_reference: string | null;
        invoice_number: string | null;
    } | null;
}
/** What `confirmSandboxOrder` sends. */
export interface ConfirmSandboxOrderRequest {
    /** (at most 64 characters) */
    order_id: string;
    outcome?: 'succeeded' | 'failed';
}
/** The answer of `confirmSandboxOrder`. */
export interface ConfirmSandboxOrderResponse {
    order_id: string;
    /** US dollars, exact to 6 decimals (micro-dollars). */
    amount_usd: number;
    currency: 'USD';
    /** `requires_payment` until the provider confirms; `processing` while the payment is settled (the wallet is not credited yet); `succeeded` once the credits are in the wallet; `failed`; `expired` when it was not paid in time. */
    status: 'requires_payment' | 'processing' | 'succeeded' | 'failed' | 'expired';
    provider: 'stripe' | 'sandbox';
    client_secret: string | null;
    created_at: string;
    expires_at: string;
    payment: {
        id: string;
        order_id: string;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        amount_usd: number;
        status: 'succeeded' | 'failed' | 'partially_refunded' | 'refunded' | 'disputed';
        /** Taken back from the wallet so far by refunds and lost or open disputes. (at least 0) */
        refunded_usd: number;
        provider: 'stripe' | 'sandbox';
        /** `auto_recharge`: charged to the saved card when the balance fell below the threshold. */
        kind: 'purchase' | 'auto_recharge';
        created_at: string;
        receipt_reference: string | null;
        invoice_number: string | null;
    } | null;
}
/** What `getInvoice` sends. */
export interface GetInvoiceRequest {
    /** (at most 36 characters) */
    payment_id: string;
}
/** The answer of `getInvoice` (application/pdf). */
export type GetInvoiceResponse = Uint8Array;
/** What `listPayments` sends. */
export interface ListPaymentsRequest {
    /** (0 to 100000; default 0) */
    skip?: number;
    /** (1 to 100; default 10) */
    limit?: number;
}
/** The answer of `listPayments`. */
export interface ListPaymentsResponse {
    payments: Array<{
        id: string;
        order_id: string;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        amount_usd: number;
        status: 'succeeded' | 'failed' | 'partially_refunded' | 'refunded' | 'disputed';
        /** Taken back from the wallet so far by refunds and lost or open disputes. (at least 0) */
        refunded_usd: number;
        provider: 'stripe' | 'sandbox';
        /** `auto_recharge`: charged to the saved card when the balance fell below the threshold. */
        kind: 'purchase' | 'auto_recharge';
        created_at: string;
        receipt_reference: string | null;
        invoice_number: string | null;
    }>;
    /** (at least 0) */
    total_count: number;
    has_more: boolean;
}
/** `getBillingSettings` sends nothing. */
export type GetBillingSettingsRequest = Record<string, never>;
/** The answer of `getBillingSettings`. */
export interface GetBillingSettingsResponse {
    auto_recharge: {
        enabled: boolean;
        threshold_usd: number | null;
        amount_usd: number | null;
        daily_ceiling: {
            /** (at least 1) */
            max_recharges: number;
            /** US dollars, exact to 6 decimals (micro-dollars). */
            max_amount_usd: number;
            today: {
                /** (at least 0) */
                recharges: number;
                /** US dollars, exact to 6 decimals (micro-dollars). */
                amount_usd: number;
            };
        };
        last_failure: {
            message: string;
            at: string;
        } | null;
    };
    payment_method: {
        provider: 'stripe' | 'sandbox';
        /** e.g. "Visa ending 4242". */
        label: string;
    } | null;
    low_balance_alert: {
        threshold_usd: number | null;
        below_threshold: boolean;
    };
}
/** What `updateBillingSettings` sends. */
export interface UpdateBillingSettingsRequest {
    auto_recharge?: {
        enabled: boolean;
        /** Recharge when a call takes the balance below this. At most 2 decimals. (0 to 10000) */
        threshold_usd: number;
        /** What each recharge buys: within the purchase limits, $5 to $10,000, at most 2 decimals. (5 to 10000) */
        amount_usd: number;
        daily_ceiling?: {
            /** Automatic recharges per UTC day at most (default 3). (1 to 50) */
            max_recharges: number;
            /** What automatic recharges may buy per UTC day at most (default $1000). At most 2 decimals. (0 to 100000) */
            max_amount_usd: number;
        };
    };
    low_balance_threshold_usd?: number | null;
}
/** The answer of `updateBillingSettings`. */
export interface UpdateBillingSettingsResponse {
    auto_recharge: {
        enabled: boolean;
        threshold_usd: number | null;
        amount_usd: number | null;
        daily_ceiling: {
            /** (at least 1) */
            max_recharges: number;
            /** US dollars, exact to 6 decimals (micro-dollars). */
            max_amount_usd: number;
            today: {
                /** (at least 0) */
                recharges: number;
                /** US dollars, exact to 6 decimals (micro-dollars). */
                amount_usd: number;
            };
        };
        last_failure: {
            message: string;
            at: string;
        } | null;
    };
    payment_method: {
        provider: 'stripe' | 'sandbox';
        /** e.g. "Visa ending 4242". */
        label: string;
    } | null;
    low_balance_alert: {
        threshold_usd: number | null;
        below_threshold: boolean;
    };
}
/** `setUpPaymentMethod` sends nothing. */
export type SetUpPaymentMethodRequest = Record<string, never>;
/** The answer of `setUpPaymentMethod`. */
export interface SetUpPaymentMethodResponse {
    provider: 'stripe' | 'sandbox';
    client_secret: string | null;
}
/** What `saveSandboxCard` sends. */
export interface SaveSandboxCardRequest {
    /** A sandbox test card: one that is always charged, or one that is always declined. */
    card: 'succeeds' | 'declines';
}
/** The answer of `saveSandboxCard`. */
export interface SaveSandboxCardResponse {
    auto_recharge: {
        enabled: boolean;
        threshold_usd: number | null;
        amount_usd: number | null;
        daily_ceiling: {
            /** (at least 1) */
            max_recharges: number;
            /** US dollars, exact to 6 decimals (micro-dollars). */
            max_amount_usd: number;
            today: {
                /** (at least 0) */
                recharges: number;
                /** US dollars, exact to 6 decimals (micro-dollars). */
                amount_usd: number;
            };
        };
        last_failure: {
            message: string;
            at: string;
        } | null;
    };
    payment_method: {
        provider: 'stripe' | 'sandbox';
        /** e.g. "Visa ending 4242". */
        label: string;
    } | null;
    low_balance_alert: {
        threshold_usd: number | null;
        below_threshold: boolean;
    };
}
/** `deletePaymentMethod` sends nothing. */
export type DeletePaymentMethodRequest = Record<string, never>;
/** The answer of `deletePaymentMethod`. */
export interface DeletePaymentMethodResponse {
    auto_recharge: {
        enabled: boolean;
        threshold_usd: number | null;
        amount_usd: number | null;
        daily_ceiling: {
            /** (at least 1) */
            max_recharges: number;
            /** US dollars, exact to 6 decimals (micro-dollars). */
            max_amount_usd: number;
            today: {
                /** (at least 0) */
                recharges: number;
                /** US dollars, exact to 6 decimals (micro-dollars). */
                amount_usd: number;
            };
        };
        last_failure: {
            message: string;
            at: string;
        } | null;
    };
    payment_method: {
        provider: 'stripe' | 'sandbox';
        /** e.g. "Visa ending 4242". */
        label: string;
    } | null;
    low_balance_alert: {
        threshold_usd: number | null;
        below_threshold: boolean;
    };
}
/** What `listTransactions` sends. */
export interface ListTransactionsRequest {
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    start_date?: string;
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    end_date?: string;
    /** (0 to 100000; default 0) */
    skip?: number;
    /** (1 to 100; default 10) */
    limit?: number;
    /** The `next_cursor` of the previous page (opaque): the next rows in the same order, stable while new rows arrive. Keep the other filters the same; `skip` then counts from the cursor. (at most 200 characters) */
    cursor?: string;
}
/** The answer of `listTransactions`. */
export interface ListTransactionsResponse {
    transactions: Array<{
        id: string;
        created_at: string;
        /** `usage`: a metered call; `purchase`: credits bought; `refund`: credits taken back after a refund; `dispute`: credits held back while a card dispute is open or after it was lost; `dispute_won`: credits returned when a dispute was won. */
        kind: 'usage' | 'purchase' | 'refund' | 'dispute' | 'dispute_won';
        deployment: string | null;
        /** Calls metered (1 per image call; 0 for purchases). (at least 0) */
        units: number;
        /** Signed change of the wallet: negative for usage, refunds and disputes, positive for purchases and won disputes. */
        amount_usd: number;
        api_key_name: string | null;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        balance_after_usd: number;
    }>;
    /** (at least 0) */
    total_count: number;
    has_more: boolean;
    /** Pass as `cursor` for the next page; null when this page is the last. */
    next_cursor: string | null;
    totals: {
        /** US dollars, exact to 6 decimals (micro-dollars). */
        spent_usd: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        purchased_usd: number;
        /** (at least 0) */
        calls: number;
    };
}
/** What `getDailyUsage` sends. */
export interface GetDailyUsageRequest {
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    start_date: string;
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    end_date: string;
    /** Days are counted in this offset from UTC (the browser's `-new Date().getTimezoneOffset()`). (-840 to 840; default 0) */
    utc_offset_minutes?: number;
    /** Only this deployment. (at most 64 characters) */
    deployment?: string;
    /** Only calls made with this key. (at most 64 characters) */
    api_key_id?: string;
    /** CSV only: one line per day and deployment (default) or per day and key. (default "deployment") */
    group_by?: 'deployment' | 'key';
}
/** The answer of `getDailyUsage`. */
export interface GetDailyUsageResponse {
    /** Days with usage only, oldest first. */
    days: Array<{
        /** YYYY-MM-DD in the requested offset. */
        date: string;
        /** (at least 0) */
        calls: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        spent_usd: number;
        /** The day's usage by deployment (a day by key: the CSV with `group_by=key`). */
        deployments: Array<{
            deployment: string;
            /** (at least 0) */
            calls: number;
            /** US dollars, exact to 6 decimals (micro-dollars). */
            spent_usd: number;
        }>;
    }>;
    /** The range by deployment, most spent first. */
    by_deployment: Array<{
        deployment: string;
        /** (at least 0) */
        calls: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        spent_usd: number;
    }>;
    /** The range by key, most spent first. */
    by_key: Array<{
        api_key_id: string | null;
        name: string | null;
        /** (at least 0) */
        calls: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        spent_usd: number;
    }>;
    /** Free calls of test keys in the range (UTC days), apart from the spend. */
    test_calls: {
        /** (at least 0) */
        calls: number;
        by_key: Array<{
            api_key_id: string;
            name: string;
            /** (at least 0) */
            calls: number;
        }>;
    };
    totals: {
        /** (at least 0) */
        calls: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        spent_usd: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        purchased_usd: number;
    };
}
/** What `exportDailyUsage` sends. */
export interface ExportDailyUsageRequest {
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    start_date: string;
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    end_date: string;
    /** Days are counted in this offset from UTC (the browser's `-new Date().getTimezoneOffset()`). (-840 to 840; default 0) */
    utc_offset_minutes?: number;
    /** Only this deployment. (at most 64 characters) */
    deployment?: string;
    /** Only calls made with this key. (at most 64 characters) */
    api_key_id?: string;
    /** CSV only: one line per day and deployment (default) or per day and key. (default "deployment") */
    group_by?: 'deployment' | 'key';
}
/** The answer of `exportDailyUsage` (text/csv). */
export type ExportDailyUsageResponse = string;
/** What `listUsageBuckets` sends. */
export interface ListUsageBucketsRequest {
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    start_date: string;
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    end_date: string;
    /** UTC days or UTC hours. `start_date` is rounded down and `end_date` up to whole buckets; a range covers at most 366 days by day, 31 by hour. (default "day") */
    bucket_width?: 'day' | 'hour';
    /** One row per bucket and key, deployment or member (the member who holds the key); absent: one row per bucket. */
    group_by?: 'api_key' | 'deployment' | 'member';
    /** Only this deployment. (at most 64 characters) */
    deployment?: string;
    /** Only calls made with this key. (at most 64 characters) */
    api_key_id?: string;
    /** (1 to 1000; default 100) */
    limit?: number;
    /** The `next_cursor` of the previous page (opaque): the next rows in the same order, stable while new rows arrive. Keep the other filters the same; `skip` then counts from the cursor. (at most 200 characters) */
    cursor?: string;
}
/** The answer of `listUsageBuckets`. */
export interface ListUsageBucketsResponse {
    bucket_width: 'day' | 'hour';
    start_time: string;
    end_time: string;
    /** Buckets with usage only, oldest first, then by group. */
    data: Array<{
        start_time: string;
        end_time: string;
        api_key_id: string | null;
        api_key_name: string | null;
        deployment: string | null;
        member_uid: string | null;
        /** Metered (charged) calls. (at least 0) */
        calls: number;
        /** What the calls were charged, in micro-dollars (exact; sums to the ledger). (at least 0) */
        cost_micros: number;
        /** US dollars, exact to 6 decimals (micro-dollars). */
        cost_usd: number;
    }>;
    has_more: boolean;
    /** Pass as `cursor` for the next page; null when this page is the last. */
    next_cursor: string | null;
}
/** What `exportTransactions` sends. */
export interface ExportTransactionsRequest {
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    start_date: string;
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    end_date: string;
}
/** The answer of `exportTransactions` (text/csv). */
export type ExportTransactionsResponse = string;
/** `listMembers` sends nothing. */
export type ListMembersRequest = Record<string, never>;
/** The answer of `listMembers`. */
export interface ListMembersResponse {
    members: Array<{
        uid: string;
        email: string | null;
        /** A member role: owner, admin, developer, billing or viewer. */
        role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
        joined_at: string;
        last_active_at: string | null;
        monthly_limit_usd: number | null;
        /** (at least 0) */
        month_to_date_usd: number;
        /** This member is the caller. */
        you: boolean;
    }>;
}
/** What `updateMember` sends. */
export interface UpdateMemberRequest {
    /** (at most 128 characters) */
    uid: string;
    /** admin, developer, billing or viewer (ownership moves only by a transfer). */
    role?: 'admin' | 'developer' | 'billing' | 'viewer';
    monthly_limit_usd?: number | null;
}
/** The answer of `updateMember`. */
export interface UpdateMemberResponse {
    uid: string;
    email: string | null;
    /** A member role: owner, admin, developer, billing or viewer. */
    role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
    joined_at: string;
    last_active_at: string | null;
    monthly_limit_usd: number | null;
    /** (at least 0) */
    month_to_date_usd: number;
    /** This member is the caller. */
    you: boolean;
}
/** What `removeMember` sends. */
export interface RemoveMemberRequest {
    /** (at most 128 characters) */
    uid: string;
    /** The uid of another owner, admin or developer who takes over the API keys the removed member created, so they keep working. Without it those keys are deleted. (at most 128 characters) */
    hand_keys_to?: string;
}
/** The answer of `removeMember`. */
export interface RemoveMemberResponse {
    uid: string;
    removed: true;
    /** (at least 0) */
    api_keys_deleted: number;
    /** (at least 0) */
    api_keys_handed_over: number;
    /** Keys whose secret the member read or was shown (as "name (prefix…last4)"), given a new secret at once: the old one is refused from now on. */
    api_keys_rotated: Array<string>;
}
/** `leaveOrganization` sends nothing. */
export type LeaveOrganizationRequest = Record<string, never>;
/** The answer of `leaveOrganization`. */
export interface LeaveOrganizationResponse {
    left: true;
}
/** What `transferOwnership` sends. */
export interface TransferOwnershipRequest {
    /** The new owner (a member). (at most 128 characters) */
    uid: string;
}
/** The answer of `transferOwnership`. */
export interface TransferOwnershipResponse {
    members: Array<{
        uid: string;
        email: string | null;
        /** A member role: owner, admin, developer, billing or viewer. */
        role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
        joined_at: string;
        last_active_at: string | null;
        monthly_limit_usd: number | null;
        /** (at least 0) */
        month_to_date_usd: number;
        /** This member is the caller. */
        you: boolean;
    }>;
}
/** `listInvitations` sends nothing. */
export type ListInvitationsRequest = Record<string, never>;
/** The answer of `listInvitations`. */
export interface ListInvitationsResponse {
    invitations: Array<{
        id: string;
        email: string;
        /** A member role: owner, admin, developer, billing or viewer. */
        role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
        invited_by: string | null;
        created_at: string;
        expires_at: string;
        status: 'pending' | 'expired';
    }>;
}
/** What `inviteMember` sends. */
export interface InviteMemberRequest {
    /** (at most 254 characters) */
    email: string;
    /** admin, developer, billing or viewer (ownership moves only by a transfer). */
    role: 'admin' | 'developer' | 'billing' | 'viewer';
}
/** The answer of `inviteMember`. */
export interface InviteMemberResponse {
    id: string;
    email: string;
    /** A member role: owner, admin, developer, billing or viewer. */
    role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
    invited_by: string | null;
    created_at: string;
    expires_at: string;
    status: 'pending' | 'expired';
}
/** What `resendInvitation` sends. */
export interface ResendInvitationRequest {
    /** (at most 64 characters) */
    invitation_id: string;
}
/** The answer of `resendInvitation`. */
export interface ResendInvitationResponse {
    id: string;
    email: string;
    /** A member role: owner, admin, developer, billing or viewer. */
    role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
    invited_by: string | null;
    created_at: string;
    expires_at: string;
    status: 'pending' | 'expired';
}
/** What `revokeInvitation` sends. */
export interface RevokeInvitationRequest {
    /** (at most 64 characters) */
    invitation_id: string;
}
/** The answer of `revokeInvitation`. */
export interface RevokeInvitationResponse {
    id: string;
    revoked: true;
}
/** What `previewInvitation` sends. */
export interface PreviewInvitationRequest {
    /** (at most 128 characters) */
    token: string;
}
/** The answer of `previewInvitation`. */
export interface PreviewInvitationResponse {
    organization_name: string;
    email: string;
    /** A member role: owner, admin, developer, billing or viewer. */
    role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
    invited_by: string | null;
    expires_at: string;
}
/** What `acceptInvitation` sends. */
export interface AcceptInvitationRequest {
    /** (at most 128 characters) */
    token: string;
}
/** The answer of `acceptInvitation`. */
export interface AcceptInvitationResponse {
    organization_id: string;
    organization_name: string;
    /** A member role: owner, admin, developer, billing or viewer. */
    role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
}
/** `listAdminKeys` sends nothing. */
export type ListAdminKeysRequest = Record<string, never>;
/** The answer of `listAdminKeys`. */
export interface ListAdminKeysResponse {
    admin_keys: Array<{
        id: string;
        name: string;
        /** A member role: owner, admin, developer, billing or viewer. */
        role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
        redacted: string;
        created_by: string | null;
        created_at: string;
        expires_at: string | null;
        last_used_at: string | null;
    }>;
}
/** What `createAdminKey` sends. */
export interface CreateAdminKeyRequest {
    /** (at most 64 characters) */
    name: string;
    /** admin, developer, billing or viewer (ownership moves only by a transfer). */
    role: 'admin' | 'developer' | 'billing' | 'viewer';
    expires_at?: string | null;
}
/** The answer of `createAdminKey`. */
export type CreateAdminKeyResponse = {
    id: string;
    name: string;
    /** A member role: owner, admin, developer, billing or viewer. */
    role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
    redacted: string;
    created_by: string | null;
    created_at: string;
    expires_at: string | null;
    last_used_at: string | null;
} & {
    /** The full secret, shown this once. */
    key: string;
};
/** What `rollAdminKey` sends. */
export interface RollAdminKeyRequest {
    /** (at most 64 characters) */
    admin_key_id: string;
}
/** The answer of `rollAdminKey`. */
export type RollAdminKeyResponse = {
    id: string;
    name: string;
    /** A member role: owner, admin, developer, billing or viewer. */
    role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
    redacted: string;
    created_by: string | null;
    created_at: string;
    expires_at: string | null;
    last_used_at: string | null;
} & {
    /** The full secret, shown this once. */
    key: string;
};
/** What `deleteAdminKey` sends. */
export interface DeleteAdminKeyRequest {
    /** (at most 64 characters) */
    admin_key_id: string;
}
/** The answer of `deleteAdminKey`. */
export interface DeleteAdminKeyResponse {
    id: string;
    deleted: true;
}
/** `listWebhooks` sends nothing. */
export type ListWebhooksRequest = Record<string, never>;
/** The answer of `listWebhooks`. */
export interface ListWebhooksResponse {
    webhooks: Array<{
        id: string;
        url: string;
        description: string;
        events: Array<'job.succeeded' | 'job.failed' | 'balance.low' | 'key.paused' | 'payment.succeeded'>;
        enabled: boolean;
        disabled_reason: 'manual' | 'failing' | null;
        disabled_at: string | null;
        secret_redacted: string;
        created_at: string;
        updated_at: string;
    }>;
    /** Endpoints the organization may have. */
    max_endpoints: number;
}
/** What `createWebhook` sends. */
export interface CreateWebhookRequest {
    /** https URL that receives the events (http only in local mode). It must resolve to a public address; private, loopback, link-local and metadata addresses are refused. (at most 2048 characters) */
    url: string;
    /** The events to send to it. (1 to 5 items) */
    events: Array<'job.succeeded' | 'job.failed' | 'balance.low' | 'key.paused' | 'payment.succeeded'>;
    /** A note for your team. (at most 256 characters) */
    description?: string;
}
/** The answer of `createWebhook`. */
export type CreateWebhookResponse = {
    id: string;
    url: string;
    description: string;
    events: Array<'job.succeeded' | 'job.failed' | 'balance.low' | 'key.paused' | 'payment.succeeded'>;
    enabled: boolean;
    disabled_reason: 'manual' | 'failing' | null;
    disabled_at: string | null;
    secret_redacted: string;
    created_at: string;
    updated_at: string;
} & {
    /** The signing secret (`whsec_…`), shown this once. */
    secret: string;
};
/** What `getWebhook` sends. */
export interface GetWebhookRequest {
    /** (at most 64 characters) */
    webhook_id: string;
}
/** The answer of `getWebhook`. */
export interface GetWebhookResponse {
    id: string;
    url: string;
    description: string;
    events: Array<'job.succeeded' | 'job.failed' | 'balance.low' | 'key.paused' | 'payment.succeeded'>;
    enabled: boolean;
    disabled_reason: 'manual' | 'failing' | null;
    disabled_at: string | null;
    secret_redacted: string;
    created_at: string;
    updated_at: string;
}
/** What `updateWebhook` sends. */
export interface UpdateWebhookRequest {
    /** (at most 64 characters) */
    webhook_id: string;
    /** https URL that receives the events (http only in local mode). It must resolve to a public address; private, loopback, link-local and metadata addresses are refused. (at most 2048 characters) */
    url?: string;
    /** The events to send to it. (1 to 5 items) */
    events?: Array<'job.succeeded' | 'job.failed' | 'balance.low' | 'key.paused' | 'payment.succeeded'>;
    /** A note for your team. (at most 256 characters) */
    description?: string;
    /** false disables it (nothing is sent); true enables it again. */
    enabled?: boolean;
}
/** The answer of `updateWebhook`. */
export interface UpdateWebhookResponse {
    id: string;
    url: string;
    description: string;
    events: Array<'job.succeeded' | 'job.failed' | 'balance.low' | 'key.paused' | 'payment.succeeded'>;
    enabled: boolean;
    disabled_reason: 'manual' | 'failing' | null;
    disabled_at: string | null;
    secret_redacted: string;
    created_at: string;
    updated_at: string;
}
/** What `deleteWebhook` sends. */
export interface DeleteWebhookRequest {
    /** (at most 64 characters) */
    webhook_id: string;
}
/** The answer of `deleteWebhook`. */
export interface DeleteWebhookResponse {
    id: string;
    deleted: true;
}
/** What `rotateWebhookSecret` sends. */
export interface RotateWebhookSecretRequest {
    /** (at most 64 characters) */
    webhook_id: string;
    /** How long deliveries are also signed with the previous secret (a second `v1,` signature), so receivers can switch without losing any; 0 stops it at once. (0 to 24; default 24) */
    expire_previous_in_hours?: number;
}
/** The answer of `rotateWebhookSecret`. */
export type RotateWebhookSecretResponse = {
    id: string;
    url: string;
    description: string;
    events: Array<'job.succeeded' | 'job.failed' | 'balance.low' | 'key.paused' | 'payment.succeeded'>;
    enabled: boolean;
    disabled_reason: 'manual' | 'failing' | null;
    disabled_at: string | null;
    secret_redacted: string;
    created_at: string;
    updated_at: string;
} & {
    /** The signing secret (`whsec_…`), shown this once. */
    secret: string;
};
/** What `sendTestWebhook` sends. */
export interface SendTestWebhookRequest {
    /** (at most 64 characters) */
    webhook_id: string;
}
/** The answer of `sendTestWebhook`. */
export interface SendTestWebhookResponse {
    id: string;
    webhook_id: string;
    /** Sent as `webhook-id`, the same on every attempt. */
    event_id: string;
    event_type: 'job.succeeded' | 'job.failed' | 'balance.low' | 'key.paused' | 'payment.succeeded' | 'test';
    /** `pending`: the next attempt is due at `next_attempt_at`; `succeeded`: a 2xx answer; `failed`: every attempt of the schedule failed. */
    status: 'pending' | 'delivering' | 'succeeded' | 'failed';
    /** (at least 0) */
    attempts_count: number;
    next_attempt_at: string | null;
    created_at: string;
    /** The latest 20 attempts, newest first. */
    attempts: Array<{
        at: string;
        trigger: 'scheduled' | 'replay' | 'test';
        status_code: number | null;
        error: string | null;
        /** (at least 0) */
        duration_ms: number;
        /** At most 1024 bytes of the answer, control characters removed. */
        response_excerpt: string;
    }>;
}
/** What `listWebhookDeliveries` sends. */
export interface ListWebhookDeliveriesRequest {
    /** (at most 64 characters) */
    webhook_id: string;
    /** (1 to 50; default 20) */
    limit?: number;
    /** The `next_cursor` of the previous page (opaque): the next rows in the same order, stable while new rows arrive. Keep the other filters the same; `skip` then counts from the cursor. (at most 200 characters) */
    cursor?: string;
}
/** The answer of `listWebhookDeliveries`. */
export interface ListWebhookDeliveriesResponse {
    deliveries: Array<{
        id: string;
        webhook_id: string;
        /** Sent as `webhook-id`, the same on every attempt. */
        event_id: string;
        event_type: 'job.succeeded' | 'job.failed' | 'balance.low' | 'key.paused' | 'payment.succeeded' | 'test';
        /** `pending`: the next attempt is due at `next_attempt_at`; `succeeded`: a 2xx answer; `failed`: every attempt of the schedule failed. */
        status: 'pending' | 'delivering' | 'succeeded' | 'failed';
        /** (at least 0) */
        attempts_count: number;
        next_attempt_at: string | null;
        created_at: string;
        /** The latest 20 attempts, newest first. */
        attempts: Array<{
            at: string;
            trigger: 'scheduled' | 'replay' | 'test';
            status_code: number | null;
            error: string | null;
            /** (at least 0) */
            duration_ms: number;
            /** At most 1024 bytes of the answer, control characters removed. */
            response_excerpt: string;
        }>;
    }>;
    /** Pass as `cursor` for the next page; null when this page is the last. */
    next_cursor: string | null;
}
/** What `replayWebhookDelivery` sends. */
export interface ReplayWebhookDeliveryRequest {
    /** (at most 64 characters) */
    delivery_id: string;
}
/** The answer of `replayWebhookDelivery`. */
export interface ReplayWebhookDeliveryResponse {
    id: string;
    webhook_id: string;
    /** Sent as `webhook-id`, the same on every attempt. */
    event_id: string;
    event_type: 'job.succeeded' | 'job.failed' | 'balance.low' | 'key.paused' | 'payment.succeeded' | 'test';
    /** `pending`: the next attempt is due at `next_attempt_at`; `succeeded`: a 2xx answer; `failed`: every attempt of the schedule failed. */
    status: 'pending' | 'delivering' | 'succeeded' | 'failed';
    /** (at least 0) */
    attempts_count: number;
    next_attempt_at: string | null;
    created_at: string;
    /** The latest 20 attempts, newest first. */
    attempts: Array<{
        at: string;
        trigger: 'scheduled' | 'replay' | 'test';
        status_code: number | null;
        error: string | null;
        /** (at least 0) */
        duration_ms: number;
        /** At most 1024 bytes of the answer, control characters removed. */
        response_excerpt: string;
    }>;
}
/** What `listEvents` sends. */
export interface ListEventsRequest {
    /** (1 to 100; default 20) */
    limit?: number;
    /** The `next_cursor` of the previous page (opaque): the next rows in the same order, stable while new rows arrive. Keep the other filters the same; `skip` then counts from the cursor. (at most 200 characters) */
    cursor?: string;
    /** An event id: the events older than it (the last event of the previous page), newest first. (at most 28 characters) */
    starting_after?: string;
    /** job.succeeded, job.failed, balance.low, key.paused, payment.succeeded, test */
    type?: 'job.succeeded' | 'job.failed' | 'balance.low' | 'key.paused' | 'payment.succeeded' | 'test';
    /** Only events created after this instant (ISO 8601, 2000 to 2099). (at most 40 characters) */
    created_after?: string;
}
/** The answer of `listEvents`. */
export interface ListEventsResponse {
    /** Newest first. */
    events: Array<{
        /** The event id; webhook deliveries carry it as `webhook-id`. */
        id: string;
        /** job.succeeded, job.failed, balance.low, key.paused, payment.succeeded, test */
        type: 'job.succeeded' | 'job.failed' | 'balance.low' | 'key.paused' | 'payment.succeeded' | 'test';
        created_at: string;
        /** What the event announces; the fields of each type are listed in the docs. */
        data: {
            [key: string]: unknown;
        };
    }>;
    /** Whether older events match. */
    has_more: boolean;
    /** Pass as `cursor` for the next page; null when this page is the last. */
    next_cursor: string | null;
}
/** What `getEvent` sends. */
export interface GetEventRequest {
    /** (at most 28 characters) */
    event_id: string;
}
/** The answer of `getEvent`. */
export interface GetEventResponse {
    /** The event id; webhook deliveries carry it as `webhook-id`. */
    id: string;
    /** job.succeeded, job.failed, balance.low, key.paused, payment.succeeded, test */
    type: 'job.succeeded' | 'job.failed' | 'balance.low' | 'key.paused' | 'payment.succeeded' | 'test';
    created_at: string;
    /** What the event announces; the fields of each type are listed in the docs. */
    data: {
        [key: string]: unknown;
    };
}
/** What `listAuditLog` sends. */
export interface ListAuditLogRequest {
    /** Actor id or e-mail. (at most 254 characters) */
    actor?: string;
    /** (at most 64 characters) */
    action?: string;
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    start?: string;
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    end?: string;
    /** (0 to 100000; default 0) */
    skip?: number;
    /** (1 to 100; default 25) */
    limit?: number;
    /** The `next_cursor` of the previous page (opaque): the next rows in the same order, stable while new rows arrive. Keep the other filters the same; `skip` then counts from the cursor. (at most 200 characters) */
    cursor?: string;
}
/** The answer of `listAuditLog`. */
export interface ListAuditLogResponse {
    entries: Array<{
        id: string;
        at: string;
        actor: {
            kind: 'user' | 'admin_key' | 'system';
            id: string | null;
            label: string | null;
        };
        action: string;
        target: string | null;
        details: {
            [key: string]: string | number | boolean | null;
        };
        ip: string | null;
    }>;
    /** (at least 0) */
    total: number;
    /** Pass as `cursor` for the next page; null when this page is the last. */
    next_cursor: string | null;
}
/** What `exportAuditLog` sends. */
export interface ExportAuditLogRequest {
    /** Actor id or e-mail. (at most 254 characters) */
    actor?: string;
    /** (at most 64 characters) */
    action?: string;
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    start?: string;
    /** An ISO 8601 instant between 2000-01-01 and 2099-12-31. (at most 40 characters) */
    end?: string;
    /** (0 to 100000; default 0) */
    skip?: number;
    /** (1 to 100; default 25) */
    limit?: number;
    /** The `next_cursor` of the previous page (opaque): the next rows in the same order, stable while new rows arrive. Keep the other filters the same; `skip` then counts from the cursor. (at most 200 characters) */
    cursor?: string;
}
/** The answer of `exportAuditLog` (text/csv). */
export type ExportAuditLogResponse = string;
/** Each operation's request and answer, by its operationId. */
export interface AccountOperations {
    sendFeedback: {
        request: SendFeedbackRequest;
        response: SendFeedbackResponse;
    };
    getDemoKey: {
        request: GetDemoKeyRequest;
        response: GetDemoKeyResponse;
    };
    getPublicPricing: {
        request: GetPublicPricingRequest;
        response: GetPublicPricingResponse;
    };
    getStatus: {
        request: GetStatusRequest;
        response: GetStatusResponse;
    };
    getStatusFeed: {
        request: GetStatusFeedRequest;
        response: GetStatusFeedResponse;
    };
    createOrganization: {
        request: CreateOrganizationRequest;
        response: CreateOrganizationResponse;
    };
    updateOrganization: {
        request: UpdateOrganizationRequest;
        response: UpdateOrganizationResponse;
    };
    getOrganization: {
        request: GetOrganizationRequest;
        response: GetOrganizationResponse;
    };
    verifyOrganizationEmail: {
        request: VerifyOrganizationEmailRequest;
        response: VerifyOrganizationEmailResponse;
    };
    listOrganizations: {
        request: ListOrganizationsRequest;
        response: ListOrganizationsResponse;
    };
    createAnotherOrganization: {
        request: CreateAnotherOrganizationRequest;
        response: CreateAnotherOrganizationResponse;
    };
    selectOrganization: {
        request: SelectOrganizationRequest;
        response: SelectOrganizationResponse;
    };
    createApiKey: {
        request: CreateApiKeyRequest;
        response: CreateApiKeyResponse;
    };
    listApiKeys: {
        request: ListApiKeysRequest;
        response: ListApiKeysResponse;
    };
    setDefaultApiKey: {
        request: SetDefaultApiKeyRequest;
        response: SetDefaultApiKeyResponse;
    };
    rollApiKey: {
        request: RollApiKeyRequest;
        response: RollApiKeyResponse;
    };
    setApiKeyCap: {
        request: SetApiKeyCapRequest;
        response: SetApiKeyCapResponse;
    };
    setApiKeyRestrictions: {
        request: SetApiKeyRestrictionsRequest;
        response: SetApiKeyRestrictionsResponse;
    };
    disableApiKey: {
        request: DisableApiKeyRequest;
        response: DisableApiKeyResponse;
    };
    enableApiKey: {
        request: EnableApiKeyRequest;
        response: EnableApiKeyResponse;
    };
    deleteApiKey: {
        request: DeleteApiKeyRequest;
        response: DeleteApiKeyResponse;
    };
    getBalance: {
        request: GetBalanceRequest;
        response: GetBalanceResponse;
    };
    createCreditOrder: {
        request: CreateCreditOrderRequest;
        response: CreateCreditOrderResponse;
    };
    getCreditOrder: {
        request: GetCreditOrderRequest;
        response: GetCreditOrderResponse;
    };
    confirmSandboxOrder: {
        request: ConfirmSandboxOrderRequest;
        response: ConfirmSandboxOrderResponse;
    };
    getInvoice: {
        request: GetInvoiceRequest;
        response: GetInvoiceResponse;
    };
    listPayments: {
        request: ListPaymentsRequest;
        response: ListPaymentsResponse;
    };
    getBillingSettings: {
        request: GetBillingSettingsRequest;
        response: GetBillingSettingsResponse;
    };
    updateBillingSettings: {
        request: UpdateBillingSettingsRequest;
        response: UpdateBillingSettingsResponse;
    };
    setUpPaymentMethod: {
        request: SetUpPaymentMethodRequest;
        response: SetUpPaymentMethodResponse;
    };
    saveSandboxCard: {
        request: SaveSandboxCardRequest;
        response: SaveSandboxCardResponse;
    };
    deletePaymentMethod: {
        request: DeletePaymentMethodRequest;
        response: DeletePaymentMethodResponse;
    };
    listTransactions: {
        request: ListTransactionsRequest;
        response: ListTransactionsResponse;
    };
    getDailyUsage: {
        request: GetDailyUsageRequest;
        response: GetDailyUsageResponse;
    };
    exportDailyUsage: {
        request: ExportDailyUsageRequest;
        response: ExportDailyUsageResponse;
    };
    listUsageBuckets: {
        request: ListUsageBucketsRequest;
        response: ListUsageBucketsResponse;
    };
    exportTransactions: {
        request: ExportTransactionsRequest;
        response: ExportTransactionsResponse;
    };
    listMembers: {
        request: ListMembersRequest;
        response: ListMembersResponse;
    };
    updateMember: {
        request: UpdateMemberRequest;
        response: UpdateMemberResponse;
    };
    removeMember: {
        request: RemoveMemberRequest;
        response: RemoveMemberResponse;
    };
    leaveOrganization: {
        request: LeaveOrganizationRequest;
        response: LeaveOrganizationResponse;
    };
    transferOwnership: {
        request: TransferOwnershipRequest;
        response: TransferOwnershipResponse;
    };
    listInvitations: {
        request: ListInvitationsRequest;
        response: ListInvitationsResponse;
    };
    inviteMember: {
        request: InviteMemberRequest;
        response: InviteMemberResponse;
    };
    resendInvitation: {
        request: ResendInvitationRequest;
        response: ResendInvitationResponse;
    };
    revokeInvitation: {
        request: RevokeInvitationRequest;
        response: RevokeInvitationResponse;
    };
    previewInvitation: {
        request: PreviewInvitationRequest;
        response: PreviewInvitationResponse;
    };
    acceptInvitation: {
        request: AcceptInvitationRequest;
        response: AcceptInvitationResponse;
    };
    listAdminKeys: {
        request: ListAdminKeysRequest;
        response: ListAdminKeysResponse;
    };
    createAdminKey: {
        request: CreateAdminKeyRequest;
        response: CreateAdminKeyResponse;
    };
    rollAdminKey: {
        request: RollAdminKeyRequest;
        response: RollAdminKeyResponse;
    };
    deleteAdminKey: {
        request: DeleteAdminKeyRequest;
        response: DeleteAdminKeyResponse;
    };
    listWebhooks: {
        request: ListWebhooksRequest;
        response: ListWebhooksResponse;
    };
    createWebhook: {
        request: CreateWebhookRequest;
        response: CreateWebhookResponse;
    };
    getWebhook: {
        request: GetWebhookRequest;
        response: GetWebhookResponse;
    };
    updateWebhook: {
        request: UpdateWebhookRequest;
        response: UpdateWebhookResponse;
    };
    deleteWebhook: {
        request: DeleteWebhookRequest;
        response: DeleteWebhookResponse;
    };
    rotateWebhookSecret: {
        request: RotateWebhookSecretRequest;
        response: RotateWebhookSecretResponse;
    };
    sendTestWebhook: {
        request: SendTestWebhookRequest;
        response: SendTestWebhookResponse;
    };
    listWebhookDeliveries: {
        request: ListWebhookDeliveriesRequest;
        response: ListWebhookDeliveriesResponse;
    };
    replayWebhookDelivery: {
        request: ReplayWebhookDeliveryRequest;
        response: ReplayWebhookDeliveryResponse;
    };
    listEvents: {
        request: ListEventsRequest;
        response: ListEventsResponse;
    };
    getEvent: {
        request: GetEventRequest;
        response: GetEventResponse;
    };
    listAuditLog: {
        request: ListAuditLogRequest;
        response: ListAuditLogResponse;
    };
    exportAuditLog: {
        request: ExportAuditLogRequest;
        response: ExportAuditLogResponse;
    };
}
export type AccountOperationId = keyof AccountOperations;
/** Operations whose request has a required field. */
export type OperationsWithRequiredFields = 'sendFeedback' | 'createOrganization' | 'createAnotherOrganization' | 'selectOrganization' | 'createApiKey' | 'setDefaultApiKey' | 'rollApiKey' | 'setApiKeyCap' | 'setApiKeyRestrictions' | 'disableApiKey' | 'enableApiKey' | 'deleteApiKey' | 'createCreditOrder' | 'getCreditOrder' | 'confirmSandboxOrder' | 'getInvoice' | 'saveSandboxCard' | 'getDailyUsage' | 'exportDailyUsage' | 'listUsageBuckets' | 'exportTransactions' | 'updateMember' | 'removeMember' | 'transferOwnership' | 'inviteMember' | 'resendInvitation' | 'revokeInvitation' | 'previewInvitation' | 'acceptInvitation' | 'createAdminKey' | 'rollAdminKey' | 'deleteAdminKey' | 'createWebhook' | 'getWebhook' | 'updateWebhook' | 'deleteWebhook' | 'rotateWebhookSecret' | 'sendTestWebhook' | 'listWebhookDeliveries' | 'replayWebhookDelivery' | 'getEvent';
export interface OperationInfo {
    readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    /** Relative to `/v1`; path parameters as `{name}`. */
    readonly path: string;
    /** `public`: no credentials needed; `user`: a signed-in person; `member`: acts on an organization. */
    readonly access: 'public' | 'user' | 'member';
    /** Request fields by where they go; headers map a field to its header. */
    readonly path_params: readonly string[];
    readonly query: readonly string[];
    readonly headers: Readonly<Record<string, string>>;
    readonly body: readonly string[] | null;
    /** Accepts an `Idempotency-Key`: the SDK sends one, reused across retries. */
    readonly idempotent: boolean;
    readonly produces: 'json' | 'text' | 'binary';
    /** For paged lists, the array property of the answer. */
    readonly page_items: string | null;
    readonly errors: readonly ErrorCode[];
}
export declare const ACCOUNT_OPERATIONS: Readonly<Record<AccountOperationId, OperationInfo>>;
/** The paged lists (`skip`/`limit`) and the array each answer holds. */
export interface PagedOperations {
    listPayments: 'payments';
    listTransactions: 'transactions';
    listAuditLog: 'entries';
}
