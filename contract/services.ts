/**
 * The services host: one `POST /{task}` or `POST /{task}/{sub}` per public
 * deployment of the catalogue (./catalogue.ts), authenticated with the `api-key` header.
 * Parameters and answers of every deployment are described here once; the sandbox host validates
 * with them, its OpenAPI document is generated from them and the docs pages render their
 * parameter tables from them (through the generated reference, src/generated/reference/).
 */
import { ERROR_CODE_LIST, type ErrorCode } from './errors';
import { Type, type Static, type TSchema } from 'typebox';
import { API_ORDER, COMING_SOON_CATALOGUE, type DeploymentPath } from './catalogue';
import { SingleLineText, UsdAmount } from './common';
import { MAX_BATCH_IMAGES, MAX_IMAGE_URL_LENGTH } from './limits';

export {
  ACCEPTED_IMAGE_TYPES,
  MAX_BATCH_IMAGES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_URL_LENGTH,
  MAX_PROCESSING_SIDE,
} from './limits';

// -------------------------------------------------------------- Parameters

const confidenceThreshold = (defaultValue: number) =>
  Type.Number({
    minimum: 0,
    maximum: 1,
    default: defaultValue,
    description: 'Drop predictions whose score is below this value.',
  });

const maxResults = (defaultValue: number, maximum: number) =>
  Type.Integer({
    minimum: 1,
    maximum,
    default: defaultValue,
    description: 'Return at most this many predictions, best first.',
  });

const labelList = (description: string) =>
  Type.Array(SingleLineText({ minLength: 1, maxLength: 64 }), {
    minItems: 1,
    maxItems: 20,
    description,
  });

export const ObjectDetectionParams = Type.Object({
  confidence_threshold: Type.Optional(confidenceThreshold(0.5)),
  max_results: Type.Optional(maxResults(20, 100)),
});
export type ObjectDetectionParams = Static<typeof ObjectDetectionParams>;

export const ZeroShotObjectDetectionParams = Type.Object({
  queries: labelList(
    'What to look for, e.g. `["red car", "person with umbrella"]` (1 to 20 phrases).',
  ),
  confidence_threshold: Type.Optional(confidenceThreshold(0.3)),
  max_results: Type.Optional(maxResults(20, 100)),
});
export type ZeroShotObjectDetectionParams = Static<typeof ZeroShotObjectDetectionParams>;

export const ImageClassificationParams = Type.Object({
  top_k: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 20,
      default: 5,
      description: 'Number of labels to return.',
    }),
  ),
});
export type ImageClassificationParams = Static<typeof ImageClassificationParams>;

export const ZeroShotImageClassificationParams = Type.Object({
  candidate_labels: labelList('The labels to choose from (1 to 20); scores sum to 1 over them.'),
});
export type ZeroShotImageClassificationParams = Static<typeof ZeroShotImageClassificationParams>;

export const DepthEstimationParams = Type.Object({});
export type DepthEstimationParams = Static<typeof DepthEstimationParams>;

export const SemanticSegmentationParams = Type.Object({});
export type SemanticSegmentationParams = Static<typeof SemanticSegmentationParams>;

export const InstanceSegmentationParams = Type.Object({
  confidence_threshold: Type.Optional(confidenceThreshold(0.5)),
  max_results: Type.Optional(maxResults(20, 50)),
});
export type InstanceSegmentationParams = Static<typeof InstanceSegmentationParams>;

export const PanopticSegmentationParams = Type.Object({
  confidence_threshold: Type.Optional(confidenceThreshold(0.5)),
});
export type PanopticSegmentationParams = Static<typeof PanopticSegmentationParams>;

// ----------------------------------------------------------------- Answers

export const Box = Type.Object(
  {
    x_min: Type.Number(),
    y_min: Type.Number(),
    x_max: Type.Number(),
    y_max: Type.Number(),
  },
  { description: 'Pixel coordinates in the input image.' },
);
export type Box = Static<typeof Box>;

const Score = Type.Number({ minimum: 0, maximum: 1 });
const MaskPng = Type.String({
  description: 'Single-channel PNG (255 inside, 0 outside) at the reported image size, base64.',
});

