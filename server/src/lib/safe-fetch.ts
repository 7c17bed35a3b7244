/**
 * Fetches a URL a stranger gave us (an `image_url`, later a webhook endpoint) without letting it
 * reach anything of ours: server-side request forgery is refused at every step.
 *
 *   - http and https only, no credentials in the URL, at most MAX_URL_LENGTH characters; in
 *     production only the ports 80, 443, 8080 and 8443;
 *   - every address is checked before a connection is made: a literal IP in the URL, and every
 *     address a DNS name resolves to (all of them: one private answer refuses the name, so a
 *     rebinding answer cannot slip through). Only global unicast addresses pass — loopback,
 *     private, carrier-grade NAT, link-local (169.254.169.254, the cloud metadata service),
 *     unique-local (fd00:ec2::254), multicast, reserved, and IPv6 forms that embed an IPv4
 *     address (mapped, NAT64, 6to4, Teredo) are refused. The checked address is the one the
 *     socket connects to (undici's `connect.lookup`): the name is not resolved twice, so the
 *     check cannot be raced;
 *   - redirects are followed by hand, at most MAX_REDIRECTS, each target checked the same way;
 *   - a connect timeout, a total timeout (a server that trickles bytes is cut at it), and a byte
 *     limit enforced while reading (Content-Length is not trusted).
 * Local mode (`allowLoopback`) lets loopback through, so the local stack and tests can serve
 * images from 127.0.0.1; nothing else private, ever.
 *
 * Library: undici (an Agent with a checked `lookup`), ipaddr.js for the address ranges.
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { MAX_IMAGE_URL_LENGTH } from '@contract';
import { Agent, request, type Dispatcher } from 'undici';

export const MAX_URL_LENGTH = MAX_IMAGE_URL_LENGTH;
export const MAX_REDIRECTS = 3;
const PRODUCTION_PORTS = new Set(['', '80', '443', '8080', '8443']);

export type SafeFetchFailure =
  | 'invalid_url'
  | 'forbidden_address'
  | 'unreachable'
  | 'too_large'
  | 'timeout'
  | 'too_many_redirects';

/** Why a fetch was refused or failed; `message` is safe to show the caller. */
export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchOptions {
  /** Local mode: loopback addresses (127.0.0.0/8, ::1) are allowed, any port. */
  allowLoopback: boolean;
  maxBytes: number;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  userAgent?: string;
  /** The resolver (tests give one that answers a private address for a public-looking name). */
  lookup?: LookupAll;
  /** Sent with the request (e.g. `accept`). */
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string | Buffer;
  /** Whether to follow redirects (webhook deliveries do not). */
  followRedirects?: boolean;
  /** Keep the first `maxBytes` of a longer answer instead of failing (webhook answer excerpts). */
  truncate?: boolean;
}

export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true });

/** Why an address may not be reached, or null when it may. */
export function forbiddenAddressReason(address: string, allowLoopback: boolean): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return 'not an IP address';
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    // ::ffff:127.0.0.1 is 127.0.0.1: judged as the IPv4 address it is.
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && allowLoopback) return null;
  return range;
}

