/**
 * A call's two transactions, each one round trip to the database (functions of migration 0009):
 *   - `begin`: the `Idempotency-Key`'s record (new, replayed, still running, a mismatch, or taken
 *     over from a process that died) and, for a charged call, the hold of its price;
 *   - `capture`: the charge and the stored answer, committed together;
 * and `fail` (forget the record, give the hold back), `renew` (a process's heartbeat over the
 * leases of the calls it runs) and `lapsedHolds` (holds whose process stopped renewing them).
 *
 * Every time comparison happens on the database's clock; nothing here compares a JS `Date` with a
 * stored timestamp.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf as rows } from '../db/rows';
import { Batcher, type BatcherOptions } from '../lib/batcher';
import { describeDatabaseError } from '../lib/database-errors';

/** The leak circuit-breaker's thresholds (config.spendSpike). */
export interface SpendSpikeThresholds {
  factor: number;
  floorMicros: number;
}

/** Why a hold was not taken: nothing changed. Figures are the current ones, read under lock. */
export type HoldRefusal =
  | { refused: 'insufficient'; priceMicros: number; balanceMicros: number }
  | { refused: 'cap'; priceMicros: number; spentMicros: number; capMicros: number }
  | { refused: 'member_limit'; priceMicros: number; limitMicros: number; spentMicros: number }
  | { refused: 'spend_spike'; priceMicros: number; daySpendMicros: number; trailingMicros: number }
  | { refused: 'unknown_deployment' }
  | { refused: 'unknown_key' }
  /** The key's own limits as the hold read them (migration 0029): the one that refused. */
  | {
      refused: 'key_limit';
      limit: 'disabled' | 'expired' | 'deployment';
      deployment: string;
      disabledReason: 'owner' | 'spend_spike' | null;
      expiresAt: Date | null;
      allowedDeployments: string[] | null;
    };

/** A price held from the wallet while a call's answer is produced. */
export interface Hold {
  id: string;
  /** The price held: the pricing table's at the moment of the hold. */
  amountMicros: number;
  /** The wallet after the hold. */
  balanceAfterMicros: number;
  /** The key's monthly cap (null: none) and its spend this month, this call included. */
  capMicros: number | null;
  spentMicros: number;
}

export type BeginOutcome =
  | { kind: 'new'; hold: Hold | null }
  | { kind: 'replay'; statusCode: number; response: unknown }
  | { kind: 'in_progress'; retryAfterSeconds: number }
  | { kind: 'mismatch' }
  | { kind: 'refused'; refusal: HoldRefusal };

export type CaptureOutcome =
  | {
      kind: 'captured';
      /** Set only when the hold had lapsed and was taken again: the answer's new `usage`. */
      usage: { cost_usd: number; remaining_credits: number; transaction_id: string } | null;
      balanceAfterMicros: number | null;
      createdAt: Date | null;
    }
  /** Another attempt owns the key now (this one's lease lapsed and a retry took over). */
  | { kind: 'superseded' }
  /** The hold was captured already: nothing charged again. */
  | { kind: 'settled' }
  /** The hold had lapsed and could not be taken again: nothing charged. */
  | { kind: 'refused'; refusal: HoldRefusal };

export interface IdempotencyClaim {
  scope: string;
  key: string;
  /** Digest of the request, so a key reused for another request is caught. */
  requestHash: string;
}

type Json = Record<string, unknown>;

/** Runs one of the metering functions (`select vapi_…(…) as result`) and returns its result. */
export async function call<T>(db: Database, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = rows<{ result: T }>(await db.execute(query));
  return row!.result;
}

const num = (value: unknown) => Number(value ?? 0);

/** The function's refusal as the application's. */
export function refusalOf(result: Json): HoldRefusal {
  switch (result.reason) {
    case 'cap':
      return {
        refused: 'cap',
        priceMicros: num(result.price),
        spentMicros: num(result.spent),
        capMicros: num(result.cap),
      };
    case 'member_limit':
      return {
        refused: 'member_limit',
        priceMicros: num(result.price),
        limitMicros: num(result.limit),
        spentMicros: num(result.spent),
      };
    case 'spend_spike':
      return {
        refused: 'spend_spike',
        priceMicros: num(result.price),
        daySpendMicros: num(result.day_spend),
        trailingMicros: num(result.trailing),
      };
    case 'insufficient':
      return {
        refused: 'insufficient',
        priceMicros: num(result.price),
        balanceMicros: num(result.balance),
      };
    case 'unknown_key':
      return { refused: 'unknown_key' };
    case 'key_limit':
      return {
        refused: 'key_limit',
        limit:
          result.limit === 'expired' || result.limit === 'deployment' ? result.limit : 'disabled',
        deployment: String(result.deployment ?? ''),
        disabledReason: result.disabled_reason === 'spend_spike' ? 'spend_spike' : 'owner',
        expiresAt: typeof result.expires_at === 'string' ? new Date(result.expires_at) : null,
        allowedDeployments: Array.isArray(result.allowed_deployments)
          ? result.allowed_deployments.map(String)
          : null,
      };
    default:
      return { refused: 'unknown_deployment' };
  }
}

