import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts the scan refuses; moderate and minor ones are left to judgement. */
const REFUSED = new Set(['critical', 'serious']);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** The first node's markup and axe's explanation, to find it in the code. */
  example: string;
}

interface AxeResult {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[]; html: string; failureSummary?: string }[];
  }[];
}

/**
 * Runs axe-core (WCAG 2.1 A/AA and best practices, plus label-content-name-mismatch, which axe keeps
 * experimental) on the page as it is, and returns the critical and serious violations.
 */
export async function axeScan(page: Page): Promise<AxeFinding[]> {
  // evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses an inline <script>
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
  });
  return (result as AxeResult).violations
    .filter((violation) => REFUSED.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      example: `${violation.nodes[0]?.html.slice(0, 200) ?? ''} — ${violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
    }));
}

/** One line per violation with its rule id and at most 8 of its node targets. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => {
      const more = f.targets.length > 8 ? ` … and ${String(f.targets.length - 8)} more` : '';
      const nodes = `${f.targets.slice(0, 8).join(' | ')}${more}`;
      return `${f.impact} ${f.rule} (${f.help}) on ${String(f.targets.length)} node(s): ${nodes}\n  e.g. ${f.example}`;
    })
    .join('\n');
}
