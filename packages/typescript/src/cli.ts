/**
 * The `visionapi` command (bin/visionapi.js): a deployment call and a few account reads, each a
 * thin use of the SDK, so the command and the library never disagree.
 *
 *   visionapi run <deployment> <image> [--param name=value …]   the JSON answer on stdout
 *   visionapi keys list | usage --by key|deployment|day | whoami | deployments
 *   visionapi listen --forward-to <url> [--events …] [--print-json]   events to a local URL (listen.ts)
 *
 * Exit codes: 0 done; 1 the API answered an error or could not be reached (its code and message on
 * stderr); 2 the command line is wrong. Secrets are never printed: API key secrets are left out of
 * `keys list`, and credentials show as their prefix and last four characters. (`listen` prints
 * the signing secret it makes for its session: it signs only what that session forwards.)
 */
import { parseArgs } from 'node:util';
import {
  VisionAPI,
  SDK_VERSION,
  PRODUCTION_API_URL,
  PRODUCTION_SERVICES_URL,
} from './core/client.js';
import { APIConnectionError, APIError, VisionAPIError } from './core/errors.js';
import { DEPLOYMENTS, type DeploymentPath } from './generated/contract.js';
import { eventTypes, forwardUrl, listen, ListenUsageError } from './listen.js';

/** Bounds on what the command line may carry. */
const MAX_PARAMS = 64;
const MAX_VALUE_LENGTH = 4096;
const MAX_ARGS = 256;

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  /** Ends `listen` (tests); the process's ^C (SIGINT) or SIGTERM otherwise. */
  signal?: AbortSignal;
}

const processIO: CliIO = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
};

class UsageError extends Error {}

export const HELP: string = `visionapi ${SDK_VERSION}: the VisionAPI command line

Usage:
  visionapi run <deployment> <image> [--param name=value ...]
      Runs a deployment on an image (a file path or an http(s) URL) and prints the JSON answer.
      A list parameter is repeated (--param queries=car --param queries=person) or JSON.
      Options: --idempotency-key KEY, --no-resize
  visionapi deployments            The public deployments and their parameters
  visionapi keys list [--json]     The API keys of your organization (secrets are never shown)
  visionapi usage --by key|deployment|day [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]
                                   Calls and spend, 30 days to today (UTC) unless given
  visionapi whoami                 The organization and role your admin key (or ID token) acts as
  visionapi listen --forward-to URL [--events TYPE,...] [--print-json]
      Receives your organization's events as they happen (no public URL needed) and POSTs each
      to URL as a webhook delivery: the same JSON body and webhook-id, webhook-timestamp and
      webhook-signature headers, signed with a secret made for this session and printed at the
      start ("Ready! Your webhook signing secret is whsec_..."): give it to your handler's
      unwrap(). URL is http(s), loopback included. One line per event: time, type, id and your
      endpoint's status. Reconnects by itself and resends what it missed; ^C to quit.
      Types: job.succeeded, job.failed, balance.low, key.paused, payment.succeeded, test.
      --print-json writes each event's JSON to stdout (the status lines go to stderr).
  visionapi --help | --version

Options of every command: --max-retries N (default 2), --timeout MS (per attempt, default 60000),
  --services-url URL, --api-url URL

Environment:
  VISIONAPI_API_KEY          key of the services host (va_live_… or va_test_…), for run
  VISIONAPI_ADMIN_KEY        admin key (va_admin_…) for keys, usage, whoami and listen
  VISIONAPI_ID_TOKEN         a signed-in person's ID token, instead of an admin key
  VISIONAPI_ORGANIZATION_ID  the organization to act on (default: the key's own)
  VISIONAPI_SERVICES_URL     default ${PRODUCTION_SERVICES_URL}; local stack: http://localhost:4020
  VISIONAPI_API_URL          default ${PRODUCTION_API_URL}; local stack: http://localhost:4010

Exit codes: 0 done, 1 the API answered an error or was unreachable, 2 a wrong command line.
`;

