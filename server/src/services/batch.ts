/**
 * Batches (issue 35): `images`, up to MAX_BATCH_IMAGES images in one call, each given as `image`
 * or `image_url` would be, with the deployment's parameters shared. The answer is
 * `{ object: 'batch', results: [...], usage }` with one result per image, in the same order:
 * `{ index, status: 200, result }` or `{ index, status, error: { error_message, code, details? } }`.
 *
 * Each image is metered on its own: its price is held before it runs, given back at once when it
 * fails, and captured when it answered. The captures of every image that answered and the stored
 * answer commit in one transaction (vapi_capture_batch), so the whole call is idempotent under one
 * `Idempotency-Key`: a retry replays the whole answer, charged once. A batch none of whose images
 * answered is charged nothing and still answers 200 with every error (the call itself succeeded).
 * Images run BATCH_CONCURRENCY at a time.
 *
 * A batch sent with `Prefer: respond-async` is one job (jobs.ts, migration 0024): every image's
 * price is held when it is accepted, and its run (runBatchJob below) produces the same answer,
 * which is the job's result; the captures of the images that answered and the releases of the
 * others commit with it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '@contract';
import { describeDatabaseError } from '../lib/database-errors';
import { ApiError } from '../lib/errors';
import { superseded } from '../lib/idempotency';
import { generateId } from '../lib/keys';
import { microsToUsd } from '../lib/money';
import type { ApiKeyRow } from '../repositories/apiKeys';
import type { ClaimedJobItem } from '../repositories/jobs';
import type { OrganizationRow } from '../repositories/organizations';
import {
  answerFromRecord,
  claimOf,
  isRecordAnswer,
  refusalError,
  type MeteredCallDeps,
  type Usage,
} from './metering';
import { answerToStore } from './stored-answer';

export const BATCH_CONCURRENCY = 4;

/** One image of a batch as read from the body: its bytes, or its URL to fetch. */
export interface BatchItemInput {
  image: Buffer | null;
  imageUrl: string | null;
}

export type BatchItemResult =
  | { index: number; status: 200; result: Record<string, unknown> & { usage: Usage } }
  | {
      index: number;
      status: number;
      error: {
        error_message: string;
        code: ErrorCode;
        details?: Record<string, unknown>;
        /** Seconds after which this image may succeed when sent again (a retryable error). */
        retry_after?: number;
      };
    };

export interface BatchAnswer {
  object: 'batch';
  results: BatchItemResult[];
  usage: { cost_usd: number; remaining_credits: number; charged_images: number };
}

/** Stored batch answers are replayed as they are (not through a single answer's schema). */
export function isBatchAnswer(value: unknown): value is BatchAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { object?: unknown }).object === 'batch' &&
    Array.isArray((value as { results?: unknown }).results)
  );
}

export function errorResult(index: number, error: unknown): BatchItemResult {
  if (error instanceof ApiError) {
    return {
      index,
      status: error.statusCode,
      error: {
        error_message: error.message,
        code: error.code,
        ...(error.details ? { details: error.details as Record<string, unknown> } : {}),
        ...(error.retryAfterSeconds ? { retry_after: error.retryAfterSeconds } : {}),
      },
    };
  }
  return {
    index,
    status: ERROR_CODES.internal_error.status,
    error: {
      error_message: 'This image could not be processed. Nothing was charged for it.',
      code: 'internal_error',
    },
  };
}

/**
 * The batch answer of its results: the cost of the images that answered, the lowest balance their
 * holds left (at most `fallbackBalanceMicros`, the wallet before them) and how many were charged.
 */
