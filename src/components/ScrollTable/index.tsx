/**
 * A table that may be wider than its column, in a scroll container. While the table overflows,
 * the container is a named region in the tab order, so it can be scrolled from the keyboard
 * (WCAG 2.1.1; axe's scrollable-region-focusable); while it fits, it is a plain box and adds no tab
 * stop. Without a label, the region is named after the heading the table sits under.
 */
import clsx from 'clsx';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './styles.module.css';

/** The text of the nearest heading before the element, among its earlier siblings. */
function headingBefore(element: HTMLElement): string | null {
  for (let node = element.previousElementSibling; node; node = node.previousElementSibling) {
    // Docusaurus headings end with a zero-width-space anchor link.
    if (/^H[1-6]$/.test(node.tagName))
      return node.textContent?.replace(/\u200B/g, '').trim() || null;
  }
  return null;
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
    if (!label) {
      const heading = headingBefore(element);
      setName(heading ? `Table: ${heading}` : 'Table');
    }
    const check = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
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
