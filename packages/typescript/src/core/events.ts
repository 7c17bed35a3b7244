/**
 * The organization's events (`client.events`): listed and read one by one through the generated
 * operations, and streamed live from `GET /v1/events/stream` (Server-Sent Events) as an async
 * iterator that reconnects by itself:
 *
 *   for await (const event of client.events.stream({ types: ['job.succeeded'] })) …
 *
 * A dropped or silent connection (no byte for `idleTimeout`; the server sends a comment every
 * 15 s) is reopened with backoff and `Last-Event-ID`, so the server first resends what was
 * missed; an id already yielded is never yielded again. Errors a retry cannot fix (401, 403, a
 * bad request) end the iteration by throwing; 429 and 5xx wait (`Retry-After`) and retry.
 */
import type * as T from '../generated/contract.js';
import type { AccountResource } from '../generated/resources.js';
import type { APIPromise } from './api-promise.js';
import { APIConnectionError, APIError, VisionAPIError } from './errors.js';
import { errorFromAnswer } from './http.js';
import { backoffMs, isRetryableAnswer, retryAfterMs, sleep } from './retry.js';
import type { CallOptions } from './types.js';
import type { WebhookEvent } from './webhooks.js';

export type EventType = T.GetEventResponse['type'];

/** Every event type, in the contract's order. */
export const EVENT_TYPES: readonly EventType[] = [
  'job.succeeded',
  'job.failed',
  'balance.low',
  'key.paused',
  'payment.succeeded',
  'test',
];

/** One event of the stream. */
export interface StreamedEvent<D = Record<string, unknown>> {
  /** `evt_…`: what a webhook delivery of it carries as `webhook-id`. */
  id: string;
  type: EventType;
  /** The JSON body a webhook delivery of it carries, byte for byte (forward it as it is). */
  body: string;
  /** The body, parsed: `type`, `timestamp` and `data`. */
  event: WebhookEvent<D>;
}

export interface EventStreamOptions {
  /** Only these types (default: every type). */
  types?: readonly EventType[];
  /** Resume after this event id: the events after it are sent first. */
  after?: string;
  /** Ends the iteration (it returns; nothing is thrown). */
  signal?: AbortSignal;
  /** A connection with no byte for this long is reopened (ms; default 45000, 3 heartbeats). */
  idleTimeout?: number;
  /** Backoff between reconnections (ms; default 500 doubling to 30000). */
  initialRetryDelay?: number;
  maxRetryDelay?: number;
  /** Called on each (re)connection, with the id it resumes after. */
  onConnect?: (info: { after: string | null; attempt: number }) => void;
  /** Called when a connection is lost, before waiting `delayMs` to reconnect. */
  onDisconnect?: (info: { error: Error; delayMs: number }) => void;
  /**
   * The server cannot resume after the last id (404: the event is gone; 410: too much was
   * missed, read it with `events.list`). Return true to go on from now (what `visionapi listen`
   * does, saying so); by default the error is thrown.
   */
  onResumeRefused?: (error: APIError) => boolean;
}

/** What the client gives the stream: an open `GET /v1/events/stream` answer. */
export type EventStreamConnect = (
  query: URLSearchParams,
  lastEventId: string | null,
  signal: AbortSignal,
) => Promise<Response>;

/** Longest frame the stream accepts (an event's body is far smaller). */
const MAX_FRAME_CHARS = 1024 * 1024;
/** Ids remembered to skip a resent event. */
const REMEMBERED_IDS = 4_096;
const EVENT_ID = /^evt_[0-9a-f]{24}$/;

interface Frame {
  id: string | null;
  event: string | null;
  data: string | null;
}

/** Splits Server-Sent Events text into frames (https://html.spec.whatwg.org/#event-stream-interpretation). */
export class SseParser {
  #buffer = '';
  #data: string[] = [];
  #id: string | null = null;
  #event: string | null = null;
  #size = 0;

  /** Feeds text; returns the frames it completed. */
  push(text: string): Frame[] {
    this.#buffer += text;
    const frames: Frame[] = [];
    for (;;) {
      let end = -1;
      let width = 1;
      for (let i = 0; i < this.#buffer.length; i++) {
        const c = this.#buffer[i];
        if (c === '\n') {
          end = i;
          break;
        }
        if (c === '\r') {
          // A lone \r at the end may be the first half of \r\n: wait for more.
          if (i === this.#buffer.length - 1) break;
          end = i;
          width = this.#buffer[i + 1] === '\n' ? 2 : 1;
          break;
        }
      }
      if (end < 0) break;
      const line = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + width);
      const frame = this.#line(line);
      if (frame) frames.push(frame);
    }
    if (this.#buffer.length + this.#size > MAX_FRAME_CHARS)
      throw new VisionAPIError('An event stream frame is larger than 1 MiB.');
    return frames;
  }

  #line(line: string): Frame | null {
    if (line === '') {
      const frame =
        this.#data.length > 0
          ? { id: this.#id, event: this.#event, data: this.#data.join('\n') }
          : null;
      this.#data = [];
      this.#event = null;
      this.#id = null;
      this.#size = 0;
      return frame;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.#size += value.length;
    if (field === 'data') this.#data.push(value);
    else if (field === 'event') this.#event = value;
    else if (field === 'id' && !value.includes('\0')) this.#id = value;
    return null;
  }
}

/** Reads one connection's frames; ends when the server closes it or it goes silent. */
async function* frames(
  response: Response,
  idleTimeout: number,
  abort: () => void,
): AsyncGenerator<Frame> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  let idle: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(abort, idleTimeout);
  };
  try {
    arm();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      arm();
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    clearTimeout(idle);
    reader.cancel().catch(() => undefined);
  }
}

