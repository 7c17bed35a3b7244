/**
 * Metering: a call's price is held from the wallet (and the key's monthly cap), the answer is
 * produced, then the hold is captured into a ledger row together with the stored answer, or
 * released on any failure. Nobody pays for a failure, nobody pays twice; the balance, the cap and
 * the member's limit are exact under concurrency (migration 0009's functions).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Billing } from '../billing/service';
import { describeDatabaseError } from '../lib/database-errors';
import { ApiError } from '../lib/errors';
import { idempotencyKeyOf, keyReused, replay, stillRunning, superseded } from '../lib/idempotency';
import { generateId } from '../lib/keys';
import type { LeaseKeeper } from '../lib/leases';
import { microsToUsd } from '../lib/money';
import { monthToDateMicros, nextUtcMonth } from '../lib/month';
import type { Repositories } from '../repositories';
import type { BeginOutcome, HoldRefusal, IdempotencyClaim } from '../repositories/calls';
import type { ApiKeyRow } from '../repositories/apiKeys';
import type { OrganizationRow } from '../repositories/organizations';
import { keyLimitRefusal } from './key-limits';
import { answerToStore, notKeptAnswer } from './stored-answer';

/** The wallet cannot cover the price (or is negative after a refund or dispute). */
export function insufficientCredits(balanceMicros: number, priceMicros: number): ApiError {
  const details = {
    balance_usd: microsToUsd(balanceMicros),
    price_usd: microsToUsd(priceMicros),
  };
  if (balanceMicros < 0) {
    return new ApiError(
      'insufficient_credits',
      `Your balance is negative ($${microsToUsd(balanceMicros)}) after a refund or a card dispute took back credits that were already spent. Buy credits to continue.`,
      { details },
    );
  }
  return new ApiError(
    'insufficient_credits',
    `Insufficient credits: this call costs $${microsToUsd(priceMicros)}. Buy credits to continue.`,
    { details },
  );
}

/** The start of the next UTC month, when caps and members' limits start again. */
function resetsAt(): string {
  return nextUtcMonth().toISOString();
}

/**
 * A key past its monthly cap: not a 429 (waiting minutes does not help, nor does paying more), so
 * `x-should-retry: false`; the key may be used again when the UTC month turns
 * (`details.resets_at`) or the cap is raised. The figures are the ones read under the key's lock
 * when the hold was refused (or, before the body is read, the key's row).
 */
export function capReached(figures: {
  capMicros: number;
  spentMicros: number;
  priceMicros: number;
}): ApiError {
  const next = nextUtcMonth();
  return new ApiError(
    'key_cap_reached',
    `This API key has reached its monthly spend cap of $${microsToUsd(figures.capMicros)} ` +
      `($${microsToUsd(figures.spentMicros)} spent this month; this call costs $${microsToUsd(figures.priceMicros)}). ` +
      `Nothing was charged. Raise the cap on the API keys page, use another key, or wait until ${next.toISOString().slice(0, 10)} (UTC).`,
    {
      details: {
        cap_usd: microsToUsd(figures.capMicros),
        spent_usd: microsToUsd(figures.spentMicros),
        price_usd: microsToUsd(figures.priceMicros),
        resets_at: resetsAt(),
      },
    },
  );
}

/** The member who created the key has reached their monthly spend limit. */
export function memberLimitReached(hold: {
  priceMicros: number;
  limitMicros: number;
  spentMicros: number;
}): ApiError {
  const next = nextUtcMonth();
  return new ApiError(
    'member_limit_reached',
    `The member who created this API key has reached their monthly spend limit of $${microsToUsd(hold.limitMicros)} ` +
      `($${microsToUsd(hold.spentMicros)} spent this month; this call costs $${microsToUsd(hold.priceMicros)}). ` +
      `Nothing was charged. An owner or admin can raise the limit on the team page; otherwise wait until ${next.toISOString().slice(0, 10)} (UTC).`,
    {
      details: {
        limit_usd: microsToUsd(hold.limitMicros),
        spent_usd: microsToUsd(hold.spentMicros),
        price_usd: microsToUsd(hold.priceMicros),
        resets_at: resetsAt(),
      },
    },
  );
}

/** The leak circuit-breaker paused the key (nothing held, nothing charged). */
export function spendSpikePaused(hold: { daySpendMicros: number; trailingMicros: number }) {
  return new ApiError(
    'key_paused',
    `This API key was paused: its spend today ($${microsToUsd(hold.daySpendMicros)}) jumped far above its usual ` +
      `($${microsToUsd(hold.trailingMicros)} a day). Nothing was charged. The owner was e-mailed; if this usage is expected, ` +
      'enable the key again on the API keys page.',
    {
      details: {
        day_spend_usd: microsToUsd(hold.daySpendMicros),
        usual_daily_usd: microsToUsd(hold.trailingMicros),
      },
    },
  );
}

