/**
 * Events (issue 35): what happened in an organization, as its webhook endpoints receive it, read
 * back as a list (`GET /events`), one by one (`GET /events/{event_id}`), or live as Server-Sent
 * Events (`GET /events/stream`, what `visionapi listen` forwards to a developer's machine). Plain
 * data and TypeBox schemas: the site, the server, the SDKs and the documents read it.
 */
import { Type, type Static } from 'typebox';
import { DATE_RANGE, IsoDateTime, NextCursor, PageCursor } from './common';
import { WEBHOOK_EVENT_TYPES } from './webhooks';

/** Every event type: the ones endpoints subscribe to, and `test` ("Send test event"). */
export const EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, 'test'] as const;
export type EventTypeName = (typeof EVENT_TYPES)[number];

/** Events (and the webhook deliveries of each) are kept this many days, then deleted. */
export const EVENT_RETENTION_DAYS = 30;
/** Events one page of `GET /events` holds at most (default 20). */
export const MAX_EVENTS_PAGE = 100;
/** Streams one organization may hold open at once (per API process); 429 beyond. */
export const MAX_EVENT_STREAMS_PER_ORGANIZATION = 5;
/** A stream sends a comment this often, so proxies keep an idle one open. */
export const EVENT_STREAM_HEARTBEAT_SECONDS = 15;
/** How often a stream's credentials are checked again (a deleted key or a removed member). */
export const EVENT_STREAM_RECHECK_SECONDS = 30;
/** A resumed stream resends at most this many missed events, of at most this many hours. */
export const EVENT_STREAM_CATCH_UP_EVENTS = 1_000;
export const EVENT_STREAM_CATCH_UP_HOURS = 24;

/** `evt_` + 24 lowercase hex characters (migration 0020's vapi_publish_event). */
export const EVENT_ID_PATTERN = '^evt_[0-9a-f]{24}$';

const eventId = (description?: string) =>
  Type.String({
    pattern: EVENT_ID_PATTERN,
    minLength: 28,
    maxLength: 28,
    'x-error-message': 'must be an event id (evt_ and 24 hex characters)',
    examples: ['evt_3f9c0a1b2c3d4e5f60718293'],
    ...(description ? { description } : {}),
  });

const EventTypeSchema = Type.Union(
  [
    Type.Literal('job.succeeded'),
    Type.Literal('job.failed'),
    Type.Literal('balance.low'),
    Type.Literal('key.paused'),
    Type.Literal('payment.succeeded'),
    Type.Literal('test'),
  ],
  { description: EVENT_TYPES.join(', ') },
);

export const Event = Type.Object({
  id: Type.String({
    description: 'The event id; webhook deliveries carry it as `webhook-id`.',
    examples: ['evt_3f9c0a1b2c3d4e5f60718293'],
  }),
  type: EventTypeSchema,
  created_at: IsoDateTime,
  data: Type.Record(Type.String(), Type.Unknown(), {
    description: 'What the event announces; the fields of each type are listed in the docs.',
  }),
});
export type Event = Static<typeof Event>;

export const EventPage = Type.Object({
  events: Type.Array(Event, { description: 'Newest first.' }),
  has_more: Type.Boolean({ description: 'Whether older events match.' }),
  next_cursor: NextCursor,
});
export type EventPage = Static<typeof EventPage>;

export const EventsQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_EVENTS_PAGE, default: 20 })),
    cursor: Type.Optional(PageCursor),
    starting_after: Type.Optional(
      eventId(
        'An event id: the events older than it (the last event of the previous page), newest first.',
      ),
    ),
    type: Type.Optional(EventTypeSchema),
    created_after: Type.Optional(
      Type.String({
        format: 'bounded-date-time',
        maxLength: 40,
        description: `Only events created after this instant (ISO 8601, ${DATE_RANGE.min.slice(0, 4)} to ${DATE_RANGE.max.slice(0, 4)}).`,
        'x-error-message': `must be an ISO 8601 date-time between ${DATE_RANGE.min.slice(0, 4)} and ${DATE_RANGE.max.slice(0, 4)}`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type EventsQuery = Static<typeof EventsQuery>;

export const EventParams = Type.Object({ event_id: eventId() });
export type EventParams = Static<typeof EventParams>;

export const EventStreamQuery = Type.Object(
  {
    types: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        pattern: '^[a-z.]+(,[a-z.]+)*$',
        description: `The event types to send, separated by commas (${EVENT_TYPES.join(', ')}); every type when left out.`,
        examples: ['job.succeeded,job.failed'],
      }),
    ),
    after: Type.Optional(
      eventId(
        'Resume after this event (what the `Last-Event-ID` header does; the header wins when both are sent).',
      ),
    ),
  },
  { additionalProperties: false },
);
export type EventStreamQuery = Static<typeof EventStreamQuery>;

export const EventStreamHeaders = Type.Object({
  'last-event-id': Type.Optional(
    eventId(
      'The `id` of the last event received: the stream first resends the ones after it (at most ' +
        `${EVENT_STREAM_CATCH_UP_EVENTS}, of the last ${EVENT_STREAM_CATCH_UP_HOURS} hours).`,
    ),
  ),
});
export type EventStreamHeaders = Static<typeof EventStreamHeaders>;

export const EVENT_STREAM_DESCRIPTION =
  'A Server-Sent Events stream (`text/event-stream`) of the events of the organization as they ' +
  'happen. Each event is sent as `id: evt_…`, `event: <type>` and `data: <the JSON body a ' +
  'webhook delivery carries>`; a comment (`: keep-alive`) is sent every ' +
  `${EVENT_STREAM_HEARTBEAT_SECONDS} seconds. Reconnect with \`Last-Event-ID\` (or \`?after=\`) ` +
  'to get the events after that one first: at most ' +
  `${EVENT_STREAM_CATCH_UP_EVENTS}, of the last ${EVENT_STREAM_CATCH_UP_HOURS} hours, else 410 ` +
  '`gone` (read them with `GET /events`, then reconnect without it). At most ' +
  `${MAX_EVENT_STREAMS_PER_ORGANIZATION} streams per organization are open at once on one API ` +
  'server (429 with `Retry-After` beyond). The credentials are checked again every ' +
  `${EVENT_STREAM_RECHECK_SECONDS} seconds: the stream ends when the admin key is deleted or ` +
  'the member removed. Events are kept ' +
  `${EVENT_RETENTION_DAYS} days. \`visionapi listen --forward-to <url>\` forwards this stream ` +
  'to a local endpoint, signed like a webhook delivery.';

export const EventStreamResponse = Type.String({
  description:
    'Server-Sent Events: `id: evt_…`, `event: job.succeeded`, `data: {"type":…,"timestamp":…,"data":{…}}`, a blank line.',
});
