/**
 * What "fits" means for a page, checked from outside: the page is no wider than the window, and
 * every control of its main content (or of the dialog open over it) lies inside the window's
 * width and, scrolled to the middle of the window, is the element found at its own centre
 * (nothing covers it: a badge, a banner, a neighbour). Used at 1280, 1024 and 390 px.
 */
import { expect, type Page } from '@playwright/test';

export interface LayoutReport {
  pageWidth: number;
  windowWidth: number;
  problems: string[];
}

export async function layoutReport(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const windowWidth = root.clientWidth;
    const problems: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`;
    // An open dialog covers the page by design: then its own controls are the ones to reach.
    const dialog = document.querySelector('[role="dialog"]');
    const controls = dialog
      ? Array.from(
          dialog.querySelectorAll<HTMLElement>(
            'button, a[href], select, input:not([type="hidden"]), textarea',
          ),
        )
      : Array.from(
          document.querySelectorAll<HTMLElement>(
            'main button, main a[href], main select, main input:not([type="hidden"]), main textarea',
          ),
        );
    const startY = window.scrollY;
    for (const el of controls) {
      // Not rendered: display none, a closed <details>, hidden, transparent.
      if (
        el.getClientRects().length === 0 ||
        !el.checkVisibility({
          contentVisibilityAuto: true,
          opacityProperty: true,
          visibilityProperty: true,
        })
      )
        continue;
      // Visually hidden (a skip link, a screen-reader label): not a control a person looks for.
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left < -1 || box.right > windowWidth + 1) {
        problems.push(`${name(el)} reaches ${Math.round(box.left)}–${Math.round(box.right)} px`);
        continue;
      }
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      const r = el.getBoundingClientRect();
      const x = Math.min(Math.max(r.left + r.width / 2, 0), windowWidth - 1);
      const y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== el && !el.contains(hit) && !hit.contains(el)) {
        // A label that wraps its own input (a checkbox, a radio) forwards the click: fine.
        const label = hit.closest('label');
        if (!(label && (label.control === el || label.contains(el)))) {
          problems.push(`${name(el)} is covered by ${name(hit)}`);
        }
      }
    }
    window.scrollTo(0, startY);
    return { pageWidth: root.scrollWidth, windowWidth, problems };
  });
}

/** The page fits its window at its current width; the report says what does not. */
export async function expectFits(page: Page, what: string): Promise<LayoutReport> {
  const report = await layoutReport(page);
  expect(
    {
      width: report.pageWidth <= report.windowWidth ? 'fits' : report.pageWidth,
      problems: report.problems,
    },
    `${what} at ${report.windowWidth} px`,
  ).toEqual({ width: 'fits', problems: [] });
  return report;
}

/** Checks the page at each width, then puts the window back to the first. */
export async function expectFitsAt(
  page: Page,
  what: string,
  widths: number[] = [1280, 390],
): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    // Let layout-dependent components (tables that become cards) settle.
    await page.waitForTimeout(150);
    // LAYOUT_SCREENSHOTS=<dir>: keep a picture of each page at each width, to look at.
    const folder = process.env.LAYOUT_SCREENSHOTS;
    if (folder) {
      const file = `${what.replace(/[^\w-]+/g, '-')}-${width}.png`;
      await page.screenshot({ path: `${folder}/${file}`, fullPage: true });
    }
    await expectFits(page, what);
  }
  await page.setViewportSize(original);
}