export const ServiceUsage = Type.Object({
  cost_usd: UsdAmount,
  remaining_credits: UsdAmount,
  transaction_id: Type.String(),
});
export type ServiceUsage = Static<typeof ServiceUsage>;

const commonAnswerFields = {
  sandbox: Type.Boolean({
    description:
      'True for sample results (the local stack, and test keys); false for an answer of the inference deployment.',
  }),
  task: Type.String({ description: 'Deployment path, e.g. `image-segmentation/semantic`.' }),
  model: Type.String(),
  image: Type.Object({
    width: Type.Integer({
      description: 'Width the image was processed at (long side at most 1024).',
    }),
    height: Type.Integer(),
    original_width: Type.Integer(),
    original_height: Type.Integer(),
  }),
  usage: ServiceUsage,
};

const Detection = Type.Object({ label: Type.String(), score: Score, box: Box });
const Classification = Type.Object({ label: Type.String(), score: Score });

export const DetectionResult = Type.Object({
  ...commonAnswerFields,
  predictions: Type.Array(Detection),
});
export type DetectionResult = Static<typeof DetectionResult>;

export const ClassificationResult = Type.Object({
  ...commonAnswerFields,
  predictions: Type.Array(Classification, { description: 'Sorted by score, highest first.' }),
});
export type ClassificationResult = Static<typeof ClassificationResult>;

export const DepthResult = Type.Object({
  ...commonAnswerFields,
  depth: Type.Object({
    width: Type.Integer(),
    height: Type.Integer(),
    png_base64: Type.String({ description: '8-bit grayscale PNG; brighter is nearer.' }),
    min: Type.Number(),
    max: Type.Number(),
    unit: Type.Literal('relative'),
  }),
});
export type DepthResult = Static<typeof DepthResult>;

export const SemanticSegmentationResult = Type.Object({
  ...commonAnswerFields,
  segments: Type.Array(
    Type.Object({ id: Type.Integer(), label: Type.String(), mask_png_base64: MaskPng }),
  ),
});
export type SemanticSegmentationResult = Static<typeof SemanticSegmentationResult>;

export const InstanceSegmentationResult = Type.Object({
  ...commonAnswerFields,
  segments: Type.Array(
    Type.Object({
      id: Type.Integer(),
      label: Type.String(),
      score: Score,
      box: Box,
      mask_png_base64: MaskPng,
    }),
  ),
});
export type InstanceSegmentationResult = Static<typeof InstanceSegmentationResult>;

export const PanopticSegmentationResult = Type.Object({
  ...commonAnswerFields,
  segments: Type.Array(
    Type.Object({
      id: Type.Integer(),
      label: Type.String(),
      score: Score,
      is_thing: Type.Boolean({
        description: 'True for countable objects, false for regions (sky, road).',
      }),
      mask_png_base64: MaskPng,
    }),
  ),
});
export type PanopticSegmentationResult = Static<typeof PanopticSegmentationResult>;

// ------------------------------------------------------------- Deployments

export interface DeploymentSpec<P extends TSchema = TSchema, R extends TSchema = TSchema> {
  task: string;
  sub: string | null;
  /** Path on the services host and in the docs, without a leading slash. */
  path: string;
  name: string;
  model: string;
  params: P;
  result: R;
}

interface DeploymentSchemas {
  model: string;
  params: TSchema;
  result: TSchema;
}

/**
 * What each public deployment of the catalogue (contract/catalogue.ts) takes and answers. Keyed by
 * the catalogue's paths: a deployment made public there fails `tsc` until it has its schemas here.
 */
