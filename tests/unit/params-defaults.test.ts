/**
 * A deployment's parameters get their defaults from a precomputed list (server/src/services/
 * input.ts, issue 30: TypeBox's Value.Default was the heaviest step of a call's parameter check).
 * For every public deployment the list applies, and gives what Value.Default gives.
 */
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { PUBLIC_DEPLOYMENTS } from '@contract';
import { flatDefaults, withDefaults } from '../../server/src/services/input';

const samples: Array<Record<string, unknown>> = [
  {},
  { top_k: 3 },
  { top_k: 20 },
  { confidence_threshold: 0.1 },
  { confidence_threshold: 0.9, max_results: 3 },
  { max_results: 1 },
  { candidate_labels: ['cat', 'dog'] },
  { queries: ['red car'], confidence_threshold: 0.2 },
  { queries: ['red car', 'person with umbrella'], max_results: 100 },
];

describe('deployment parameter defaults', () => {
  for (const [path, deployment] of Object.entries(PUBLIC_DEPLOYMENTS)) {
    it(`${path}: the precomputed defaults give what Value.Default gives`, () => {
      const schema = deployment.params;
      expect(flatDefaults(schema)).not.toBeNull();
      const names = Object.keys((schema as { properties: object }).properties);
      for (const sample of samples) {
        const params = Object.fromEntries(
          Object.entries(sample).filter(([name]) => names.includes(name)),
        );
        const expected = Value.Default(schema, structuredClone(params));
        const got = withDefaults(schema, params);
        expect(got).toEqual(expected);
        // The caller's values are copied, not shared.
        for (const [name, value] of Object.entries(got)) {
          if (Array.isArray(value)) expect(value).not.toBe(params[name]);
        }
      }
    });
  }

  it('other schemas fall back to Value.Default', () => {
    const nested = Type.Object({
      inner: Type.Object({ a: Type.Integer({ default: 1 }) }),
    });
    expect(flatDefaults(nested)).toBeNull();
    expect(withDefaults(nested, { inner: {} })).toEqual({ inner: { a: 1 } });
  });
});
