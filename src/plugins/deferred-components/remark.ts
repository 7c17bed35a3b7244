/**
 * Remark plugin: an MDX page imports the theme components its Markdown shows (fenced code blocks,
 * admonitions, <details>) instead of reaching them through the lazy wrappers of src/deferred.
 *
 * Why: the wrappers keep those components out of every page's first load, but a page that shows
 * one then loaded its chunk while hydrating. Until it arrived, the boundary stayed dehydrated,
 * and the first context update after hydration (Docusaurus's "is browser" flag, set in an effect)
 * reached it first: React cannot hydrate a suspended boundary, so it threw the server's HTML
 * away, showed the fallback (Infima's alert box, an unhighlighted <pre>) and built the component
 * again on arrival: a visible flash and 100–150 ms of extra main-thread work on the deployments
 * overview. Imported by the page's own MDX module, the component is in the route's chunks, which
 * Docusaurus loads before it hydrates: the page hydrates once, and pages without code, admonitions
 * or <details> still fetch none of it.
 *
 * JSON fences and HTTP header fences become the static blocks of src/components/StaticCodeBlock
 * (highlighted without Prism, as the reference's examples are), so a page whose only code is
 * JSON and headers fetches neither the theme's CodeBlock nor Prism.
 *
 * Otherwise the props are the ones the theme's MDX components pass on: a fence becomes
 * `<CodeBlock className="language-…" metastring="…">{code + "\n"}</CodeBlock>`, as
 * MDXComponents/Code receives it (the hast text of a fence ends with a newline).
 */
import type { Program } from 'estree';
import { httpHeaderTokens } from '../../components/StaticCodeBlock/http';

interface MdNode {
  type: string;
  name?: string | null;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  attributes?: unknown[];
  children?: MdNode[];
  data?: unknown;
}

/** The local name each component gets in the MDX module, and where it comes from. */
export const MDX_IMPORTS = {
  code: { local: 'VisionapiMdxCodeBlock', source: '@theme/CodeBlock' },
  admonition: { local: 'VisionapiMdxAdmonition', source: '@theme-original/Admonition' },
  // An admonition of a main type with a plain-text title: its type's component alone (the
  // theme's Admonition imports all of them, icons included, for any page that shows one).
  'admonition-note': { local: 'VisionapiMdxAdmonitionNote', source: '@theme/Admonition/Type/Note' },
  'admonition-tip': { local: 'VisionapiMdxAdmonitionTip', source: '@theme/Admonition/Type/Tip' },
  'admonition-info': { local: 'VisionapiMdxAdmonitionInfo', source: '@theme/Admonition/Type/Info' },
  'admonition-warning': {
    local: 'VisionapiMdxAdmonitionWarning',
    source: '@theme/Admonition/Type/Warning',
  },
  'admonition-danger': {
    local: 'VisionapiMdxAdmonitionDanger',
    source: '@theme/Admonition/Type/Danger',
  },
  details: { local: 'VisionapiMdxDetails', source: '@theme-original/MDXComponents/Details' },
  // Static blocks highlighted without Prism, as the reference's JSON examples are.
  json: { local: 'VisionapiMdxJsonCode', source: '@site/src/components/StaticCodeBlock/Json' },
  http: { local: 'VisionapiMdxHttpCode', source: '@site/src/components/StaticCodeBlock/Http' },
} as const;

type Kind = keyof typeof MDX_IMPORTS;

function literalProgram(value: string): Program {
  return {
    type: 'Program',
    sourceType: 'module',
    body: [
      {
        type: 'ExpressionStatement',
        expression: { type: 'Literal', value, raw: JSON.stringify(value) },
      },
    ],
  };
}

function importNode(kind: Kind): MdNode {
  const { local, source } = MDX_IMPORTS[kind];
  const program: Program = {
    type: 'Program',
    sourceType: 'module',
    body: [
      {
        type: 'ImportDeclaration',
        specifiers: [
          { type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name: local } },
        ],
        source: { type: 'Literal', value: source, raw: JSON.stringify(source) },
        attributes: [],
      },
    ],
  };
  return {
    type: 'mdxjsEsm',
    value: `import ${local} from ${JSON.stringify(source)};`,
    data: { estree: program },
  };
}

