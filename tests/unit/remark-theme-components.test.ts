/**
 * src/plugins/deferred-components/remark.ts: an MDX page imports the theme components its
 * Markdown shows, with the props the theme's MDX components would have passed.
 */
import { describe, expect, it } from 'vitest';
import remarkImportThemeComponents, {
  MDX_IMPORTS,
  importThemeComponents,
} from '../../src/plugins/deferred-components/remark';

type Node = Record<string, unknown> & { type: string; children?: Node[] };

const tree = (...children: Node[]): Node => ({ type: 'root', children });

describe('remark: import the theme components a page shows', () => {
  it('turns a fence into the theme CodeBlock with its class, metastring and code', () => {
    const root = tree({ type: 'code', lang: 'http', meta: 'title="Call"', value: 'GET /x' });
    remarkImportThemeComponents()(root as never);
    const [esm, block] = root.children!;
    expect(esm).toMatchObject({
      type: 'mdxjsEsm',
      value: `import ${MDX_IMPORTS.code.local} from "@theme/CodeBlock";`,
    });
    expect(block).toMatchObject({ type: 'mdxJsxFlowElement', name: MDX_IMPORTS.code.local });
    const attributes = block!.attributes as { name: string; value: unknown }[];
    expect(attributes.find((a) => a.name === 'className')?.value).toBe('language-http');
    expect(attributes.find((a) => a.name === 'metastring')?.value).toBe('title="Call"');
    // The hast text of a fence ends with a newline: the same string reaches the component.
    const children = attributes.find((a) => a.name === 'children')?.value as { value: string };
    expect(JSON.parse(children.value)).toBe('GET /x\n');
  });

  it('writes JSON fences and HTTP header fences as static blocks, without the theme’s CodeBlock', () => {
    const root = tree(
      { type: 'code', lang: 'json', meta: null, value: '{ "a": 1 }' },
      { type: 'code', lang: 'http', meta: null, value: 'api-key: KEY' },
      // A request line is not a header line: the theme's CodeBlock keeps it.
      { type: 'code', lang: 'http', meta: null, value: 'GET / HTTP/1.1' },
      // With a metastring (a title, highlighted lines), so does a JSON fence.
      { type: 'code', lang: 'json', meta: 'title="x"', value: '{}' },
    );
    remarkImportThemeComponents()(root as never);
    const names = root.children!.map((n) => n.name ?? n.value);
    expect(names).toEqual([
      `import ${MDX_IMPORTS.code.local} from "@theme/CodeBlock";`,
      `import ${MDX_IMPORTS.http.local} from "@site/src/components/StaticCodeBlock/Http";`,
      `import ${MDX_IMPORTS.json.local} from "@site/src/components/StaticCodeBlock/Json";`,
      MDX_IMPORTS.json.local,
      MDX_IMPORTS.http.local,
      MDX_IMPORTS.code.local,
      MDX_IMPORTS.code.local,
    ]);
    const code = (node: Node) =>
      JSON.parse(
        (node.attributes as { name: string; value: { value: string } }[]).find(
          (a) => a.name === 'code',
        )!.value.value,
      );
    // The code as written, without the fence's final newline (what the copy button copies).
    expect(code(root.children![3]!)).toBe('{ "a": 1 }');
    expect(code(root.children![4]!)).toBe('api-key: KEY');
  });

  it('leaves inline code, and imports nothing for a page without blocks', () => {
    const root = tree({ type: 'paragraph', children: [{ type: 'inlineCode', value: 'x' }] });
    remarkImportThemeComponents()(root as never);
    expect(root.children).toHaveLength(1);
    expect(root.children![0]!.children![0]).toEqual({ type: 'inlineCode', value: 'x' });
  });

  it('renames admonitions (directives) and <details> anywhere in the tree, importing each once', () => {
    const admonition = (type: string, children: Node[] = []): Node => ({
      type: 'containerDirective',
      name: type,
      data: { hName: 'admonition', hProperties: { type, title: 'Plain title' } },
      children,
    });
    const details: Node = { type: 'mdxJsxFlowElement', name: 'details', children: [] };
    // A Markdown title: the theme's mdxAdmonitionTitle child, which only its Admonition unwraps.
    const complexTitle = admonition('tip', [{ type: 'mdxAdmonitionTitle', children: [] }]);
    // 'caution' is one of the theme's aliases.
    const alias = admonition('caution');
    const nested: Node = {
      type: 'mdxJsxFlowElement',
      name: 'TabItem',
      children: [admonition('tip'), { type: 'code', lang: null, meta: null, value: 'a' }],
    };
    const root = tree(admonition('tip'), nested, details, complexTitle, alias, admonition('info'));
    remarkImportThemeComponents()(root as never);
    const imports = root.children!.filter((n) => n.type === 'mdxjsEsm').map((n) => n.value);
    expect(imports).toEqual([
      `import ${MDX_IMPORTS.admonition.local} from "@theme-original/Admonition";`,
      `import ${MDX_IMPORTS['admonition-info'].local} from "@theme/Admonition/Type/Info";`,
      `import ${MDX_IMPORTS['admonition-tip'].local} from "@theme/Admonition/Type/Tip";`,
      `import ${MDX_IMPORTS.code.local} from "@theme/CodeBlock";`,
      `import ${MDX_IMPORTS.details.local} from "@theme-original/MDXComponents/Details";`,
    ]);
    const hName = (node: Node) => (node.data as { hName: string }).hName;
    // A main type with a plain title: its type's component, which takes the same props.
    expect(hName(root.children![5]!)).toBe(MDX_IMPORTS['admonition-tip'].local);
    expect(hName(nested.children![0]!)).toBe(MDX_IMPORTS['admonition-tip'].local);
    expect(hName(root.children![10]!)).toBe(MDX_IMPORTS['admonition-info'].local);
    expect((root.children![5]!.data as { hProperties: unknown }).hProperties).toEqual({
      type: 'tip',
      title: 'Plain title',
    });
    expect(hName(complexTitle)).toBe(MDX_IMPORTS.admonition.local);
    expect(hName(alias)).toBe(MDX_IMPORTS.admonition.local);
    expect(nested.children![1]!.name).toBe(MDX_IMPORTS.code.local);
    // A fence without a language has no class, as the theme's.
    expect((nested.children![1]!.attributes as { name: string }[]).map((a) => a.name)).toEqual([
      'children',
    ]);
    expect(details.name).toBe(MDX_IMPORTS.details.local);
  });

  it('walks a deeply nested tree without recursion', () => {
    let inner: Node = { type: 'code', lang: 'bash', meta: null, value: 'ls' };
    for (let i = 0; i < 100_000; i += 1) inner = { type: 'blockquote', children: [inner] };
    expect([...importThemeComponents(inner as never)]).toEqual(['code']);
  });
});