/** `va_live_abcd…wxyz` → `va_live_…wxyz`: enough to tell keys apart, never the secret. */
export function redact(secret: string): string {
  const prefix = /^va_(?:live|test|admin)_/.exec(secret)?.[0] ?? '';
  return `${prefix}…${secret.length > prefix.length + 8 ? secret.slice(-4) : ''}`;
}

function paramValue(deployment: DeploymentPath, raw: string, into: Record<string, unknown>): void {
  const eq = raw.indexOf('=');
  if (eq <= 0) throw new UsageError(`--param takes name=value (got "${raw.slice(0, 64)}").`);
  const name = raw.slice(0, eq);
  const value = raw.slice(eq + 1);
  const info = DEPLOYMENTS[deployment].params[name];
  if (!info) {
    const known = Object.keys(DEPLOYMENTS[deployment].params);
    throw new UsageError(
      `${deployment} has no parameter "${name.slice(0, 64)}"${known.length ? ` (it takes ${known.join(', ')})` : ' (it takes none)'}.`,
    );
  }
  if (info.type === 'number' || info.type === 'integer') {
    const number = Number(value);
    if (
      value.trim() === '' ||
      !Number.isFinite(number) ||
      (info.type === 'integer' && !Number.isInteger(number))
    )
      throw new UsageError(`${name} is ${info.type === 'integer' ? 'an integer' : 'a number'}.`);
    into[name] = number;
  } else if (info.type === 'boolean') {
    if (value !== 'true' && value !== 'false') throw new UsageError(`${name} is true or false.`);
    into[name] = value === 'true';
  } else if (info.type.endsWith('[]')) {
    const list = (into[name] as unknown[] | undefined) ?? [];
    if (value.startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        throw new UsageError(`${name}: not a JSON list.`);
      }
      if (!Array.isArray(parsed)) throw new UsageError(`${name}: not a JSON list.`);
      list.push(...parsed);
    } else {
      list.push(value);
    }
    into[name] = list;
  } else {
    into[name] = value;
  }
}

function wholeNumber(values: Record<string, unknown>, option: 'max-retries' | 'timeout') {
  const raw = values[option] as string | undefined;
  if (raw === undefined) return undefined;
  if (!/^\d{1,9}$/.test(raw)) throw new UsageError(`--${option} is a whole number.`);
  return Number(raw);
}

