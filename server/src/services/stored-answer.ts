/**
 * What an `Idempotency-Key` record keeps of a call's answer. A live key's answer is kept whole for
 * the 24-hour window (it was paid for; a retry must get it back). A free call's (test keys, the
 * docs' demo key) is kept whole only up to `keptAnswerBytes`: a larger answer (a panoptic answer
 * with its masks is about 329 KB) is stored as its size and SHA-256, so a free account cannot make
 * us store hundreds of gigabytes a day. A retry of such a call answers 410 `answer_not_kept`
 * (nothing was charged: the call was free), and the client sends it again under a new key.
 *
 * Pure functions: the metering code calls `answerToStore` just before the capture that writes the
 * record, and `notKeptAnswer` on a replayed record.
 */
import { createHash } from 'node:crypto';
import { ApiError } from '../lib/errors';

/** The status stored with an answer that was not kept (never 200: it is not the answer). */
export const NOT_KEPT_STATUS = 410;

/** The record of an answer that was not kept, in place of the answer. */
export interface NotKeptRecord {
  answer_not_kept: { answer_bytes: number; answer_sha256: string; kept_up_to_bytes: number };
}

export interface StoredAnswer {
  statusCode: number;
  response: unknown;
  /** Whether the answer itself is kept (a replay gets it back). */
  kept: boolean;
  /** The answer's size as JSON in bytes; null when not measured (a live key's, kept whole). */
  answerBytes: number | null;
  /** The stored record's size as JSON in bytes; null when not measured. */
  storedBytes: number | null;
}

/**
 * What to store for an answer. `keptAnswerBytes`: null keeps every answer whole (live keys,
 * unmeasured: no extra serialisation on the paid path); a number keeps answers up to that many
 * bytes of JSON whole and the others as their size and digest.
 */
export function answerToStore(answer: unknown, keptAnswerBytes: number | null): StoredAnswer {
  if (keptAnswerBytes === null) {
    return { statusCode: 200, response: answer, kept: true, answerBytes: null, storedBytes: null };
  }
  const json = JSON.stringify(answer ?? null);
  const answerBytes = Buffer.byteLength(json);
  if (answerBytes <= keptAnswerBytes) {
    return { statusCode: 200, response: answer, kept: true, answerBytes, storedBytes: answerBytes };
  }
  const record: NotKeptRecord = {
    answer_not_kept: {
      answer_bytes: answerBytes,
      answer_sha256: createHash('sha256').update(json).digest('hex'),
      kept_up_to_bytes: keptAnswerBytes,
    },
  };
  return {
    statusCode: NOT_KEPT_STATUS,
    response: record,
    kept: false,
    answerBytes,
    storedBytes: Buffer.byteLength(JSON.stringify(record)),
  };
}

function isNotKeptRecord(value: unknown): value is NotKeptRecord {
  const inner = (value as { answer_not_kept?: unknown } | null)?.answer_not_kept;
  return typeof inner === 'object' && inner !== null && 'answer_bytes' in inner;
}

/** 410 `answer_not_kept` for a replayed record whose answer was not kept; null otherwise. */
export function notKeptAnswer(stored: { statusCode: number; response: unknown }): ApiError | null {
  if (stored.statusCode !== NOT_KEPT_STATUS || !isNotKeptRecord(stored.response)) return null;
  const { answer_bytes, answer_sha256, kept_up_to_bytes } = stored.response.answer_not_kept;
  return new ApiError(
    'answer_not_kept',
    `This Idempotency-Key's call was answered (200, ${answer_bytes} bytes of JSON), but its answer was not kept: ` +
      `test and demo keys keep answers of up to ${kept_up_to_bytes} bytes for a retry. Test calls are free: ` +
      'send the call again with a new Idempotency-Key.',
    {
      details: {
        answer_bytes,
        answer_sha256,
        kept_up_to_bytes,
      },
    },
  );
}