const DEPLOYMENT_SCHEMAS = {
  'object-detection': {
    model: 'sandbox-detector-v1',
    params: ObjectDetectionParams,
    result: DetectionResult,
  },
  'depth-estimation': {
    model: 'sandbox-depth-v1',
    params: DepthEstimationParams,
    result: DepthResult,
  },
  'image-classification': {
    model: 'sandbox-classifier-v1',
    params: ImageClassificationParams,
    result: ClassificationResult,
  },
  'zero-shot-image-classification': {
    model: 'sandbox-zero-shot-classifier-v1',
    params: ZeroShotImageClassificationParams,
    result: ClassificationResult,
  },
  'zero-shot-object-detection': {
    model: 'sandbox-zero-shot-detector-v1',
    params: ZeroShotObjectDetectionParams,
    result: DetectionResult,
  },
  'image-segmentation/semantic': {
    model: 'sandbox-semantic-segmenter-v1',
    params: SemanticSegmentationParams,
    result: SemanticSegmentationResult,
  },
  'image-segmentation/instance': {
    model: 'sandbox-instance-segmenter-v1',
    params: InstanceSegmentationParams,
    result: InstanceSegmentationResult,
  },
  'image-segmentation/panoptic': {
    model: 'sandbox-panoptic-segmenter-v1',
    params: PanopticSegmentationParams,
    result: PanopticSegmentationResult,
  },
} satisfies Record<DeploymentPath, DeploymentSchemas>;

type Schemas = typeof DEPLOYMENT_SCHEMAS;

export type PublicDeployments = {
  [P in DeploymentPath]: DeploymentSpec<Schemas[P]['params'], Schemas[P]['result']>;
};

/** The public deployments: the catalogue's entries with their schemas, in the API's order. */
export const PUBLIC_DEPLOYMENTS = Object.fromEntries(
  API_ORDER.map((entry) => [
    entry.slug,
    {
      task: entry.task,
      sub: entry.sub,
      path: entry.slug,
      name: entry.title,
      ...DEPLOYMENT_SCHEMAS[entry.slug],
    },
  ]),
) as PublicDeployments;

export type { DeploymentPath };
export const DEPLOYMENT_PATHS: DeploymentPath[] = API_ORDER.map((entry) => entry.slug);

/** Parameters of a deployment, e.g. `DeploymentParams<'object-detection'>`. */
export type DeploymentParams<P extends DeploymentPath> = Static<
  (typeof PUBLIC_DEPLOYMENTS)[P]['params']
>;
/** The 200 answer of a deployment, e.g. `DeploymentResult<'depth-estimation'>`. */
export type DeploymentResult<P extends DeploymentPath> = Static<
  (typeof PUBLIC_DEPLOYMENTS)[P]['result']
>;

/** Listed on the site as coming soon (from the catalogue); the services host answers 404 for them. */
export const COMING_SOON_DEPLOYMENTS: ReadonlyArray<{ task: string; name: string }> =
  COMING_SOON_CATALOGUE.map((entry) => ({ task: entry.task, name: entry.title }));

/**
 * JSON body accepted by every deployment: the image plus that deployment's
 * parameters. Multipart bodies carry the same fields, the image as a file
 * part named `image`.
 */
export const ImageJsonBody = Type.Object({
  image: Type.Optional(
    Type.String({
      description:
        'The image as base64 or a data URL (`data:image/png;base64,...`). JPEG, PNG or WebP, at most 10 MB. Send `image` or `image_url`, not both.',
    }),
  ),
  image_url: Type.Optional(
    Type.String({
      maxLength: MAX_IMAGE_URL_LENGTH,
      description:
        'Instead of `image`: a public http(s) URL of the image, fetched by the services host (at most 3 redirects, 10 s, the same 10 MB and type limits). Addresses that are not public are refused; nothing is charged when the fetch fails (`image_url_refused`, `image_url_unreachable`).',
    }),
  ),
  images: Type.Optional(
    Type.Array(
      Type.Object({
        image: Type.Optional(Type.String({ description: 'As `image`.' })),
        image_url: Type.Optional(
          Type.String({ maxLength: MAX_IMAGE_URL_LENGTH, description: 'As `image_url`.' }),
        ),
      }),
      {
        minItems: 1,
        maxItems: MAX_BATCH_IMAGES,
        description:
          'Instead of `image`/`image_url`: a batch of up to 16 images (each `{image}` or `{image_url}`), with the parameters beside it shared. The answer is `{"object": "batch", "results": [...], "usage"}`: one result per image in the same order, each `{index, status: 200, result}` with its own `usage`, or `{index, status, error}`. Each image is charged only when it answered; the whole call is idempotent under one `Idempotency-Key`. The whole body stays within the upload limit: give large images by URL. With `Prefer: respond-async` the batch is one job: every image\'s price is held when it is accepted, and the job\'s `result` is this answer.',
      },
    ),
  ),
});

