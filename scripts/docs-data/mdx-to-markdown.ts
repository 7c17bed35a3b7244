/**
 * A docs page's MDX as plain Markdown, with unified/remark: the MDX is parsed as Docusaurus
 * parses it (remark-mdx, GFM, directives, front matter), every component is replaced by the
 * Markdown of what it renders (./components-markdown.ts) or, for an imported Markdown partial, by
 * that partial's own content; admonitions become block quotes, links point at the Markdown of
 * the page they name (absolute URLs); then remark-stringify writes CommonMark + GFM. An element,
 * expression or export it cannot turn into Markdown fails the build: no JSX reaches the output.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Blockquote, Heading, Link, Nodes, Paragraph, Root, RootContent } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { DEPLOYMENT_DOCS } from '../../src/generated/reference';
import { markdownPath } from '../../src/machine-docs/paths';
import type { DeploymentDoc } from '../../src/playground/schema-doc';
import * as components from './components-markdown';
import { siteHref, type DocPage, type SiteInfo } from './site';

const mdxParser = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ['yaml'])
  .use(remarkMdx)
  .use(remarkGfm)
  .use(remarkDirective);
const markdownParser = unified().use(remarkParse).use(remarkGfm);
// Unaligned tables: aligning pads every cell of a wide table with spaces, tokens for nothing.
const stringifier = unified().use(remarkGfm, { tablePipeAlign: false }).use(remarkStringify, {
  bullet: '-',
  emphasis: '_',
  fence: '`',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
});

interface Import {
  source: string;
  /** `default` or the exported name. */
  imported: string;
}

export interface ConvertContext {
  site: SiteInfo;
  /** Every docs page, to point links at the Markdown of the page they name. */
  pages: DocPage[];
}

const REFERENCE_MODULE = '@site/src/generated/reference/';
const COMPONENTS = '@site/src/components/';