function parseEvent<D>(frame: Frame): StreamedEvent<D> | null {
  if (!frame.id || !EVENT_ID.test(frame.id) || frame.data === null) return null;
  let event: WebhookEvent<D>;
  try {
    event = JSON.parse(frame.data) as WebhookEvent<D>;
  } catch {
    return null;
  }
  const type = (frame.event ?? event.type) as EventType;
  return { id: frame.id, type, body: frame.data, event };
}

/** The stream: connections, reconnections and deduplication (see the file's comment). */
export async function* streamEvents<D = Record<string, unknown>>(
  connect: EventStreamConnect,
  options: EventStreamOptions = {},
): AsyncGenerator<StreamedEvent<D>, void, undefined> {
  const types = options.types ? [...new Set(options.types)] : null;
  for (const type of types ?? [])
    if (!EVENT_TYPES.includes(type))
      throw new VisionAPIError(`"${String(type).slice(0, 40)}" is not an event type.`);
  if (options.after !== undefined && !EVENT_ID.test(options.after))
    throw new VisionAPIError('`after` is an event id (evt_ and 24 hex characters).');
  const idleTimeout = options.idleTimeout ?? 45_000;
  const backoff = {
    initialRetryDelay: options.initialRetryDelay ?? 500,
    maxRetryDelay: options.maxRetryDelay ?? 30_000,
  };
  const outer = options.signal;
  let lastId: string | null = options.after ?? null;
  const yielded = new Set<string>();
  let failures = 0;
  let attempt = 0;

  const wait = async (error: Error, delayMs: number): Promise<boolean> => {
    options.onDisconnect?.({ error, delayMs });
    try {
      await sleep(delayMs, outer);
      return true;
    } catch {
      return false;
    }
  };

  while (!outer?.aborted) {
    const controller = new AbortController();
    const onAbort = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', onAbort, { once: true });
    const query = new URLSearchParams();
    if (types) query.set('types', types.join(','));
    try {
      let response: Response;
      try {
        response = await connect(query, lastId, controller.signal);
      } catch (error) {
        if (outer?.aborted) return;
        if (error instanceof VisionAPIError && !(error instanceof APIConnectionError)) throw error;
        const lost = new APIConnectionError(
          `Could not reach the event stream: ${(error as Error).message}`,
          1,
          { cause: error },
        );
        if (!(await wait(lost, backoffMs(failures++, backoff)))) return;
        continue;
      }
      if (!response.ok) {
        const text = (await response.text().catch(() => '')).slice(0, 64 * 1024);
        const error = errorFromAnswer(response, text, attempt + 1);
        if ((response.status === 404 || response.status === 410) && lastId !== null) {
          if (options.onResumeRefused?.(error)) {
            lastId = null;
            continue;
          }
          throw error;
        }
        if (!isRetryableAnswer(response.status, error.code, response.headers)) throw error;
        const delay = retryAfterMs(response.headers) ?? backoffMs(failures++, backoff);
        if (!(await wait(error, delay))) return;
        continue;
      }
      options.onConnect?.({ after: lastId, attempt: attempt++ });
      let received = false;
      for await (const frame of frames(response, idleTimeout, () => controller.abort())) {
        received = true;
        const event = parseEvent<D>(frame);
        if (!event || yielded.has(event.id)) continue;
        yielded.add(event.id);
        if (yielded.size > REMEMBERED_IDS) yielded.delete(yielded.values().next().value as string);
        lastId = event.id;
        yield event;
        if (outer?.aborted) return;
      }
      if (outer?.aborted) return;
      // The server ended it (a restart, a deploy): reconnect soon, resuming.
      if (received) failures = 0;
      const ended = new APIConnectionError('The event stream ended.', 1);
      if (!(await wait(ended, backoffMs(failures++, backoff)))) return;
    } catch (error) {
      if (outer?.aborted) return;
      if (error instanceof APIError || !(error instanceof Error)) throw error;
      if (error instanceof VisionAPIError && !(error instanceof APIConnectionError)) throw error;
      const lost =
        error instanceof APIConnectionError
          ? error
          : new APIConnectionError(`The event stream was cut: ${error.message}`, 1, {
              cause: error,
            });
      if (!(await wait(lost, backoffMs(failures++, backoff)))) return;
    } finally {
      outer?.removeEventListener('abort', onAbort);
      controller.abort();
    }
  }
}

/** `client.events`: list and get (the generated operations) and the live stream. */
export class EventsResource {
  constructor(
    private readonly account: AccountResource,
    private readonly connect: EventStreamConnect,
  ) {}

  /** Events of the organization, newest first (`GET /v1/events`). */
  list(request?: T.ListEventsRequest, options?: CallOptions): APIPromise<T.ListEventsResponse> {
    return this.account.listEvents(request, options);
  }

  /** One event (`GET /v1/events/{event_id}`). */
  get(eventId: string, options?: CallOptions): APIPromise<T.GetEventResponse> {
    return this.account.getEvent({ event_id: eventId }, options);
  }

  /** The organization's events as they happen (`GET /v1/events/stream`), reconnecting by itself. */
  stream<D = Record<string, unknown>>(
    options?: EventStreamOptions,
  ): AsyncGenerator<StreamedEvent<D>, void, undefined> {
    return streamEvents<D>(this.connect, options);
  }
}