function stringAttribute(name: string, value: string) {
  return { type: 'mdxJsxAttribute', name, value };
}

/** `name={"value"}`: an expression, so the string keeps its newlines and spaces exactly. */
function stringExpressionAttribute(name: string, value: string) {
  return {
    type: 'mdxJsxAttribute',
    name,
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: JSON.stringify(value),
      data: { estree: literalProgram(value) },
    },
  };
}

function codeBlock(node: MdNode): MdNode {
  const code = `${node.value ?? ''}\n`;
  return {
    type: 'mdxJsxFlowElement',
    name: MDX_IMPORTS.code.local,
    attributes: [
      ...(node.lang ? [stringAttribute('className', `language-${node.lang}`)] : []),
      ...(node.meta ? [stringAttribute('metastring', node.meta)] : []),
      stringExpressionAttribute('children', code),
    ],
    children: [],
  };
}

/**
 * A fence that needs neither Prism nor the theme's CodeBlock: JSON, or HTTP header lines, with no
 * metastring (a title, highlighted lines or line numbers keep the theme's CodeBlock).
 */
function staticCodeBlock(node: MdNode): { kind: 'json' | 'http'; node: MdNode } | null {
  const code = node.value ?? '';
  if (node.meta) return null;
  const kind =
    node.lang === 'json' ? 'json' : node.lang === 'http' && httpHeaderTokens(code) ? 'http' : null;
  if (!kind) return null;
  return {
    kind,
    node: {
      type: 'mdxJsxFlowElement',
      name: MDX_IMPORTS[kind].local,
      attributes: [stringExpressionAttribute('code', code)],
      children: [],
    },
  };
}

const TYPED_ADMONITIONS = new Set<unknown>(['note', 'tip', 'info', 'warning', 'danger']);

/**
 * The component for an admonition: its type's own (which takes the same props the theme's
 * Admonition passes it), unless the title is Markdown (the theme's `mdxAdmonitionTitle` child,
 * which only the Admonition unwraps) or the type is one of the theme's aliases.
 */
function admonitionKind(node: MdNode, type: unknown): Kind {
  const complexTitle = node.children?.[0]?.type === 'mdxAdmonitionTitle';
  return !complexTitle && TYPED_ADMONITIONS.has(type)
    ? (`admonition-${type}` as Kind)
    : 'admonition';
}

/** Rewrites the tree in place; returns the kinds of component it now uses. */
export function importThemeComponents(root: MdNode): Set<Kind> {
  const used = new Set<Kind>();
  // Iterative walk: a deeply nested document cannot overflow the stack.
  const stack: MdNode[] = [root];
  while (stack.length > 0) {
    const parent = stack.pop()!;
    const children = parent.children;
    if (!children) continue;
    for (let i = 0; i < children.length; i += 1) {
      const child = children[i]!;
      if (child.type === 'code') {
        const fixed = staticCodeBlock(child);
        children[i] = fixed ? fixed.node : codeBlock(child);
        used.add(fixed ? fixed.kind : 'code');
        continue;
      }
      // Docusaurus's admonitions plugin (run before this one) leaves each admonition a
      // directive that becomes the hast element `admonition`: renamed to the import.
      const data = child.data as { hName?: string; hProperties?: { type?: unknown } } | undefined;
      if (child.type === 'containerDirective' && data?.hName === 'admonition') {
        const kind = admonitionKind(child, data.hProperties?.type);
        data.hName = MDX_IMPORTS[kind].local;
        used.add(kind);
      }
      if (
        (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') &&
        (child.name === 'admonition' || child.name === 'details')
      ) {
        used.add(child.name);
        child.name = MDX_IMPORTS[child.name].local;
      }
      stack.push(child);
    }
  }
  return used;
}

export default function remarkImportThemeComponents() {
  return (root: MdNode): void => {
    const used = importThemeComponents(root);
    const imports = [...used].sort().map(importNode);
    root.children?.unshift(...imports);
  };
}