function hostOf(url: URL): string {
  // URL keeps the brackets of an IPv6 literal.
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Checks what can be checked from the URL alone; throws SafeFetchError('invalid_url'|…). */
export function checkUrl(raw: string, allowLoopback: boolean): URL {
  if (typeof raw !== 'string' || raw.length === 0) {
    throw new SafeFetchError('invalid_url', 'The URL is empty.');
  }
  if (raw.length > MAX_URL_LENGTH) {
    throw new SafeFetchError('invalid_url', `The URL is longer than ${MAX_URL_LENGTH} characters.`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('invalid_url', 'The URL is not valid: give an absolute http(s) URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('invalid_url', 'Only http and https URLs can be fetched.');
  }
  if (url.username || url.password) {
    throw new SafeFetchError('invalid_url', 'URLs with a user name or password are not fetched.');
  }
  if (!allowLoopback && !PRODUCTION_PORTS.has(url.port)) {
    throw new SafeFetchError(
      'forbidden_address',
      'Only the ports 80, 443, 8080 and 8443 can be fetched.',
    );
  }
  const host = hostOf(url);
  if (net.isIP(host)) {
    const reason = forbiddenAddressReason(host, allowLoopback);
    if (reason) {
      throw new SafeFetchError(
        'forbidden_address',
        `The URL's address is not public (${reason}); it is not fetched.`,
      );
    }
  }
  return url;
}

/**
 * net.connect's `lookup`, checked: every address of the name must be public; the socket then
 * connects to the first one (the check and the connection use the same answer).
 */
function checkedLookup(resolve: LookupAll, allowLoopback: boolean) {
  return (
    hostname: string,
    options: { all?: boolean },
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | { address: string; family: number }[],
      family?: number,
    ) => void,
  ) => {
    resolve(hostname).then(
      (answers) => {
        if (answers.length === 0) {
          callback(
            Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
            '',
          );
          return;
        }
        for (const answer of answers) {
          const reason = forbiddenAddressReason(answer.address, allowLoopback);
          if (reason) {
            callback(
              Object.assign(new Error(`${hostname} resolves to a ${reason} address`), {
                code: 'EFORBIDDENADDRESS',
                range: reason,
              }),
              '',
            );
            return;
          }
        }
        if (options?.all) callback(null, answers);
        else callback(null, answers[0]!.address, answers[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

const agents = new Map<string, Agent>();

function agentFor(options: SafeFetchOptions): Agent {
  const connectTimeout = options.connectTimeoutMs ?? 3_000;
  const key = `${options.allowLoopback}:${connectTimeout}`;
  if (!options.lookup) {
    const cached = agents.get(key);
    if (cached) return cached;
  }
  const agent = new Agent({
    connect: {
      timeout: connectTimeout,
      lookup: checkedLookup(options.lookup ?? systemLookup, options.allowLoopback) as never,
    },
    // Strangers' servers: no keep-alive reuse across callers worth the risk of a stale pin.
    keepAliveTimeout: 1_000,
    connections: 64,
  });
  if (!options.lookup) agents.set(key, agent);
  return agent;
}

function describeError(error: unknown): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const code = (cause as { code?: string })?.code ?? (error as { code?: string })?.code;
  const name = (error as { name?: string })?.name;
  if (code === 'EFORBIDDENADDRESS') {
    const range = (cause as { range?: string }).range;
    return new SafeFetchError(
      'forbidden_address',
      `The URL's host resolves to an address that is not public (${range}); it is not fetched.`,
    );
  }
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'UND_ERR_ABORTED') {
    return new SafeFetchError('timeout', 'The image server did not send the image in time.');
  }
  if (
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return new SafeFetchError('timeout', 'The image server did not answer in time.');
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new SafeFetchError('unreachable', "The URL's host name could not be resolved.");
  }
  return new SafeFetchError(
    'unreachable',
    `The image server could not be reached${code ? ` (${code})` : ''}.`,
  );
}

export interface SafeFetchResult {
  status: number;
  bytes: Buffer;
  contentType: string | null;
  /** The URL that answered, after redirects. */
  url: string;
}

/**
 * Fetches `raw` under the rules above. A non-2xx answer of the last hop is not an error here
 * when `acceptAnyStatus` is set (webhook deliveries record it); otherwise it is `unreachable`.
 */
export async function safeFetch(
  raw: string,
  options: SafeFetchOptions & { acceptAnyStatus?: boolean },
): Promise<SafeFetchResult> {
  const totalTimeoutMs = options.totalTimeoutMs ?? 10_000;
  const signal = AbortSignal.timeout(totalTimeoutMs);
  const dispatcher = agentFor(options);
  let url = checkUrl(raw, options.allowLoopback);
  try {
    for (let hop = 0; ; hop++) {
      const answer: Dispatcher.ResponseData = await request(url, {
        dispatcher,
        method: options.method ?? 'GET',
        headers: {
          'user-agent': options.userAgent ?? 'visionapi-fetcher/1 (+https://visionapi.dev)',
          ...options.headers,
        },
        body: options.body,
        signal,
        headersTimeout: totalTimeoutMs,
        bodyTimeout: totalTimeoutMs,
      });
      const location = answer.headers.location;
      if (
        options.followRedirects !== false &&
        [301, 302, 303, 307, 308].includes(answer.statusCode) &&
        typeof location === 'string'
      ) {
        await answer.body.dump().catch(() => undefined);
        if (hop + 1 > MAX_REDIRECTS) {
          throw new SafeFetchError(
            'too_many_redirects',
            `The URL redirected more than ${MAX_REDIRECTS} times.`,
          );
        }
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new SafeFetchError('unreachable', 'The URL redirected to an invalid location.');
        }
        url = checkUrl(next.toString(), options.allowLoopback);
        continue;
      }
      if (!options.acceptAnyStatus && (answer.statusCode < 200 || answer.statusCode >= 300)) {
        await answer.body.dump().catch(() => undefined);
        throw new SafeFetchError(
          'unreachable',
          `The image server answered HTTP ${answer.statusCode}.`,
          answer.statusCode,
        );
      }
      const declared = Number(answer.headers['content-length']);
      if (!options.truncate && Number.isFinite(declared) && declared > options.maxBytes) {
        answer.body.destroy();
        throw new SafeFetchError('too_large', tooLarge(options.maxBytes));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of answer.body) {
        size += (chunk as Buffer).length;
        if (size > options.maxBytes && options.truncate) {
          chunks.push(
            (chunk as Buffer).subarray(0, (chunk as Buffer).length - (size - options.maxBytes)),
          );
          size = options.maxBytes;
          answer.body.destroy();
          break;
        }
        if (size > options.maxBytes) {
          answer.body.destroy();
          throw new SafeFetchError('too_large', tooLarge(options.maxBytes));
        }
        chunks.push(chunk as Buffer);
      }
      const type = answer.headers['content-type'];
      return {
        status: answer.statusCode,
        bytes: Buffer.concat(chunks, size),
        contentType: typeof type === 'string' ? type : null,
        url: url.toString(),
      };
    }
  } catch (error) {
    throw describeError(error);
  } finally {
    if (options.lookup) await dispatcher.close().catch(() => undefined);
  }
}

function tooLarge(maxBytes: number): string {
  return `The image at the URL is larger than ${Math.round(maxBytes / 1_000_000)} MB.`;
}
