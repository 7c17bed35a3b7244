/**
 * HTTP header lines highlighted without Prism (src/components/StaticCodeBlock/http.ts): exactly
 * the HTML Prism's http grammar gives through highlight.ts, on the docs' header fences and on
 * variants; anything else is refused (the theme's CodeBlock keeps it), in time linear in the text.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Prism } from 'prism-react-renderer';
import { codeTheme } from '@site/src/config/prismTheme';
import { highlightToHtml, type PrismLike } from '@site/src/components/StaticCodeBlock/highlight';
import {
  highlightHttpHeadersToHtml,
  httpHeaderTokens,
} from '@site/src/components/StaticCodeBlock/http';

// Prism's http grammar, registered on prism-react-renderer's Prism as the theme does.
(globalThis as { Prism?: unknown }).Prism = Prism;
createRequire(import.meta.url)('prismjs/components/prism-http');
const prism = Prism as unknown as PrismLike;
const withPrism = (code: string) => highlightToHtml(prism, codeTheme, code, 'http');

/** The http fences of the docs, as written. */
function docsHttpFences(): string[] {
  const mdx = readFileSync('docs/public-deployment/index.mdx', 'utf8');
  return [...mdx.matchAll(/^```http\n([\s\S]*?)\n```$/gm)].map((m) => m[1]!);
}

describe('HTTP header lines without Prism', () => {
  it('is the same HTML as Prism on the docs’ header fences', () => {
    const fences = docsHttpFences();
    expect(fences.length).toBeGreaterThan(0);
    for (const code of fences)
      expect(highlightHttpHeadersToHtml(codeTheme, code)).toBe(withPrism(code));
  });

  it.each([
    ['one header', 'api-key: YOUR_API_KEY'],
    ['no space', 'X-Y:z'],
    ['tabs and spaces', 'X-Y: \t  value with  spaces  '],
    ['several lines', 'api-key: k\nIdempotency-Key: 7f1d2c9e\nAccept: application/json'],
    ['html in the value', 'X-Html: <script>alert("x")</script> & \' "'],
    ['colons in the value', 'Date: Tue, 24 Nov 2026 10:00:00 GMT'],
    ['unicode', 'X-Note: naïve 🐕 text'],
  ])('matches Prism: %s', (_name, code) => {
    expect(httpHeaderTokens(code)).not.toBeNull();
    expect(highlightHttpHeadersToHtml(codeTheme, code)).toBe(withPrism(code));
  });

  it.each([
    ['a request line', 'POST /object-detection HTTP/1.1\napi-key: k'],
    ['a status line', 'HTTP/1.1 200 OK'],
    ['a body', 'api-key: k\n\n{"a": 1}'],
    ['a continuation line', 'X-Long: a\n  b'],
    ['an empty value', 'X-Empty:   '],
    ['a content type (its body is another grammar)', 'Content-Type: application/json'],
    ['a security policy (another grammar)', "Content-Security-Policy: default-src 'self'"],
    ['no colon', 'just text'],
    ['empty', ''],
    ['carriage returns', 'A: b\r\nC: d'],
  ])('refuses %s', (_name, code) => {
    expect(httpHeaderTokens(code)).toBeNull();
    expect(highlightHttpHeadersToHtml(codeTheme, code)).toBeNull();
  });

  it('stays linear on huge and adversarial input', () => {
    const started = performance.now();
    expect(httpHeaderTokens(`X-${'a'.repeat(500_000)}: ${' '.repeat(500_000)}`)).toBeNull();
    expect(httpHeaderTokens(`${'a-'.repeat(300_000)}`)).toBeNull();
    const many = Array.from({ length: 50_000 }, (_, i) => `X-${i}: ${'v'.repeat(20)}`).join('\n');
    expect(httpHeaderTokens(many)).toHaveLength(50_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
