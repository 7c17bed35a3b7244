import { describe, expect, it } from 'vitest';
import { Prism } from 'prism-react-renderer';
import { codeTheme } from '@site/src/config/prismTheme';
import {
  cssText,
  escapeHtml,
  highlightToHtml,
  themeStyles,
  type PrismLike,
} from '@site/src/components/StaticCodeBlock/highlight';

const prism = Prism as unknown as PrismLike;

/** The text a reader sees: tags removed, entities decoded. */
function text(html: string): string {
  return html
    .replace(/<[^<>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('static code block highlighting', () => {
  const json = JSON.stringify(
    { label: 'dog <b>&"\'', score: 0.98, box: [1, 2], ok: true, none: null },
    null,
    2,
  );

  it('keeps the code exactly, escaped', () => {
    const html = highlightToHtml(prism, codeTheme, json, 'json');
    expect(text(html)).toBe(json);
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;b&gt;&amp;\\&quot;&#39;');
  });

  it('keeps blank lines and a final newline', () => {
    const code = '{\n\n  "a": [1,\n\n    2]\n}\n';
    expect(text(highlightToHtml(prism, codeTheme, code, 'json'))).toBe(code);
  });

  it('marks tokens with Prism classes and the theme colours', () => {
    const html = highlightToHtml(prism, codeTheme, json, 'json');
    const styles = themeStyles(codeTheme, 'json');
    const property = cssText(styles.get('property')!);
    const number = cssText(styles.get('number')!);
    expect(property).toMatch(/^color:#[0-9a-f]{6}/);
    expect(html).toContain(
      `<span class="token property" style="${property}">&quot;label&quot;</span>`,
    );
    expect(html).toContain(`<span class="token number" style="${number}">0.98</span>`);
    expect(html).toMatch(/<span class="token boolean"[^>]*>true<\/span>/);
  });

  it('renders a language it does not know as escaped plain text', () => {
    const code = 'a < b && c';
    expect(highlightToHtml(prism, codeTheme, code, 'no-such-language')).toBe(escapeHtml(code));
  });

  it('writes styles as CSS text', () => {
    expect(cssText({ color: '#123456', fontStyle: 'italic', opacity: undefined })).toBe(
      'color:#123456;font-style:italic',
    );
  });
});