export type ImageJsonBody = Static<typeof ImageJsonBody>;

/** One image of a batch that did not answer: nothing was charged for it. */
export const BatchItemError = Type.Object(
  {
    index: Type.Integer({ minimum: 0, maximum: MAX_BATCH_IMAGES - 1 }),
    status: Type.Integer({
      minimum: 400,
      maximum: 599,
      description: 'The status this image alone would have answered, e.g. 415 or 502.',
    }),
    error: Type.Object({
      error_message: Type.String({
        description: 'What went wrong with this image, for people: branch on `code`.',
      }),
      code: Type.Unsafe<ErrorCode>({
        type: 'string',
        enum: ERROR_CODE_LIST,
        description:
          'A stable error code (see the errors reference), e.g. `image_url_unreachable`.',
      }),
      details: Type.Optional(Type.Object({}, { additionalProperties: true })),
      retry_after: Type.Optional(
        Type.Integer({
          minimum: 0,
          description: 'Seconds after which this image may succeed when sent again.',
        }),
      ),
    }),
  },
  { description: 'An image that did not answer. Nothing was charged for it.' },
);
export type BatchItemError = Static<typeof BatchItemError>;

/**
 * The answer of a batch (`images`): one result per image in the same order, each the
 * deployment's answer (`result`, with its own `usage`) or an error, and the batch's totals.
 */
export function batchAnswerSchema<R extends TSchema>(result: R, title?: string) {
  return Type.Object(
    {
      object: Type.Literal('batch'),
      results: Type.Array(
        Type.Union([
          Type.Object(
            {
              index: Type.Integer({ minimum: 0, maximum: MAX_BATCH_IMAGES - 1 }),
              status: Type.Literal(200),
              result,
            },
            { description: "An image that answered: the deployment's answer, with its `usage`." },
          ),
          BatchItemError,
        ]),
        {
          minItems: 1,
          maxItems: MAX_BATCH_IMAGES,
          description: 'One result per image, in the order of `images`.',
        },
      ),
      usage: Type.Object(
        {
          cost_usd: Type.Number({
            minimum: 0,
            description: 'Charged for the whole batch: the images that answered (USD).',
          }),
          remaining_credits: UsdAmount,
          charged_images: Type.Integer({
            minimum: 0,
            maximum: MAX_BATCH_IMAGES,
            description: 'How many images were charged (0 for a test key).',
          }),
        },
        { description: 'The totals of the batch.' },
      ),
    },
    {
      ...(title ? { title } : {}),
      description:
        'The answer of a batch (`images`). A batch none of whose images answered still answers this (every result an error, nothing charged).',
    },
  );
}

/** A batch's answer with each image's answer as any deployment's (a job's `result`). */
export const BatchAnswer = batchAnswerSchema(
  Type.Object({}, { additionalProperties: true }),
  'BatchAnswer',
);
export type BatchAnswer = Static<typeof BatchAnswer>;

/**
 * The 200 answer of a deployment call: one image's answer, or a batch's (`images`) whose items
 * are that deployment's answers.
 */
export function deploymentAnswerSchema(result: TSchema) {
  return Type.Union([result, batchAnswerSchema(result)], {
    description:
      'The deployment\'s answer for `image` or `image_url`; for `images`, the batch answer (`object: "batch"`).',
  });
}

