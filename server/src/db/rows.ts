/**
 * The rows of a `db.execute(sql…)` result: node-postgres answers `{ rows }`, PGlite's drizzle
 * driver the same, and some drivers an array. One place for every raw query's reader.
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
