/**
 * A table that may be wider than its column, in a scroll container. While the table overflows,
 * the container is a named region in the tab order, so it can be scrolled from the keyboard
 * (WCAG 2.1.1; axe's scrollable-region-focusable); while it fits, it is a plain box and adds no tab
 * stop. Without a label, the region is named after the heading the table sits under and the
 * sentence that introduces it; names are unique on the page.
 */
import clsx from 'clsx';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './styles.module.css';

const text = (node: Element) => node.textContent?.replace(/\u200B/g, '').trim() ?? '';

/**
 * A name for a table from the page around it: the nearest heading before it among its earlier
 * siblings, and the sentence that introduces it when one does ("Request body (application/json):"),
 * so two tables under one heading get different names.
 */
function nameFromContext(element: HTMLElement): string {
  let lead = '';
  for (let node = element.previousElementSibling; node; node = node.previousElementSibling) {
    // Docusaurus headings end with a zero-width-space anchor link.
    if (/^H[1-6]$/.test(node.tagName)) {
      const heading = text(node);
      return `Table: ${[heading, lead].filter(Boolean).join(', ')}`;
    }
    const sentence = text(node);
    if (!lead && node.tagName === 'P' && sentence.endsWith(':') && sentence.length <= 120)
      lead = sentence.slice(0, -1);
  }
  return lead ? `Table: ${lead}` : 'Table';
}

/** The name, numbered when an earlier table on the page has the same one (landmark-unique). */
function uniqueName(element: HTMLElement, name: string): string {
  element.dataset.tableName = name;
  const same = Array.from(document.querySelectorAll<HTMLElement>('[data-table-name]')).filter(
    (other) => other.dataset.tableName === name,
  );
  const position = same.indexOf(element);
  return position > 0 ? `${name} (${position + 1})` : name;
}

export default function ScrollTable({
  label,
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  const [name, setName] = useState(label);

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    setName(uniqueName(element, label ?? nameFromContext(element)));
    const check = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const table = element.firstElementChild;
    if (typeof ResizeObserver === 'undefined' || !table) {
      check();
      return undefined;
    }
    // The observer reports both boxes once after the next layout, then on each change. Their sizes
    // come with the report: reading scrollWidth instead forced a layout of the page per table while
    // it hydrated (26–49 ms on the overview's five tables, unthrottled). The container has no
    // padding and the table no horizontal margin, so the table's border box against the
    // container's content box is scrollWidth against clientWidth.
    let boxWidth = 0;
    let tableWidth = 0;
    const inline = (entry: ResizeObserverEntry, box: 'content' | 'border') =>
      (box === 'content' ? entry.contentBoxSize : entry.borderBoxSize)?.[0]?.inlineSize ??
      entry.contentRect.width;
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        if (entry.target === element) boxWidth = inline(entry, 'content');
        else tableWidth = inline(entry, 'border');
      }
      setScrolls(tableWidth > boxWidth + 1);
    });
    observer.observe(element);
    observer.observe(table);
    return () => observer.disconnect();
  }, [label]);

  return (
    <div
      ref={ref}
      className={clsx(styles.scroll, className)}
      {...(scrolls ? { role: 'region', 'aria-label': name, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}
