/**
 * Opaque page cursors for lists kept newest first: the (time, id) of the last row a page showed,
 * with the time to the microsecond as PostgreSQL keeps it (a JavaScript Date would round it and
 * skip or repeat rows that share a millisecond). The next page is the rows strictly before that
 * pair, on an index of (organization, time, id): rows inserted meanwhile are newer, so they
 * neither shift nor repeat the pages that follow.
 */
import { sql, type SQL } from 'drizzle-orm';
import { invalidRequest } from './errors';

export interface Keyset {
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ` as read with `keysetTime`. */
  at: string;
  id: string;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const IDS = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  bigint: /^[1-9]\d{0,17}$/,
} as const;
export type KeysetId = keyof typeof IDS;

/** The SQL text of a timestamptz column at full precision, in UTC, for a cursor. */
export const keysetTime = (column: SQL): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(`${keyset.at}|${keyset.id}`, 'utf8').toString('base64url');
}

/** The keyset a cursor names; a cursor this server did not write is a 400. */
export function decodeCursor(cursor: string, idType: KeysetId): Keyset {
  const text = cursor.length <= 200 ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const bar = text.indexOf('|');
  const at = text.slice(0, bar);
  const id = text.slice(bar + 1);
  if (bar < 0 || !AT.test(at) || !IDS[idType].test(id) || Number.isNaN(Date.parse(at))) {
    throw invalidRequest('Invalid query string: cursor is not one this API returned.');
  }
  return { at, id };
}

/** `(time, id) < (cursor)`: the rows after the cursor in newest-first order. */
export const before = (time: SQL, id: SQL, keyset: Keyset, idType: KeysetId): SQL =>
  sql`(${time}, ${id}) < (${keyset.at}::timestamptz, ${keyset.id}::${sql.raw(idType)})`;

/** `(time, id) > (cursor)`: the rows after the cursor in oldest-first order. */
export const after = (time: SQL, id: SQL, keyset: Keyset, idType: KeysetId): SQL =>
  sql`(${time}, ${id}) > (${keyset.at}::timestamptz, ${keyset.id}::${sql.raw(idType)})`;
