import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly string[] }[];
}

/** The serious and critical axe-core violations of the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(AXE_SOURCE);
  const found = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`,
  )) as AxeViolation[];
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}