export function holdOf(result: Json): Hold {
  return {
    id: String(result.reservation_id),
    amountMicros: num(result.amount),
    balanceAfterMicros: num(result.balance_after),
    capMicros: result.cap == null ? null : num(result.cap),
    spentMicros: num(result.spent),
  };
}

/** One call's `vapi_begin` arguments, as `vapi_begin_many` reads them (migration 0026). */
interface BeginItem {
  scope: string | null;
  key: string | null;
  hash: string | null;
  attempt: string;
  lease_ms: number;
  hold: boolean;
  organization: string | null;
  api_key: string | null;
  deployment: string | null;
  spike_factor: number;
  spike_floor: number;
}

/** One call's `vapi_capture` arguments, as `vapi_capture_many` reads them (migration 0026). */
interface CaptureItem {
  reservation: string | null;
  entry: string | null;
  api_key_name: string | null;
  scope: string | null;
  key: string | null;
  attempt: string;
  status: number;
  lease_ms: number;
  spike_factor: number;
  spike_floor: number;
  response?: unknown;
  /** Not read by SQL: the order of the batch's items (see runMany). */
  lock_order?: string;
}

/**
 * Calls begun (or captured) at the same moment share one statement (migration 0026): fewer round
 * trips, commits and pool check-outs per call. `maxSize: 0` (or 1) sends each call alone.
 */
export const DEFAULT_CALL_BATCH: BatcherOptions = { maxSize: 32, maxInFlight: 2 };

/**
 * SQLSTATEs of a call that lost a conflict with another transaction (a deadlock, a serialization
 * failure, a lock not available): its subtransaction rolled back, so it is sent again alone.
 */
const CONFLICT_CODES = new Set(['40P01', '40001', '55P03']);

/**
 * SQLSTATE classes of an error that one call's data or one conflict can cause (data exception,
 * integrity, transaction rollback, object state, PL/pgSQL raise), after which a batch's calls
 * are sent again alone.
 */
const ISOLATED_CLASSES = new Set(['22', '23', '40', '55', 'P0']);

/**
 * One call's database error inside a batch statement: a message and its SQLSTATE `code`, as the
 * driver's own `DatabaseError` carries, so it is classified and logged as it would be for a call
 * sent alone.
 */
export class DatabaseError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'DatabaseError';
  }
}

/** The statement's result for one item: its outcome, or an error for that call alone. */
function itemResult(result: Json): Json | Error {
  if (result.outcome !== 'error') return result;
  return new DatabaseError(
    String(result.message ?? 'metering statement failed'),
    typeof result.sqlstate === 'string' ? result.sqlstate : undefined,
  );
}

/**
 * Runs `vapi_<fn>_many` over `items`, sent in the order of their organization and key (two
 * batches then take wallet and key locks in the same order), and answers in the callers' order.
 */
async function runMany(
  db: Database,
  fn: 'begin' | 'capture',
  items: Array<BeginItem | CaptureItem>,
  retryConflicts = true,
): Promise<Array<Json | Error>> {
  const order = items
    .map((item, index) => ({
      index,
      sortKey:
        'organization' in item
          ? `${item.organization ?? ''}/${item.api_key ?? ''}`
          : (item.lock_order ?? ''),
    }))
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : a.index - b.index));
  const payload = JSON.stringify(order.map(({ index }) => items[index]));
  let results: Json[];
  try {
    results =
      fn === 'begin'
        ? await call<Json[]>(db, sql`select vapi_begin_many(${payload}::jsonb) as result`)
        : await call<Json[]>(db, sql`select vapi_capture_many(${payload}::jsonb) as result`);
  } catch (error) {
    // The part of a statement outside the calls' own subtransactions failed (a key's group of
    // holds, the batch's ledger insert; migrations 0028, 0031): nothing of it was kept. Each call
    // runs again alone, so one call's error stays its own. Not when the database itself is away
    // (a connection or resource error): that is every call's answer.
    const { code, unavailable } = describeDatabaseError(error);
    if (items.length < 2 || unavailable || !ISOLATED_CLASSES.has(code.slice(0, 2))) throw error;
    // One after the other, in the batch's order (they would queue on the key's lock anyway).
    const alone: Array<Json | Error> = [];
    for (const item of items) {
      alone.push(
        await runMany(db, fn, [item], retryConflicts).then(
          ([answer]) => answer!,
          (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure))),
        ),
      );
    }
    return alone;
  }
  const answers = new Array<Json | Error>(items.length);
  order.forEach(({ index }, position) => {
    const result = results[position];
    answers[index] = result ? itemResult(result) : new Error('metering statement answered short');
  });
  // A call that lost a lock conflict (its subtransaction rolled back, nothing of it kept) runs
  // again, alone, as it would have without batching: once (a second loss is its answer).
  for (const [index, answer] of retryConflicts ? answers.entries() : []) {
    const code = (answer as { code?: unknown }).code;
    if (answer instanceof Error && typeof code === 'string' && CONFLICT_CODES.has(code)) {
      answers[index] = await runMany(db, fn, [items[index]!], false).then(
        ([again]) => again!,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
    }
  }
  return answers;
}

