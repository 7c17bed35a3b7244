/**
 * Finds what a Content-Security-Policy must allow in a page's HTML: the hash of every inline script
 * the browser would run, and the inline code no hash can allow (event-handler attributes,
 * `javascript:` URLs). The HTML is parsed as a browser parses it (parse5), so the hashed text is
 * exactly the text the browser hashes (raw text up to `</script`, line endings normalised).
 */
import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

// Types a browser executes (HTML "script type" rules); anything else, such as
// application/ld+json, is a data block that CSP does not govern.
const SCRIPT_MIME =
  /^((text|application)\/(x-)?(java|ecma)script|text\/javascript1\.[0-5]|text\/(jscript|livescript))$/;
const EXECUTED_NON_MIME_TYPES = new Set(['module', 'importmap', 'speculationrules']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href']);

export interface InlineCode {
  /** `'sha256-…'` source expressions, one per distinct inline script. */
  scriptHashes: string[];
  /** Inline code that only 'unsafe-inline' / 'unsafe-hashes' could allow, described for errors. */
  unhashable: string[];
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

export function isExecutedScript(element: Element): boolean {
  if (element.tagName !== 'script' || attribute(element, 'src') !== undefined) return false;
  const type = attribute(element, 'type')?.trim().toLowerCase();
  if (!type) return true;
  return SCRIPT_MIME.test(type) || EXECUTED_NON_MIME_TYPES.has(type);
}

export function cspHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

function* elements(node: Node): Generator<Element> {
  if (isElement(node)) {
    yield node;
    // <template> keeps its children in a separate fragment.
    if (node.tagName === 'template' && 'content' in node) yield* elements(node.content as Node);
  }
  if ('childNodes' in node) for (const child of node.childNodes) yield* elements(child);
}

function textOf(element: Element): string {
  return element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
}

export function inlineCode(html: string): InlineCode {
  const hashes = new Set<string>();
  const unhashable: string[] = [];
  for (const element of elements(parse(html))) {
    if (isExecutedScript(element)) {
      const text = textOf(element);
      if (text.length > 0) hashes.add(cspHash(text));
    }
    for (const { name, value } of element.attrs) {
      if (name.startsWith('on')) unhashable.push(`<${element.tagName} ${name}="…">`);
      else if (URL_ATTRIBUTES.has(name) && /^\s*javascript:/i.test(value))
        unhashable.push(`<${element.tagName} ${name}="javascript:…">`);
    }
  }
  return { scriptHashes: [...hashes], unhashable };
}
