import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.2 AA: every A and AA rule of the three versions (axe tags each rule with the version that added it). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** One line per failing element: rule, impact, where, and axe's summary of what to fix. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `- ${violation.id} (${violation.impact ?? node.impact ?? 'unknown'}) at ${node.target.join(' ')}: ${
            node.failureSummary?.replace(/\s+/g, ' ').trim() ?? violation.help
          }`,
      ),
    )
    .join('\n');
}

/**
 * Runs axe on what the page shows now (open dialogs, menus and notifications included) and fails
 * with the list of WCAG A/AA violations. axe is injected through page.evaluate, which the portal's
 * Content-Security-Policy does not govern: the context keeps the CSP on.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // Mantine's transitions animate opacity: wait until nothing is fading in, or axe measures half-drawn
  // colours. Spinners loop for ever and change no colour: they are not waited for. Two frames first:
  // a transition that React has just asked for (a menu opening) starts only at the next frame.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).analyze();
  expect(results.violations.length, `axe on ${label}:\n${describeViolations(results.violations)}`).toBe(0);
}
