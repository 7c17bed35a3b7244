/**
 * `visionapi listen --forward-to <url>`: the organization's events on a developer's machine,
 * without a public URL (as `stripe listen` does). It reads the live event stream with the admin
 * key (`client.events.stream()`, which reconnects with Last-Event-ID and never yields an event
 * twice) and POSTs each event to the local URL exactly as a webhook delivery would arrive: the
 * same JSON body and the Standard Webhooks headers, signed with a secret made for this session,
 * so a handler that verifies with `unwrap()` works unchanged. One line per event: time, type,
 * id, and the local answer's status or the error.
 */
import type { VisionAPI } from './core/client.js';
import { SDK_VERSION } from './core/client.js';
import type { APIError } from './core/errors.js';
import { EVENT_TYPES, type EventType, type StreamedEvent } from './core/events.js';
import { generateWebhookSecret, signWebhook } from './core/webhooks.js';

/** What a webhook receiver gets to answer, and what `listen` gives a local one. */
export const FORWARD_TIMEOUT_MS = 10_000;
const MAX_URL_LENGTH = 2048;
/** Bytes of the local answer read (the rest is dropped). */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface ListenIO {
  /** Event lines (and, with --print-json, the events' JSON). */
  out: (text: string) => void;
  /** Status lines: ready, reconnecting. */
  status: (text: string) => void;
}

export interface ListenOptions {
  forwardTo: string;
  types?: readonly EventType[];
  printJson?: boolean;
  signal: AbortSignal;
  /** The session's secret (tests); a new one by default. */
  secret?: string;
  /** Reconnection backoff (tests make it short). */
  initialRetryDelay?: number;
  timeoutMs?: number;
}

export class ListenUsageError extends Error {}

/** The forward URL: http(s) only (loopback allowed: it is the developer's own machine). */
export function forwardUrl(raw: string): URL {
  if (raw.length > MAX_URL_LENGTH)
    throw new ListenUsageError(`--forward-to is longer than ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ListenUsageError(
      `--forward-to is not a URL (got "${raw.slice(0, 64)}"); for example http://localhost:4242/webhooks`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ListenUsageError('--forward-to must be an http or https URL.');
  if (url.username || url.password)
    throw new ListenUsageError('--forward-to may not carry a user name or password.');
  return url;
}

/** `job.succeeded,job.failed` → the types; a usage error for an unknown one. */
export function eventTypes(raw: string | undefined): EventType[] | undefined {
  if (raw === undefined) return undefined;
  const types = raw
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  if (types.length === 0) throw new ListenUsageError('--events lists at least one event type.');
  for (const type of types)
    if (!(EVENT_TYPES as readonly string[]).includes(type))
      throw new ListenUsageError(
        `"${type.slice(0, 40)}" is not an event type: one of ${EVENT_TYPES.join(', ')}.`,
      );
  return [...new Set(types)] as EventType[];
}

const clock = (date = new Date()) => date.toISOString().slice(0, 19).replace('T', ' ');

/** Control characters of a server's or a receiver's text are not written to the terminal. */
const printable = (text: string) =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, ' ');

/** POSTs one event as a webhook delivery; the status, or why there is none. Never throws. */
export async function forward(
  url: URL,
  secret: string,
  event: StreamedEvent,
  timeoutMs: number,
  outer?: AbortSignal,
): Promise<{ status: number | null; error: string | null }> {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = await signWebhook(secret, event.id, timestamp, event.body);
  const timeout = AbortSignal.timeout(timeoutMs);
  // AbortSignal.any is Node 20.3+; before it, ^C waits for the forward's timeout at most.
  const signal =
    outer && typeof AbortSignal.any === 'function' ? AbortSignal.any([outer, timeout]) : timeout;
  try {
    const answer = await fetch(url, {
      method: 'POST',
      body: event.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': `visionapi-cli/${SDK_VERSION} (listen)`,
        'webhook-id': event.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature,
      },
      // A webhook delivery does not follow redirects: a 3xx is the receiver's answer.
      redirect: 'manual',
      signal,
    });
    // Read (a bounded part of) the answer so the connection can be reused.
    const reader = answer.body?.getReader();
    let read = 0;
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
      if (read > MAX_ANSWER_BYTES) {
        await reader.cancel();
        break;
      }
    }
    return { status: answer.status, error: null };
  } catch (error) {
    if (timeout.aborted) return { status: null, error: `timed out after ${timeoutMs / 1000} s` };
    if (outer?.aborted) return { status: null, error: 'canceled' };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      status: null,
      error: cause?.code
        ? `${cause.code}${cause.code === 'ECONNREFUSED' ? ' (is your server running?)' : ''}`
        : printable((error as Error).message).slice(0, 200),
    };
  }
}

/** Runs until `signal` aborts; resolves then. API errors a retry cannot fix are thrown. */
export async function listen(
  client: VisionAPI,
  options: ListenOptions,
  io: ListenIO,
): Promise<void> {
  const url = forwardUrl(options.forwardTo);
  const secret = options.secret ?? generateWebhookSecret();
  const timeoutMs = options.timeoutMs ?? FORWARD_TIMEOUT_MS;
  let ready = false;
  const stream = client.events.stream({
    types: options.types,
    signal: options.signal,
    initialRetryDelay: options.initialRetryDelay,
    onConnect: ({ after }) => {
      if (!ready) {
        ready = true;
        io.status(
          `Ready! Your webhook signing secret is ${secret} (^C to quit)\n` +
            `Forwarding ${options.types ? options.types.join(', ') : 'every event'} to ${url.href}\n`,
        );
      } else {
        io.status(`${clock()}  Reconnected${after ? `, resuming after ${after}` : ''}\n`);
      }
    },
    onDisconnect: ({ error, delayMs }) => {
      io.status(
        `${clock()}  Lost the event stream (${printable(error.message).slice(0, 200)}); reconnecting in ${Math.ceil(delayMs / 1000)} s\n`,
      );
    },
    onResumeRefused: (error: APIError) => {
      io.status(
        `${clock()}  Could not resume: ${printable(error.message).slice(0, 300)} Going on with new events.\n`,
      );
      return true;
    },
  });
  for await (const event of stream) {
    const result = await forward(url, secret, event, timeoutMs, options.signal);
    if (options.signal.aborted && result.error === 'canceled') break;
    const outcome = result.status !== null ? `[${result.status}]` : `[error: ${result.error}]`;
    const line = `${clock()}  ${event.type.padEnd(17)}  ${event.id}  ${outcome} POST ${url.href}\n`;
    if (options.printJson) {
      io.out(`${JSON.stringify({ id: event.id, ...event.event })}\n`);
      io.status(line);
    } else {
      io.out(line);
    }
  }
}