/** The checks made before the body is read, from the row the key look-up returned. */
export function precheck(key: ApiKeyRow, organization: OrganizationRow, priceMicros: number): void {
  if (
    key.monthlyCapMicros !== null &&
    monthToDateMicros(key) + priceMicros > key.monthlyCapMicros
  ) {
    throw capReached({
      capMicros: key.monthlyCapMicros,
      spentMicros: monthToDateMicros(key),
      priceMicros,
    });
  }
  if (organization.balanceMicros < priceMicros) {
    throw insufficientCredits(organization.balanceMicros, priceMicros);
  }
}

/** The error a refused hold answers with, from the figures read under lock. */
export async function refusalError(
  deps: { repos: Repositories; billing: Billing },
  refusal: HoldRefusal,
  call: { key: ApiKeyRow; organization: OrganizationRow; unknownDeployment: () => ApiError },
): Promise<ApiError> {
  switch (refusal.refused) {
    case 'cap':
      return capReached(refusal);
    case 'member_limit':
      return memberLimitReached(refusal);
    case 'spend_spike':
      // Paused once (a conditional update), and only that call e-mails the owner.
      if (await deps.repos.apiKeys.pauseForSpendSpike(call.key.id, call.organization.id)) {
        deps.billing.keyPaused(
          call.organization,
          call.key,
          refusal.daySpendMicros,
          refusal.trailingMicros,
        );
      }
      return spendSpikePaused(refusal);
    case 'insufficient':
      return insufficientCredits(refusal.balanceMicros, refusal.priceMicros);
    case 'key_limit': {
      // Paused, expired or restricted after the services host read the key (it remembers keys
      // until a change is notified): the same 403 its check would have answered.
      const now = new Date();
      const limited = keyLimitRefusal(
        {
          ...call.key,
          disabledAt: refusal.limit === 'disabled' ? now : null,
          disabledReason: refusal.limit === 'disabled' ? refusal.disabledReason : null,
          expiresAt: refusal.limit === 'expired' ? refusal.expiresAt : null,
          allowedDeployments: refusal.limit === 'deployment' ? refusal.allowedDeployments : null,
          allowedOrigins: null,
          usedForUi: false,
        },
        { path: refusal.deployment, origin: undefined },
        [],
        // The database's clock decided the expiry.
        refusal.expiresAt && refusal.expiresAt > now ? refusal.expiresAt : now,
      );
      await deps.repos.apiKeys.recordRefusal(call.key.id, refusal.limit).catch(() => undefined);
      return new ApiError(
        'key_restricted',
        limited?.message ?? 'This API key may not make this call. Nothing was charged.',
        { details: { limit: refusal.limit } },
      );
    }
    case 'unknown_key':
      // Deleted between its look-up and its hold.
      return new ApiError(
        'invalid_api_key',
        'Unknown API key. Check the key on the API keys page.',
      );
    default:
      return call.unknownDeployment();
  }
}

/** What a call's answer says about its cost. */
export interface Usage {
  cost_usd: number;
  remaining_credits: number;
  transaction_id: string;
}

/** The call's `Idempotency-Key` record to claim (`services:<key id>` scope), or null without one. */
export function claimOf(call: {
  request: FastifyRequest;
  scope: string;
  requestDigest: () => string;
}): IdempotencyClaim | null {
  const key = idempotencyKeyOf(call.request);
  return key ? { scope: call.scope, key, requestHash: call.requestDigest() } : null;
}

/** The outcomes of `begin` that its record answers by itself. */
export type RecordAnswer = Extract<BeginOutcome, { kind: 'replay' | 'in_progress' | 'mismatch' }>;

export const isRecordAnswer = (begun: BeginOutcome): begun is RecordAnswer =>
  begun.kind === 'replay' || begun.kind === 'in_progress' || begun.kind === 'mismatch';

/**
 * A finished call is replayed (410 when a free call's answer was not kept), a running one answers
 * 409, another request under the key 422.
 */
export function answerFromRecord(begun: RecordAnswer, reply: FastifyReply): FastifyReply {
  if (begun.kind === 'in_progress') throw stillRunning(begun.retryAfterSeconds);
  if (begun.kind === 'mismatch') throw keyReused();
  const notKept = notKeptAnswer(begun);
  if (notKept) throw notKept;
  return replay(reply, begun);
}

export interface MeteredCallDeps {
  repos: Repositories;
  billing: Billing;
  leases: LeaseKeeper;
  log: FastifyBaseLogger;
  spendSpike: { factor: number; floorMicros: number };
}

/**
 * Runs an image call exactly once per `Idempotency-Key`, in two transactions:
 *   1. `begin`: the key's record (a finished call is replayed, a running one answers 409 with the
 *      seconds its lease has left, another request under the key 422, an abandoned one is taken
 *      over) and, for a charged call, the hold of its price;
 *   2. `capture`: the charge and the stored answer together, fenced by the attempt.
 * The hold and the record stay leased while the answer is produced. Any failure gives the hold
 * back and forgets the record, so a retry runs afresh; a retry can never be charged twice, and a
 * charged answer can always be replayed.
 */
