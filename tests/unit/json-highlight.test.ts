/**
 * The JSON highlighter without Prism (src/components/StaticCodeBlock/json.ts) writes exactly the
 * HTML that Prism's json grammar gives through highlight.ts, on every reference example and on
 * hostile text, in time linear in the text.
 */
import { describe, expect, it } from 'vitest';
import { Prism } from 'prism-react-renderer';
import { codeTheme } from '@site/src/config/prismTheme';
import { highlightToHtml, type PrismLike } from '@site/src/components/StaticCodeBlock/highlight';
import { highlightJsonToHtml, jsonTokens } from '@site/src/components/StaticCodeBlock/json';
import { exampleJsonBody } from '@site/src/components/DeploymentReference/facts';
import { DEPLOYMENT_DOCS } from '@site/src/generated/reference';
import { EXAMPLE_RESULTS } from '@site/src/playground/examples';

const prism = Prism as unknown as PrismLike;
const withPrism = (code: string) => highlightToHtml(prism, codeTheme, code, 'json');

describe('JSON highlighting without Prism', () => {
  it('is the same HTML as Prism on every reference example and document', () => {
    const cases: string[] = [];
    for (const example of Object.values(EXAMPLE_RESULTS)) {
      cases.push(JSON.stringify(example, null, 2));
      cases.push(exampleJsonBody(example as never));
    }
    for (const doc of Object.values(DEPLOYMENT_DOCS)) cases.push(JSON.stringify(doc, null, 2));
    expect(cases.length).toBeGreaterThan(10);
    for (const code of cases) expect(highlightJsonToHtml(codeTheme, code)).toBe(withPrism(code));
  });

  it.each([
    ['numbers', '[0, -1, 1.5, -0.25, 1e-7, 2E+10, 3e5, 12345678901234567890]'],
    ['keywords', '{"a": true, "b": false, "c": null, "truest": "nullish"}'],
    ['escapes', String.raw`{"q\"uote": "back\\slash \" \n \u00e9", "k": "\\"}`],
    ['html', '{"<b>": "<script>alert(1)</script> & \' \\""}'],
    ['nesting', JSON.stringify({ a: [[[{}]]], b: [{ c: [] }] }, null, 2)],
    ['whitespace before a colon', '{"a"\n   : 1, "b"\t:2}'],
    ['blank lines', '{\n\n  "a": [1,\n\n    2]\n}\n'],
    ['unicode', JSON.stringify({ clé: 'naïve 🐕 \u2028 text' })],
    ['not JSON', 'abc-1 x1 1x 1.x 1e 1e+ -- "open'],
    ['empty', ''],
  ])('is the same HTML as Prism: %s', (_, code) => {
    expect(highlightJsonToHtml(codeTheme, code)).toBe(withPrism(code));
  });

  it('keeps every character, in order', () => {
    const code = JSON.stringify({ x: [1, 'two', null], y: { z: false } }, null, 2);
    expect(
      jsonTokens(code)
        .map(([, text]) => text)
        .join(''),
    ).toBe(code);
  });

  // Quadratic work on these inputs would take minutes and pass the test's 5 s timeout; one linear
  // pass takes milliseconds.
  it('reads hostile text in one pass (a 2 MB string, 200,000 numbers, 100,000 nested arrays)', () => {
    const hostile = [
      JSON.stringify({ s: 'a\\"'.repeat(700_000) }),
      `[${Array.from({ length: 200_000 }, (_, i) => i - 100_000).join(',')}]`,
      '['.repeat(100_000) + ']'.repeat(100_000),
      '"'.repeat(300_000),
      '1'.repeat(300_000) + 'a',
    ];
    for (const code of hostile) {
      const tokens = jsonTokens(code);
      expect(tokens.map(([, text]) => text).join('')).toBe(code);
    }
  }, 60_000);
});
