/**
 * The site reads the operations table through a plain-data index (contract/operations.generated.ts)
 * so the pages' bundles carry no schema. This test makes that copy trustworthy: the committed file
 * is exactly what scripts/generate-operations.ts writes from the table now, and the access table
 * and the client's defaults the site derives from it are the table's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATION_IDS, OPERATIONS, V1_ACCESS, endpointKeyOf, type OperationSpec } from '@contract';
import { API_MESSAGES } from '@contract/messages';
import { V1_CALLS } from '../../src/api/v1';
import {
  OPERATIONS_COMMAND,
  OPERATIONS_INDEX_FILE,
  operationsIndexSource,
} from '../../scripts/generate-operations';

describe('the operations index', () => {
  it(`is what ${OPERATIONS_COMMAND} writes`, { timeout: 30_000 }, async () => {
    expect(readFileSync(OPERATIONS_INDEX_FILE, 'utf8')).toBe(await operationsIndexSource());
  });

  it("gives every operation's access and the site client's defaults from the table", () => {
    for (const id of OPERATION_IDS) {
      const spec = OPERATIONS[id] as OperationSpec;
      const key = endpointKeyOf(id);
      expect((V1_ACCESS as Record<string, unknown>)[key]).toEqual(spec.access);
      if (spec.only) continue;
      const call = (V1_CALLS as Record<string, { message: string; auth?: string }>)[key]!;
      expect(call.message).toBe(API_MESSAGES[spec.client.message]);
      expect(call.auth).toBe(spec.client.auth);
    }
  });

  it('names every operation once, with a unique method and path', () => {
    const keys = OPERATION_IDS.map(endpointKeyOf);
    expect(new Set(keys).size).toBe(keys.length);
    for (const id of OPERATION_IDS) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
  });
});
