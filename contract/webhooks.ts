/**
 * Webhooks (issue 35): an organization's endpoints, the events they subscribe to, and the log of
 * every delivery attempt. Deliveries are signed with the Standard Webhooks scheme
 * (https://www.standardwebhooks.com): `webhook-id` (the event's id, the same on every retry),
 * `webhook-timestamp` (unix seconds of the attempt) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the base64-decoded part of the
 * endpoint's `whsec_…` secret). Plain data and TypeBox schemas: the site, the server, the SDKs and
 * the documents read it.
 */
import { Type, type Static } from 'typebox';
import { IsoDateTime, NextCursor, Nullable, PageCursor, SingleLineText } from './common';

/** The events an endpoint may subscribe to. `test` is sent only by "Send test event". */
export const WEBHOOK_EVENT_TYPES = [
  'job.succeeded',
  'job.failed',
  'balance.low',
  'key.paused',
  'payment.succeeded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event announces, as the settings page and the docs say it. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'job.succeeded': 'An async job finished; its result is ready.',
  'job.failed': 'An async job failed; its held price went back to the wallet.',
  'balance.low': 'The balance fell below the low-balance alert threshold.',
  'key.paused': 'The leak breaker paused an API key after a spend spike.',
  'payment.succeeded': 'A payment succeeded and its credits reached the wallet.',
};

/** Endpoints one organization may have. */
export const MAX_WEBHOOK_ENDPOINTS = 16;
export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 256;
/** Bytes of a receiver's answer the log keeps. */
export const WEBHOOK_EXCERPT_BYTES = 1024;
/** A receiver must answer within this many seconds, or the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** How long the previous secret still signs after a rotation (hours). */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;
/** Skew a receiver should accept on `webhook-timestamp` (seconds; what the SDKs' `unwrap` allow). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/**
 * When each retry is made, in seconds after the first attempt: 5 s, 1 min, 5 min, 30 min, 2 h,
 * 6 h, 12 h, 24 h, 48 h, 72 h. Eleven attempts in all; when the last one fails, the endpoint is
 * disabled and the organization's owner is e-mailed.
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [
  5, 60, 300, 1_800, 7_200, 21_600, 43_200, 86_400, 172_800, 259_200,
] as const;
/** Deliveries (and their attempts) are kept this many days. */
export const WEBHOOK_RETENTION_DAYS = 30;
/** Attempts of one delivery (scheduled and replays together). */
export const MAX_WEBHOOK_ATTEMPTS = 50;

// Listed one by one so the static type is the union of the literals.
const EventTypeSchema = Type.Union(
  [
    Type.Literal('job.succeeded'),
    Type.Literal('job.failed'),
    Type.Literal('balance.low'),
    Type.Literal('key.paused'),
    Type.Literal('payment.succeeded'),
  ],
  { description: WEBHOOK_EVENT_TYPES.join(', ') },
);

const UrlField = SingleLineText({
  minLength: 1,
  maxLength: MAX_WEBHOOK_URL_LENGTH,
  description:
    'https URL that receives the events (http only in local mode). It must resolve to a public ' +
    'address; private, loopback, link-local and metadata addresses are refused.',
  examples: ['https://example.com/webhooks/visionapi'],
});
const EventsField = Type.Array(EventTypeSchema, {
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
  uniqueItems: true,
  description: 'The events to send to it.',
});
const DescriptionField = SingleLineText({
  maxLength: MAX_WEBHOOK_DESCRIPTION_LENGTH,
  description: 'A note for your team.',
});