function client(values: Record<string, unknown>, io: CliIO) {
  const maxRetries = wholeNumber(values, 'max-retries');
  const timeout = wholeNumber(values, 'timeout');
  return new VisionAPI({
    apiKey: io.env.VISIONAPI_API_KEY,
    adminKey: io.env.VISIONAPI_ADMIN_KEY,
    idToken: io.env.VISIONAPI_ID_TOKEN,
    organizationId: io.env.VISIONAPI_ORGANIZATION_ID,
    servicesUrl: (values['services-url'] as string | undefined) ?? io.env.VISIONAPI_SERVICES_URL,
    apiUrl: (values['api-url'] as string | undefined) ?? io.env.VISIONAPI_API_URL,
    ...(maxRetries === undefined ? {} : { maxRetries }),
    ...(timeout === undefined ? {} : { timeout }),
  });
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function table(rows: Array<Record<string, unknown>>, columns: string[]): string {
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? '')));
  const widths = columns.map((column, i) =>
    Math.max(column.length, ...cells.map((cell) => cell[i]!.length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return `${[line(columns), ...cells.map(line)].join('\n')}\n`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayRange(from: string | undefined, to: string | undefined) {
  const today = new Date().toISOString().slice(0, 10);
  const end = to ?? today;
  const start =
    from ??
    new Date(Date.parse(`${end}T00:00:00.000Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  for (const day of [start, end])
    if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00.000Z`)))
      throw new UsageError(`Dates are YYYY-MM-DD (got "${day.slice(0, 32)}").`);
  return { start_date: `${start}T00:00:00.000Z`, end_date: `${end}T23:59:59.999Z` };
}

async function command(argv: string[], io: CliIO): Promise<number> {
  if (argv.length > MAX_ARGS) throw new UsageError(`At most ${MAX_ARGS} arguments.`);
  for (const arg of argv)
    if (arg.length > MAX_VALUE_LENGTH)
      throw new UsageError(`An argument is longer than ${MAX_VALUE_LENGTH} characters.`);
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
      param: { type: 'string', short: 'p', multiple: true },
      'idempotency-key': { type: 'string' },
      'no-resize': { type: 'boolean' },
      'max-retries': { type: 'string' },
      timeout: { type: 'string' },
      by: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      json: { type: 'boolean' },
      'services-url': { type: 'string' },
      'api-url': { type: 'string' },
      'forward-to': { type: 'string' },
      events: { type: 'string' },
      'print-json': { type: 'boolean' },
    },
  });
  const [name, ...rest] = positionals;
  if (values.version) {
    io.stdout(`${SDK_VERSION}\n`);
    return 0;
  }
  if (values.help || !name || name === 'help') {
    io.stdout(HELP);
    return 0;
  }
  switch (name) {
    case 'run': {
      const [deployment, image, ...extra] = rest;
      if (!deployment || !image || extra.length > 0)
        throw new UsageError('Usage: visionapi run <deployment> <image> [--param name=value ...]');
      if (!Object.prototype.hasOwnProperty.call(DEPLOYMENTS, deployment))
        throw new UsageError(
          `No public deployment "${deployment.slice(0, 64)}": one of ${Object.keys(DEPLOYMENTS).join(', ')}.`,
        );
      const path = deployment as DeploymentPath;
      const params: Record<string, unknown> = {};
      const raw = values.param ?? [];
      if (raw.length > MAX_PARAMS) throw new UsageError(`At most ${MAX_PARAMS} --param.`);
      for (const item of raw) paramValue(path, item, params);
      const answer = await client(values, io).run(path, image, params as never, {
        idempotencyKey: values['idempotency-key'],
        resize: values['no-resize'] ? false : undefined,
      });
      io.stdout(json(answer));
      return 0;
    }
    case 'deployments': {
      const rows = Object.values(DEPLOYMENTS).map((d) => ({
        deployment: d.path,
        name: d.name,
        params: Object.entries(d.params)
          .map(([param, info]) => `${param}${info.required ? '' : '?'}:${info.type}`)
          .join(' '),
      }));
      io.stdout(values.json ? json(rows) : table(rows, ['deployment', 'name', 'params']));
      return 0;
    }
    case 'keys': {
      if (rest[0] !== 'list' || rest.length > 1) throw new UsageError('Usage: visionapi keys list');
      const { api_keys } = await client(values, io).account.listApiKeys();
      // The in-browser key's secret is in the answer; a terminal (or its log) never shows it.
      const keys = api_keys.map(({ key: _secret, ...rest }) => rest);
      io.stdout(
        values.json
          ? json(keys)
          : table(
              keys.map((key) => ({
                ...key,
                status: key.disabled ? 'disabled' : 'active',
                cap: key.monthly_cap_usd === null ? '' : `$${key.monthly_cap_usd}`,
              })),
              ['id', 'name', 'mode', 'redacted', 'status', 'cap', 'created_at', 'last_used_at'],
            ),
      );
      return 0;
    }
    case 'usage': {
      const by = values.by ?? 'deployment';
      if (by !== 'key' && by !== 'deployment' && by !== 'day')
        throw new UsageError('--by is key, deployment or day.');
      if (rest.length > 0) throw new UsageError('Usage: visionapi usage --by key|deployment|day');
      const usage = await client(values, io).account.getDailyUsage(
        dayRange(values.from, values.to),
      );
      const columns = {
        key: ['key', 'key_id', 'calls', 'spent_usd'],
        deployment: ['deployment', 'calls', 'spent_usd'],
        day: ['date', 'calls', 'spent_usd'],
      }[by];
      const rows: Array<Record<string, unknown>> =
        by === 'key'
          ? usage.by_key.map((k) => ({
              key: k.name ?? '(deleted)',
              key_id: k.api_key_id,
              calls: k.calls,
              spent_usd: k.spent_usd,
            }))
          : by === 'deployment'
            ? usage.by_deployment
            : usage.days.map((d) => ({ date: d.date, calls: d.calls, spent_usd: d.spent_usd }));
      if (values.json) {
        io.stdout(json({ by, rows, totals: usage.totals, test_calls: usage.test_calls.calls }));
      } else {
        io.stdout(table(rows, columns));
        io.stdout(
          `total: ${usage.totals.calls} calls, $${usage.totals.spent_usd} spent; ${usage.test_calls.calls} free test-key calls\n`,
        );
      }
      return 0;
    }
    case 'whoami': {
      if (rest.length > 0) throw new UsageError('Usage: visionapi whoami');
      const sdk = client(values, io);
      const organization = await sdk.account.getOrganization();
      const credential = io.env.VISIONAPI_ID_TOKEN
        ? 'ID token'
        : io.env.VISIONAPI_ADMIN_KEY
          ? `admin key ${redact(io.env.VISIONAPI_ADMIN_KEY)}`
          : 'none';
      const who = {
        organization: { id: organization.id, name: organization.name },
        role: organization.role ?? null,
        credential,
        api_key: io.env.VISIONAPI_API_KEY ? redact(io.env.VISIONAPI_API_KEY) : null,
        api_url: sdk.apiUrl,
        services_url: sdk.servicesUrl,
      };
      io.stdout(
        values.json
          ? json(who)
          : `${who.organization.name} (${who.organization.id}) as ${who.role ?? 'member'}, with ${credential}\n` +
              `account API ${who.api_url}; services ${who.services_url}${who.api_key ? ` with ${who.api_key}` : ''}\n`,
      );
      return 0;
    }
    case 'listen': {
      const usage = 'Usage: visionapi listen --forward-to <url> [--events type,...] [--print-json]';
      if (rest.length > 0 || !values['forward-to']) throw new UsageError(usage);
      let types: ReturnType<typeof eventTypes>;
      try {
        forwardUrl(values['forward-to']);
        types = eventTypes(values.events);
      } catch (error) {
        if (error instanceof ListenUsageError) throw new UsageError(error.message);
        throw error;
      }
      const sdk = client(values, io);
      const controller = new AbortController();
      const stop = () => controller.abort();
      if (io.signal) io.signal.addEventListener('abort', stop, { once: true });
      else {
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      }
      try {
        await listen(
          sdk,
          {
            forwardTo: values['forward-to'],
            types,
            printJson: values['print-json'] === true,
            signal: controller.signal,
          },
          { out: io.stdout, status: values['print-json'] ? io.stderr : io.stdout },
        );
      } finally {
        process.removeListener('SIGINT', stop);
        process.removeListener('SIGTERM', stop);
      }
      return 0;
    }
    default:
      throw new UsageError(`Unknown command "${name.slice(0, 64)}". Run visionapi --help.`);
  }
}

/** Runs the command line; resolves with the exit code. */
export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  try {
    return await command(argv, io);
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      io.stderr(`visionapi: ${(error as Error).message}\n`);
      return 2;
    }
    if (error instanceof APIError) {
      io.stderr(
        `visionapi: ${error.code ?? `http_${error.status}`}: ${error.message}` +
          `${error.requestId ? ` (request ${error.requestId})` : ''}\n`,
      );
      return 1;
    }
    if (error instanceof APIConnectionError) {
      io.stderr(`visionapi: connection_error: ${error.message}\n`);
      return 1;
    }
    if (error instanceof VisionAPIError) {
      io.stderr(`visionapi: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
