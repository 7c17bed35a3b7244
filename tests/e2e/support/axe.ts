/**
 * axe-core in the page, with every WCAG 2.0 / 2.1 / 2.2 A and AA rule and the best-practice rules
 * (the a11y suite's scans, and the suites that scan a state of their own, e.g. the playground's).
 */
import type { Page } from '@playwright/test';
import axeCore, { type AxeResults } from 'axe-core';

export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe-core's browser build, evaluated once in each document it scans. */
const AXE_SOURCE = axeCore.source;

export interface Violation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[]; failureSummary: string | null }>;
}

/**
 * axe.run with every rule of TAGS, in the page itself (the site has no frames of its own). axe
 * is injected once per document and stays there across in-app navigations: @axe-core/playwright
 * evaluated its 550 KB source again before every scan, which made each scan two to four times
 * slower (measured: 1.8–6.3 s against 0.4–2.7 s a scan on docs pages, on this 2-core machine).
 */
export async function runAxe(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    // The page as a reader sees it once it is still: a drawer fading in or a sidebar category
    // unfolding is caught mid-transition otherwise (colours half-blended, links half-clipped).
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    await Promise.race([
      Promise.allSettled(finite.map((a) => a.finished)),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
    const { axe } = window as unknown as {
      axe: { run: (...args: unknown[]) => Promise<AxeResults> };
    };
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String),
        failureSummary: n.failureSummary ?? null,
      })),
    }));
  }, TAGS);
}
