import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** One failed axe rule: what it checks (help), where it fails (targets). */
export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** The target: WCAG 2.2 AA (target size among others) and best practice. */
export const WCAG_22_AA = [...WCAG_21_AA, 'wcag22aa'];

/** axe-core's rules of these tags on the page as it is now (see axeViolations). */
export async function axeFindings(page: Page, tags: string[] = WCAG_22_AA): Promise<AxeFinding[]> {
  // Colours are measured as drawn: a dialog or helper text still fading in would be a false contrast failure.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (runOnly) => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const result = await inPage.run(document, { runOnly });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, tags);
}

/**
 * axe-core's WCAG 2.1 A/AA and best-practice rules on the page as it is now: the ids and targets of what fails.
 * Evaluated through the DevTools protocol, so the app's Content-Security-Policy (no inline scripts) stays as it is.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const findings = await axeFindings(page, WCAG_21_AA);
  return findings.map((v) => `${v.id}: ${v.targets.join(', ')}`);
}