export function batchAnswerOf(
  results: BatchItemResult[],
  fallbackBalanceMicros: number,
  chargedImages: number,
): BatchAnswer {
  let costMicros = 0;
  let balanceMicros = fallbackBalanceMicros;
  for (const result of results) {
    if (!('result' in result)) continue;
    const usage = result.result.usage;
    costMicros += Math.round(usage.cost_usd * 1_000_000);
    balanceMicros = Math.min(balanceMicros, Math.round(usage.remaining_credits * 1_000_000));
  }
  return {
    object: 'batch',
    results,
    usage: {
      cost_usd: microsToUsd(costMicros),
      remaining_credits: microsToUsd(balanceMicros),
      charged_images: chargedImages,
    },
  };
}

/**
 * A batch job's run: its images answered BATCH_CONCURRENCY at a time, each with the `usage` of its
 * own hold (taken when the job was accepted). Nothing is settled here: `entries` names the ledger
 * row of every charged image that answered, for the job's one closing transaction
 * (vapi_job_succeed_batch), which captures those holds and releases the others.
 */
export async function runBatchJob(
  job: {
    free: boolean;
    /** The wallet after the job's holds (a test key's: its balance). */
    balanceAfterMicros: number | null;
    priceMicros: number;
    items: ClaimedJobItem[];
  },
  produce: (item: BatchItemInput, usage: Usage) => Promise<Record<string, unknown>>,
): Promise<{ answer: BatchAnswer; entries: Record<string, string> }> {
  const { items } = job;
  const results: BatchItemResult[] = new Array(items.length);
  const entries: Record<string, string> = {};
  const runOne = async (position: number) => {
    const item = items[position]!;
    const entryId = randomUUID();
    const charged = !job.free && item.reservationId !== null;
    const usage: Usage = charged
      ? {
          cost_usd: microsToUsd(item.priceMicros),
          remaining_credits: microsToUsd(item.balanceAfterMicros ?? 0),
          transaction_id: entryId,
        }
      : {
          cost_usd: 0,
          remaining_credits: microsToUsd(job.balanceAfterMicros ?? 0),
          transaction_id: generateId('test'),
        };
    try {
      const result = await produce({ image: item.image, imageUrl: item.imageUrl }, usage);
      results[position] = { index: item.index, status: 200, result: { ...result, usage } };
      if (charged) entries[String(item.index)] = entryId;
    } catch (error) {
      results[position] = errorResult(item.index, error);
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < items.length) await runOne(next++);
  };
  await Promise.all(
    Array.from({ length: Math.min(BATCH_CONCURRENCY, items.length) }, () => worker()),
  );
  // None answered: every hold goes back, so the wallet is as before the job's holds.
  const fallback = (job.balanceAfterMicros ?? 0) + (job.free ? 0 : job.priceMicros);
  return {
    answer: batchAnswerOf(results, fallback, Object.keys(entries).length),
    entries,
  };
}