/** The deployment whose generated reference module is `source`. */
function referenceDoc(source: string): DeploymentDoc {
  const name = source.slice(REFERENCE_MODULE.length);
  const doc = Object.values(DEPLOYMENT_DOCS).find((d) => d.path.replace(/\//g, '-') === name);
  if (!doc) throw new Error(`no generated reference named ${name}`);
  return doc;
}

// remark-mdx's types add its nodes to mdast's.
type Element = Extract<RootContent, { type: 'mdxJsxFlowElement' | 'mdxJsxTextElement' }>;
type MdxJsxAttribute = Extract<Element['attributes'][number], { type: 'mdxJsxAttribute' }>;

function attribute(element: Element, name: string): MdxJsxAttribute['value'] {
  const found = element.attributes.find(
    (a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === name,
  );
  return found?.value;
}

class Converter {
  constructor(
    private readonly context: ConvertContext,
    private readonly file: string,
    private readonly imports = new Map<string, Import>(),
  ) {}

  private fail(message: string, node?: Nodes): never {
    const at = node?.position ? `:${node.position.start.line}` : '';
    throw new Error(`${path.relative(process.cwd(), this.file)}${at}: ${message}`);
  }

  /** The value of an attribute naming an imported deployment reference (`doc={DOC}`). */
  private docAttribute(element: Element, name = 'doc'): DeploymentDoc {
    const value = attribute(element, name);
    const identifier = typeof value === 'object' && value ? value.value.trim() : null;
    const imported = identifier ? this.imports.get(identifier) : undefined;
    if (!imported?.source.startsWith(REFERENCE_MODULE)) {
      this.fail(
        `<${element.name}> needs ${name}={…} from ${REFERENCE_MODULE}<deployment>`,
        element,
      );
    }
    return referenceDoc(imported.source);
  }

  private stringAttribute(element: Element, name: string): string {
    const value = attribute(element, name);
    if (typeof value !== 'string') this.fail(`<${element.name}> needs ${name}="…"`, element);
    return value;
  }

  /** What a component renders, as Markdown. */
  private componentMarkdown(element: Element, imported: Import): string | null {
    const { site } = this.context;
    const key = `${imported.source.slice(COMPONENTS.length)}#${imported.imported}`;
    switch (key) {
      case 'DeploymentReference#default':
        return components.deploymentReference(site, this.docAttribute(element));
      case 'CodeSamples#default':
        return components.codeSamples(site, this.docAttribute(element));
      case 'Playground#default':
        return components.playground(site, this.docAttribute(element));
      case 'NotifyMe#default':
        return components.notifyMe(site, this.stringAttribute(element, 'name'));
      case 'DeploymentOverview#OverviewTable':
      case 'DeploymentOverview#default':
        return components.overviewTable(site);
      case 'DeploymentOverview#QuickStart':
        return components.quickStart(site);
      case 'DeploymentOverview#RateLimits':
        return components.rateLimits(site);
      case 'OpenApiDocuments#default':
        return components.openApiDocuments(site);
      default:
        return null;
    }
  }

  private element(element: Element): RootContent[] {
    const name = element.name ?? '';
    const imported = this.imports.get(name);
    if (!imported) this.fail(`<${name || 'fragment'}> is not an imported component`, element);
    if (imported.source.startsWith(COMPONENTS)) {
      const markdown = this.componentMarkdown(element, imported);
      if (markdown === null) this.fail(`no Markdown for <${name}> (${imported.source})`, element);
      const tree = markdownParser.parse(markdown);
      return this.children(tree.children as RootContent[]);
    }
    if (/\.mdx?$/.test(imported.source) && imported.imported === 'default') {
      const partial = path.resolve(path.dirname(this.file), imported.source);
      return new Converter(this.context, partial).tree(readFileSync(partial, 'utf8')).children;
    }
    return this.fail(`no Markdown for <${name}> (${imported.source})`, element);
  }

  /** A link of the MDX, as an absolute URL readers and tools can follow. */
  private href(url: string): string {
    const { site, pages } = this.context;
    if (url.startsWith('pathname://')) return siteHref(site, url.slice('pathname://'.length));
    const hashAt = url.indexOf('#');
    const target = hashAt < 0 ? url : url.slice(0, hashAt);
    const hash = hashAt < 0 ? '' : url.slice(hashAt);
    if (/\.mdx?$/.test(target) && !/^[a-z]+:/i.test(target)) {
      const file = path.resolve(path.dirname(this.file), target);
      const page = pages.find((p) => p.source === file);
      if (!page) this.fail(`a link to ${url} names no docs page`);
      return siteHref(site, markdownPath(page.permalink)) + hash;
    }
    if (target.startsWith('/')) return siteHref(site, target) + hash;
    return url;
  }

  private children(nodes: RootContent[]): RootContent[] {
    return nodes.flatMap((node) => this.node(node));
  }

  private node(node: RootContent): RootContent[] {
    switch (node.type) {
      case 'yaml':
      case 'mdxjsEsm':
        return [];
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        // Comments (`{/* … */}`) only; any other expression has no Markdown.
        if (/^\s*\/\*[\s\S]*\*\/\s*$/.test(node.value)) return [];
        return this.fail(`the expression {${node.value}} has no Markdown`, node);
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return this.element(node);
      case 'containerDirective': {
        const [first, ...rest] = node.children;
        const labelled = first?.type === 'paragraph' && first.data?.directiveLabel;
        const kind = node.name.charAt(0).toUpperCase() + node.name.slice(1);
        const label = labelled ? (first as Paragraph).children : [];
        const title: Paragraph = {
          type: 'paragraph',
          children: [
            {
              type: 'strong',
              children: [
                { type: 'text', value: label.length ? `${kind}: ` : kind },
                ...(label as Paragraph['children']),
              ],
            },
          ],
        };
        const body = labelled ? rest : node.children;
        const quote: Blockquote = {
          type: 'blockquote',
          children: [title, ...(this.children(body as RootContent[]) as Blockquote['children'])],
        };
        return [quote];
      }
      // Docusaurus reads `:name` in text as plain text unless a plugin claims it; so does this.
      case 'textDirective':
      case 'leafDirective': {
        const colons = node.type === 'textDirective' ? ':' : '::';
        const text = { type: 'text' as const, value: `${colons}${node.name}` };
        const inner = this.children(node.children as RootContent[]);
        return node.type === 'textDirective'
          ? [text, ...inner]
          : [{ type: 'paragraph', children: [text, ...(inner as Paragraph['children'])] }];
      }
      case 'link': {
        const link: Link = {
          ...node,
          url: this.href(node.url),
          children: this.children(node.children as RootContent[]) as Link['children'],
        };
        return [link];
      }
      case 'definition':
        return [{ ...node, url: this.href(node.url) }];
      default:
        if ('children' in node) {
          return [
            { ...node, children: this.children(node.children as RootContent[]) } as RootContent,
          ];
        }
        return [node];
    }
  }

  /** The converted tree of an MDX text. */
  tree(text: string): Root {
    const parsed = mdxParser.parse(text);
    for (const node of parsed.children) {
      if (node.type !== 'mdxjsEsm') continue;
      for (const statement of node.data?.estree?.body ?? []) {
        if (statement.type !== 'ImportDeclaration') {
          this.fail('only imports are allowed at the top level of a docs page', node);
        }
        for (const specifier of statement.specifiers) {
          this.imports.set(specifier.local.name, {
            source: String(statement.source.value),
            imported:
              specifier.type === 'ImportSpecifier'
                ? specifier.imported.type === 'Identifier'
                  ? specifier.imported.name
                  : String(specifier.imported.value)
                : 'default',
          });
        }
      }
    }
    return { type: 'root', children: this.children(parsed.children) };
  }
}

/** A docs page as Markdown: its title, its description as a quote, then its content. */
export function pageMarkdown(context: ConvertContext, page: DocPage): string {
  let children: RootContent[];
  if (page.source) {
    children = new Converter(context, page.source).tree(readFileSync(page.source, 'utf8')).children;
  } else {
    // A generated category index: the pages it lists.
    const list = (page.items ?? []).map((permalink) => {
      const item = context.pages.find((p) => p.permalink === permalink);
      if (!item) throw new Error(`${page.permalink}: lists ${permalink}, which is no docs page`);
      const url = siteHref(context.site, markdownPath(item.permalink));
      return `- [${item.title}](${url})${item.description ? `: ${item.description}` : ''}`;
    });
    children = markdownParser.parse(list.join('\n')).children as RootContent[];
  }
  const titleAt = children.findIndex((n) => n.type === 'heading' && n.depth === 1);
  const heading: Heading = {
    type: 'heading',
    depth: 1,
    children: [{ type: 'text', value: page.title }],
  };
  const description: RootContent[] = page.description
    ? [
        {
          type: 'blockquote',
          children: [{ type: 'paragraph', children: [{ type: 'text', value: page.description }] }],
        },
      ]
    : [];
  const body =
    titleAt < 0
      ? [heading, ...description, ...children]
      : [...children.slice(0, titleAt + 1), ...description, ...children.slice(titleAt + 1)];
  return stringifier.stringify({ type: 'root', children: body });
}