export const WebhookEndpoint = Type.Object({
  id: Type.String({ examples: ['we_3k9f0c1d2e4a5b6c7d8e9f0a'] }),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(EventTypeSchema),
  enabled: Type.Boolean(),
  disabled_reason: Nullable(
    Type.Union([Type.Literal('manual'), Type.Literal('failing')], {
      description:
        '`manual`: a member disabled it; `failing`: a delivery failed for the whole retry schedule.',
    }),
  ),
  disabled_at: Nullable(IsoDateTime),
  secret_redacted: Type.String({ examples: ['whsec_…Q2bE'] }),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

export const WebhookEndpointWithSecret = Type.Intersect(
  [
    WebhookEndpoint,
    Type.Object({
      secret: Type.String({
        description: 'The signing secret (`whsec_…`), shown this once.',
      }),
    }),
  ],
  { title: 'WebhookEndpointWithSecret' },
);
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecret>;

export const WebhookEndpointList = Type.Object({
  webhooks: Type.Array(WebhookEndpoint),
  max_endpoints: Type.Integer({ description: 'Endpoints the organization may have.' }),
});
export type WebhookEndpointList = Static<typeof WebhookEndpointList>;

export const CreateWebhookBody = Type.Object(
  { url: UrlField, events: EventsField, description: Type.Optional(DescriptionField) },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(UrlField),
    events: Type.Optional(EventsField),
    description: Type.Optional(DescriptionField),
    enabled: Type.Optional(
      Type.Boolean({
        description: 'false disables it (nothing is sent); true enables it again.',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

export const WebhookParams = Type.Object({
  webhook_id: SingleLineText({ minLength: 1, maxLength: 64 }),
});
export type WebhookParams = Static<typeof WebhookParams>;

export const WebhookDeliveryParams = Type.Object({
  delivery_id: SingleLineText({ minLength: 1, maxLength: 64 }),
});
export type WebhookDeliveryParams = Static<typeof WebhookDeliveryParams>;

export const RotateWebhookSecretBody = Type.Object(
  {
    expire_previous_in_hours: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: WEBHOOK_PREVIOUS_SECRET_HOURS,
        default: WEBHOOK_PREVIOUS_SECRET_HOURS,
        description:
          'How long deliveries are also signed with the previous secret (a second `v1,` ' +
          'signature), so receivers can switch without losing any; 0 stops it at once.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RotateWebhookSecretBody = Static<typeof RotateWebhookSecretBody>;

export const DeletedWebhook = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });

export const WebhookAttempt = Type.Object({
  at: IsoDateTime,
  trigger: Type.Union([Type.Literal('scheduled'), Type.Literal('replay'), Type.Literal('test')]),
  status_code: Nullable(Type.Integer({ description: "The receiver's HTTP status." })),
  error: Nullable(
    Type.String({ description: 'Why no answer came: timeout, refused address, unreachable.' }),
  ),
  duration_ms: Type.Integer({ minimum: 0 }),
  response_excerpt: Type.String({
    description: `At most ${WEBHOOK_EXCERPT_BYTES} bytes of the answer, control characters removed.`,
  }),
});
export type WebhookAttempt = Static<typeof WebhookAttempt>;

export const WebhookDelivery = Type.Object({
  id: Type.String({ examples: ['whd_Zk3q9x0aB1c2D3e4F5g6H7i8'] }),
  webhook_id: Type.String(),
  event_id: Type.String({ description: 'Sent as `webhook-id`, the same on every attempt.' }),
  event_type: Type.Union([EventTypeSchema, Type.Literal('test')]),
  status: Type.Union(
    [
      Type.Literal('pending'),
      Type.Literal('delivering'),
      Type.Literal('succeeded'),
      Type.Literal('failed'),
    ],
    {
      description:
        '`pending`: the next attempt is due at `next_attempt_at`; `succeeded`: a 2xx answer; ' +
        '`failed`: every attempt of the schedule failed.',
    },
  ),
  attempts_count: Type.Integer({ minimum: 0 }),
  next_attempt_at: Nullable(IsoDateTime),
  created_at: IsoDateTime,
  attempts: Type.Array(WebhookAttempt, { description: 'The latest 20 attempts, newest first.' }),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveriesQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  cursor: Type.Optional(PageCursor),
});
export type WebhookDeliveriesQuery = Static<typeof WebhookDeliveriesQuery>;

export const WebhookDeliveryPage = Type.Object({
  deliveries: Type.Array(WebhookDelivery),
  next_cursor: NextCursor,
});
export type WebhookDeliveryPage = Static<typeof WebhookDeliveryPage>;