export async function batchCall(
  deps: MeteredCallDeps,
  call: {
    request: FastifyRequest;
    reply: FastifyReply;
    scope: string;
    requestDigest: () => string;
    key: ApiKeyRow;
    organization: OrganizationRow;
    deployment: string;
    charged: boolean;
    /** Largest answer kept whole for a replay (free calls: stored-answer.ts); null: all. */
    keptAnswerBytes?: number | null;
    unknownDeployment: () => ApiError;
  },
  items: BatchItemInput[],
  /** Loads (an `image_url`) and answers one image; throws ApiError for its refusal. */
  produce: (item: BatchItemInput, usage: Usage) => Promise<Record<string, unknown>>,
): Promise<BatchAnswer | FastifyReply> {
  const { key, organization } = call;
  const claim = claimOf(call);
  const attempt = randomUUID();
  const leaseMs = deps.leases.leaseMs;
  if (claim) {
    const begun = await deps.repos.calls.begin({ claim, attempt, leaseMs, charge: null });
    if (isRecordAnswer(begun)) return answerFromRecord(begun, call.reply);
  }
  const untrackClaim = deps.leases.track({ attempt: claim ? attempt : null });
  // Holds taken and not yet settled: given back if anything fails before the capture.
  const open = new Map<string, () => void>();
  const captured: { holdId: string; entryId: string }[] = [];
  const results: BatchItemResult[] = new Array(items.length);
  let lastBalanceMicros = organization.balanceMicros;
  let settled = false;

  const runOne = async (index: number) => {
    const item = items[index]!;
    let holdId: string | null = null;
    try {
      let usage: Usage;
      let entryId: string | null = null;
      if (call.charged) {
        const begun = await deps.repos.calls.begin({
          claim: null,
          attempt,
          leaseMs,
          charge: {
            organizationId: organization.id,
            apiKeyId: key.id,
            deployment: call.deployment,
            spendSpike: deps.spendSpike,
          },
        });
        if (begun.kind === 'refused') throw await refusalError(deps, begun.refusal, call);
        if (begun.kind !== 'new' || !begun.hold) throw new Error(`hold: ${begun.kind}`);
        const hold = begun.hold;
        holdId = hold.id;
        open.set(hold.id, deps.leases.track({ holdId: hold.id }));
        entryId = randomUUID();
        usage = {
          cost_usd: microsToUsd(hold.amountMicros),
          remaining_credits: microsToUsd(hold.balanceAfterMicros),
          transaction_id: entryId,
        };
      } else {
        usage = {
          cost_usd: 0,
          remaining_credits: microsToUsd(organization.balanceMicros),
          transaction_id: generateId('test'),
        };
      }
      const result = await produce(item, usage);
      results[index] = { index, status: 200, result: { ...result, usage } };
      if (holdId && entryId) captured.push({ holdId, entryId });
    } catch (error) {
      results[index] = errorResult(index, error);
      if (holdId) {
        // This image failed: its hold goes back now, whatever the others do.
        open.get(holdId)?.();
        open.delete(holdId);
        await deps.repos.calls
          .fail({ holdId, claim: null, attempt })
          .catch((failure: unknown) =>
            deps.log.warn(
              { db: describeDatabaseError(failure) },
              'batch image not settled; its lease will lapse and a sweep will give it back',
            ),
          );
      }
    }
  };

  try {
    let next = 0;
    const worker = async () => {
      while (next < items.length) await runOne(next++);
    };
    await Promise.all(
      Array.from({ length: Math.min(BATCH_CONCURRENCY, items.length) }, () => worker()),
    );
    const answer = batchAnswerOf(results, organization.balanceMicros, captured.length);
    lastBalanceMicros = Math.round(answer.usage.remaining_credits * 1_000_000);
    if (captured.length > 0 || claim) {
      // What the record keeps of the answer: a free batch's only up to a size.
      const stored = answerToStore(answer, claim ? (call.keptAnswerBytes ?? null) : null);
      const outcome = await deps.repos.calls.captureBatch({
        holdIds: captured.map((c) => c.holdId),
        entryIds: captured.map((c) => c.entryId),
        apiKeyName: key.name,
        claim,
        attempt,
        statusCode: stored.statusCode,
        response: stored.response,
      });
      if (outcome.kind === 'superseded') throw superseded();
      if (outcome.kind === 'lapsed') {
        throw new ApiError(
          'service_unavailable',
          'This batch took too long to be charged safely; nothing was charged. Retry it.',
          { retryAfterSeconds: 2 },
        );
      }
    }
    settled = true;
    for (const untrack of open.values()) untrack();
    open.clear();
    if (captured.length > 0) deps.billing.afterUsage(organization, lastBalanceMicros);
    return answer;
  } finally {
    untrackClaim();
    if (!settled) {
      for (const untrack of open.values()) untrack();
      await Promise.all(
        [...open.keys()].map((holdId) =>
          deps.repos.calls.fail({ holdId, claim: null, attempt }).catch(() => undefined),
        ),
      );
      await deps.repos.calls
        .fail({ holdId: null, claim, attempt })
        .catch((error: unknown) =>
          deps.log.warn(
            { db: describeDatabaseError(error) },
            'batch not settled; its lease will lapse and a retry will take it over',
          ),
        );
    }
  }
}
