import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core in the page under test, WCAG 2.1 A and AA rules only (docs/accessibility.md). The
 * suite fails on critical and serious findings; moderate and minor ones are reported by
 * `npm run a11y:audit` for reading, not failed on.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/**
 * Rules beyond WCAG 2.1 that Lighthouse's accessibility score counts (issue 30: a score of 100 on
 * every main page): headings that skip a level, and targets under 24 px without room around them
 * (WCAG 2.2's 2.5.8). Both fail the suite whatever axe calls their impact.
 */
const lighthouseRules = ['heading-order', 'target-size'] as const;
const ruleOptions: Record<string, { enabled: boolean }> = Object.fromEntries(
  lighthouseRules.map((rule) => [rule, { enabled: true }]),
);

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  target: string;
  html: string;
  /** axe's own explanation of the failure (the measured contrast, the missing name). */
  detail: string;
}

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Every violating element of the page as it is now (dialogs open, viewport as set). */
export async function axeFindings(page: Page): Promise<Finding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated, not a <script>: the app's CSP allows no inline script (and must not for a test).
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ tags, rules }) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
      const result = (await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      })) as { violations: unknown[] };
      return result.violations;
    },
    { tags: [...wcagTags], rules: ruleOptions },
  );
  return (violations as AxeViolation[]).flatMap((violation) =>
    violation.nodes.map((node) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      target: node.target.map(String).join(' '),
      html: node.html.slice(0, 160),
      detail: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
    })),
  );
}

/** What the suite fails on: critical and serious findings, and the Lighthouse rules at any impact. */
export function blocking(findings: readonly Finding[]): Finding[] {
  return findings.filter(
    (finding) =>
      finding.impact === 'critical' ||
      finding.impact === 'serious' ||
      (lighthouseRules as readonly string[]).includes(finding.rule),
  );
}