/** `image-segmentation/semantic` → `imageSegmentationSemantic`: a deployment call's operationId. */
export function deploymentOperationId(path: string): string {
  return path.replace(/[-/](\w)/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The error codes a deployment call may answer (contract/errors.ts). Nothing is charged for any
 * of them.
 */
export const DEPLOYMENT_ERRORS = [
  'invalid_request',
  'invalid_image',
  'image_url_refused',
  'image_url_unreachable',
  'invalid_api_key',
  'insufficient_credits',
  'key_restricted',
  'key_paused',
  'key_cap_reached',
  'member_limit_reached',
  'unknown_deployment',
  'idempotency_in_progress',
  'idempotency_superseded',
  'answer_not_kept',
  'payload_too_large',
  'pixel_limit_exceeded',
  'unsupported_media_type',
  'idempotency_key_reused',
  'rate_limited',
  'job_queue_full',
  'internal_error',
  'upstream_failed',
  'service_unavailable',
  'upstream_busy',
  'upstream_timeout',
] as const satisfies readonly ErrorCode[];

// ---------------------------------------------------------------------------------------------
// Async jobs (issue 35): a deployment call sent with `Prefer: respond-async` answers 202 with a job.

/** A job's states: queued → running → succeeded | failed | canceled. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** A finished job's result (or error) is kept this long, then deleted. */
export const JOB_RETENTION_HOURS = 24;
/** Queued jobs an organization may have at once by default (`JOBS_QUEUED_CAP`). */
export const JOB_QUEUED_CAP = 1_000;
/** Longest job id the services host reads (a job id is `job_` + 24 hex characters). */
export const MAX_JOB_ID_LENGTH = 64;
/** The `Prefer` token that asks for a job. */
export const RESPOND_ASYNC = 'respond-async';

const NullableDateTime = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

export const Job = Type.Object(
  {
    object: Type.Literal('job'),
    id: Type.String({
      description: 'The job id: `job_` and 24 hex characters.',
      examples: ['job_4f1c2d9e8a7b6c5d4e3f2a1b'],
    }),
    status: Type.Union(
      [
        Type.Literal('queued'),
        Type.Literal('running'),
        Type.Literal('succeeded'),
        Type.Literal('failed'),
        Type.Literal('canceled'),
      ],
      {
        description:
          '`queued` → `running` → `succeeded` | `failed` | `canceled`. Only `succeeded` is charged.',
      },
    ),
    deployment: Type.String({ description: 'The deployment called, e.g. `image-classification`.' }),
    price_usd: Type.Number({
      minimum: 0,
      description:
        "The price held from the wallet when the job was accepted (USD; 0 for a test key); for a batch, the sum of its images' prices. Charged once if the job succeeds (for a batch, only the images that answered); released in full if it fails or is canceled.",
    }),
    created_at: Type.String({ format: 'date-time' }),
    started_at: NullableDateTime('When a worker first started it; null while queued.'),
    finished_at: NullableDateTime('When it succeeded, failed or was canceled; null before.'),
    expires_at: NullableDateTime(
      'When its result (or error) is deleted: 24 hours after it finished. Null until it has finished. After that `GET /jobs/{id}` answers 410 `job_expired`.',
    ),
    retention_hours: Type.Literal(JOB_RETENTION_HOURS, {
      description: 'How long a finished job keeps its result: 24 hours.',
    }),
    result: Type.Union(
      [BatchAnswer, Type.Object({}, { additionalProperties: true }), Type.Null()],
      {
        description:
          "Once `succeeded`: the answer exactly as the synchronous call's 200. For one image the deployment's answer (with its `usage`); for a batch (`images`) the batch answer (`object: \"batch\"`, `results` in order, each image's answer or error, and the totals). Null otherwise.",
      },
    ),
    error: Type.Union(
      [
        Type.Object({
          code: Type.String({
            description:
              'An error code of the deployment call (e.g. `upstream_failed`, `image_url_refused`), `job_interrupted` (its runs were interrupted 3 times) or `job_timed_out` (not finished within 24 hours).',
          }),
          message: Type.String(),
        }),
        Type.Null(),
      ],
      { description: 'Why it failed, once `failed`; null otherwise. Nothing was charged.' },
    ),
  },
  { title: 'Job' },
);
export type Job = Static<typeof Job>;

/** The error codes `GET /jobs/{id}` and `POST /jobs/{id}/cancel` may answer. */
export const JOB_ERRORS = [
  'invalid_request',
  'invalid_api_key',
  'key_restricted',
  'not_found',
  'job_finished',
  'job_expired',
  'uri_too_long',
  'rate_limited',
  'internal_error',
  'service_unavailable',
] as const satisfies readonly ErrorCode[];