export async function meteredCall<A extends { usage: Usage }>(
  deps: MeteredCallDeps,
  call: {
    request: FastifyRequest;
    reply: FastifyReply;
    /** Who the key's records belong to (`services:<key id>`). */
    scope: string;
    requestDigest: () => string;
    key: ApiKeyRow;
    organization: OrganizationRow;
    deployment: string;
    /** False for a free call (a test key): no hold, nothing in the ledger. */
    charged: boolean;
    /**
     * Largest answer kept whole for an `Idempotency-Key` replay (free calls); a larger one is
     * stored as its size and digest (stored-answer.ts). Absent or null: every answer is kept.
     */
    keptAnswerBytes?: number | null;
    unknownDeployment: () => ApiError;
  },
  produce: (usage: Usage) => Promise<A>,
): Promise<A | FastifyReply> {
  const { key, organization } = call;
  const claim = claimOf(call);
  const attempt = randomUUID();
  const leaseMs = deps.leases.leaseMs;
  // A free call without an `Idempotency-Key` has nothing to record or hold: no round trip.
  const begun: BeginOutcome =
    !claim && !call.charged
      ? { kind: 'new', hold: null }
      : await deps.repos.calls.begin({
          claim,
          attempt,
          leaseMs,
          charge: call.charged
            ? {
                organizationId: organization.id,
                apiKeyId: key.id,
                deployment: call.deployment,
                spendSpike: deps.spendSpike,
              }
            : null,
        });
  if (isRecordAnswer(begun)) return answerFromRecord(begun, call.reply);
  if (begun.kind === 'refused') throw await refusalError(deps, begun.refusal, call);

  const hold = begun.hold;
  if (hold?.capMicros != null) {
    // A capped key's answers say how much of the cap is left, and when it starts again.
    call.reply.header('x-spend-cap-limit', microsToUsd(hold.capMicros));
    call.reply.header(
      'x-spend-cap-remaining',
      microsToUsd(Math.max(0, hold.capMicros - hold.spentMicros)),
    );
    call.reply.header(
      'x-spend-cap-reset',
      Math.max(1, Math.ceil((nextUtcMonth().getTime() - Date.now()) / 1000)),
    );
  }
  const untrack = deps.leases.track({ holdId: hold?.id, attempt: claim ? attempt : null });
  let settled = false;
  try {
    const entryId = hold ? randomUUID() : null;
    const usage: Usage = hold
      ? {
          cost_usd: microsToUsd(hold.amountMicros),
          remaining_credits: microsToUsd(hold.balanceAfterMicros),
          transaction_id: entryId!,
        }
      : {
          cost_usd: 0,
          remaining_credits: microsToUsd(organization.balanceMicros),
          transaction_id: generateId('test'),
        };
    const answer = await produce(usage);
    if (hold || claim) {
      // What the record keeps of the answer: a free call's only up to a size.
      const stored = answerToStore(answer, claim ? (call.keptAnswerBytes ?? null) : null);
      if (stored.answerBytes !== null) {
        deps.log.info(
          {
            organization_id: organization.id,
            answer_bytes: stored.answerBytes,
            stored_answer_bytes: stored.storedBytes,
            answer_kept: stored.kept,
          },
          stored.kept
            ? 'idempotency record keeps the answer'
            : 'idempotency record keeps the answer size and digest only',
        );
      }
      const captured = await deps.repos.calls.capture({
        holdId: hold?.id ?? null,
        entryId,
        apiKeyName: key.name,
        claim,
        attempt,
        statusCode: stored.statusCode,
        response: stored.response,
        leaseMs,
        spendSpike: deps.spendSpike,
        lockOrder: `${organization.id}/${key.id}`,
      });
      if (captured.kind === 'superseded') throw superseded();
      if (captured.kind === 'refused') throw await refusalError(deps, captured.refusal, call);
      if (captured.kind === 'settled') throw new Error('the usage hold was settled twice');
      settled = true;
      if (captured.usage) answer.usage = captured.usage;
      // Low-balance alert and auto-recharge, after the answer, from the row read at the start.
      if (hold) {
        deps.billing.afterUsage(
          organization,
          captured.balanceAfterMicros ?? hold.balanceAfterMicros,
        );
      }
    }
    settled = true;
    return answer;
  } finally {
    untrack();
    if (!settled) {
      // Whatever failed (the upstream, the answer, the database), nothing is charged and a
      // retry runs afresh. If the database is away, the leases lapse and a sweep or the retry
      // does this instead.
      await deps.repos.calls
        .fail({ holdId: hold?.id ?? null, claim, attempt })
        .catch((error: unknown) =>
          deps.log.warn(
            { db: describeDatabaseError(error) },
            'call not settled; its lease will lapse and a sweep or a retry will settle it',
          ),
        );
    }
  }
}