export function createCallsRepository(db: Database, options: { batch?: BatcherOptions } = {}) {
  const batch = options.batch ?? DEFAULT_CALL_BATCH;
  const batching = batch.maxSize > 1;
  const beginBatcher = batching
    ? new Batcher<BeginItem, Json>(
        (items) => runMany(db, 'begin', items),
        batch,
        // One organization's key per statement: a statement then holds the row locks one call
        // takes (its wallet and key), so it can wait on another transaction that locks several
        // keys (a deletion, a member's removal) but never deadlock with it.
        (item) => `${item.organization ?? ''}/${item.api_key ?? ''}`,
      )
    : null;
  // Captures of any calls share a statement, sent in the order of their organization and key
  // (`lockOrder`), so two of them take the rollups' rows in one order.
  const captureBatcher = batching
    ? new Batcher<CaptureItem, Json>((items) => runMany(db, 'capture', items), batch)
    : null;
  return {
    /** Batches sent and calls they carried (tests, metrics). */
    batchStats: () => ({
      begin: beginBatcher ? { ...beginBatcher.stats } : null,
      capture: captureBatcher ? { ...captureBatcher.stats } : null,
    }),

    /**
     * Starts a call: the record of its `Idempotency-Key` (when `claim` is given) and, when `charge`
     * is given, the hold of the deployment's price, in one transaction.
     */
    async begin(input: {
      claim: IdempotencyClaim | null;
      attempt: string;
      leaseMs: number;
      charge: {
        organizationId: string;
        apiKeyId: string;
        deployment: string;
        spendSpike: SpendSpikeThresholds;
      } | null;
    }): Promise<BeginOutcome> {
      const { claim, charge } = input;
      const item: BeginItem = {
        scope: claim?.scope ?? null,
        key: claim?.key ?? null,
        hash: claim?.requestHash ?? null,
        attempt: input.attempt,
        lease_ms: Math.round(input.leaseMs),
        hold: charge !== null,
        organization: charge?.organizationId ?? null,
        api_key: charge?.apiKeyId ?? null,
        deployment: charge?.deployment ?? null,
        spike_factor: charge?.spendSpike.factor ?? 0,
        spike_floor: charge?.spendSpike.floorMicros ?? 0,
      };
      const result = beginBatcher
        ? await beginBatcher.submit(item)
        : await call<Json>(
            db,
            sql`select vapi_begin(${item.scope}, ${item.key}, ${item.hash},
          ${item.attempt}::uuid, ${item.lease_ms}::integer, ${item.hold},
          ${item.organization}::uuid, ${item.api_key}::uuid,
          ${item.deployment}, ${item.spike_factor}::float8,
          ${item.spike_floor}::bigint) as result`,
          );
      switch (result.outcome) {
        case 'held':
          return { kind: 'new', hold: holdOf(result) };
        case 'new':
          return { kind: 'new', hold: null };
        case 'replay':
          return {
            kind: 'replay',
            statusCode: num(result.status) || 200,
            response: result.response,
          };
        case 'in_progress':
          return { kind: 'in_progress', retryAfterSeconds: Math.max(1, num(result.retry_after)) };
        case 'mismatch':
          return { kind: 'mismatch' };
        default:
          return { kind: 'refused', refusal: refusalOf(result) };
      }
    },

    /**
     * The call answered: its hold becomes the ledger row `entryId` and its answer is stored under
     * its key, in one transaction.
     */
    async capture(input: {
      holdId: string | null;
      entryId: string | null;
      apiKeyName: string | null;
      claim: IdempotencyClaim | null;
      attempt: string;
      statusCode: number;
      response: unknown;
      leaseMs: number;
      spendSpike: SpendSpikeThresholds;
      /** The call's organization and key: the order its capture takes locks in within a batch. */
      lockOrder?: string;
    }): Promise<CaptureOutcome> {
      const { claim } = input;
      const item: CaptureItem = {
        reservation: input.holdId,
        entry: input.entryId,
        api_key_name: input.apiKeyName,
        scope: claim?.scope ?? null,
        key: claim?.key ?? null,
        attempt: input.attempt,
        status: input.statusCode,
        lease_ms: Math.round(input.leaseMs),
        spike_factor: input.spendSpike.factor,
        spike_floor: input.spendSpike.floorMicros,
        // Stored only under a key (the answer a retry replays).
        ...(claim ? { response: input.response ?? null } : {}),
        ...(input.lockOrder ? { lock_order: input.lockOrder } : {}),
      };
      const result = captureBatcher
        ? await captureBatcher.submit(item)
        : await call<Json>(
            db,
            sql`select vapi_capture(${item.reservation}::uuid, ${item.entry}::uuid, ${item.api_key_name},
          ${item.scope}, ${item.key}, ${item.attempt}::uuid,
          ${item.status}::integer, ${claim ? JSON.stringify(item.response) : null}::jsonb,
          ${item.lease_ms}::integer, ${item.spike_factor}::float8, ${item.spike_floor}::bigint) as result`,
          );
      switch (result.outcome) {
        case 'captured':
          return {
            kind: 'captured',
            usage: (result.usage as Extract<CaptureOutcome, { kind: 'captured' }>['usage']) ?? null,
            balanceAfterMicros: result.balance_after == null ? null : num(result.balance_after),
            createdAt: result.created_at ? new Date(String(result.created_at)) : null,
          };
        case 'superseded':
          return { kind: 'superseded' };
        case 'settled':
          return { kind: 'settled' };
        default:
          return { kind: 'refused', refusal: refusalOf((result.hold ?? {}) as Json) };
      }
    },

    /**
     * A batch answered (migration 0019): the holds of its images that answered become the ledger
     * rows `entryIds` and the whole answer is stored under its key, in one transaction.
     * `lapsed`: one of the holds was released meanwhile; nothing was charged.
     */
    async captureBatch(input: {
      holdIds: string[];
      entryIds: string[];
      apiKeyName: string | null;
      claim: IdempotencyClaim | null;
      attempt: string;
      statusCode: number;
      response: unknown;
    }): Promise<{ kind: 'captured' } | { kind: 'superseded' } | { kind: 'lapsed' }> {
      const { claim } = input;
      const response = claim ? JSON.stringify(input.response ?? null) : null;
      try {
        const result = await call<Json>(
          db,
          sql`select vapi_capture_batch(${`{${input.holdIds.join(',')}}`}::uuid[],
            ${`{${input.entryIds.join(',')}}`}::uuid[], ${input.apiKeyName},
            ${claim?.scope ?? null}, ${claim?.key ?? null}, ${input.attempt}::uuid,
            ${input.statusCode}::integer, ${response}::jsonb) as result`,
        );
        return result.outcome === 'superseded' ? { kind: 'superseded' } : { kind: 'captured' };
      } catch (error) {
        const cause = (error as { cause?: { message?: string } })?.cause;
        if (
          `${(error as Error)?.message ?? ''} ${cause?.message ?? ''}`.includes(
            'vapi_batch_hold_lapsed',
          )
        ) {
          return { kind: 'lapsed' };
        }
        throw error;
      }
    },

    /** The call failed: its record is forgotten and its hold given back. */
    async fail(input: {
      holdId: string | null;
      claim: IdempotencyClaim | null;
      attempt: string;
    }): Promise<void> {
      if (!input.holdId && !input.claim) return;
      await db.execute(
        sql`select vapi_fail(${input.holdId}::uuid, ${input.claim?.scope ?? null},
          ${input.claim?.key ?? null}, ${input.attempt}::uuid)`,
      );
    },

    /** Gives one hold back; false when it was settled already. */
    async release(holdId: string): Promise<boolean> {
      return call<boolean>(db, sql`select vapi_release(${holdId}::uuid) as result`);
    },

    /** Renews the leases of the holds and records of the calls this process runs. */
    async renew(holdIds: string[], attempts: string[], leaseMs: number): Promise<void> {
      if (holdIds.length === 0 && attempts.length === 0) return;
      await db.execute(
        sql`select vapi_renew(${`{${holdIds.join(',')}}`}::uuid[], ${`{${attempts.join(',')}}`}::uuid[], ${Math.round(leaseMs)}::integer)`,
      );
    },

    /**
     * Holds whose lease lapsed (their process died or lost the database for longer than a lease),
     * and holds taken before leases existed that are older than `legacyAfterMs`.
     */
    async lapsedHolds(limit: number, legacyAfterMs: number): Promise<string[]> {
      return rows<{ id: string }>(
        await db.execute(sql`
          select id from usage_reservations
          where status = 'held' and (lease_until < now()
            or (lease_until is null and created_at < now() - make_interval(secs => ${legacyAfterMs / 1000})))
          limit ${limit}`),
      ).map((row) => row.id);
    },
  };
}
export type CallsRepository = ReturnType<typeof createCallsRepository>;
