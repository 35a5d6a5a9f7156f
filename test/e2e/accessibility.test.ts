import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations as violations } from './axe.ts';
import { type E2eEnvironment, eventually, startEnvironment } from './harness.ts';

// axe-core's rules over the main states of the UI: no serious or critical violation anywhere.

const TEST_MS = 60_000;

let env: E2eEnvironment;

beforeAll(async () => {
  env = await startEnvironment();
}, TEST_MS);

afterAll(async () => {
  await env?.close();
}, TEST_MS);

describe('accessibility (axe-core)', () => {
  it(
    'has no serious or critical violations in the main states, light and dark',
    async () => {
      const { page } = await env.open('/');
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.waitFor();
      const found: Record<string, string[]> = {};
      found.empty = await violations(page);

      await message.click();
      await message.pressSequentially('What does [[Sol');
      await page.getByRole('listbox', { name: 'Reference suggestions' }).waitFor();
      found.suggestions = await violations(page);
      await page.keyboard.press('Enter');
      await message.pressSequentially('say about silt?');
      await page.locator('[data-status="resolved"]').first().waitFor();
      found.chips = await violations(page);

      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const answer = page.locator('article[data-role="assistant"]').last();
      await eventually(() => answer.getAttribute('data-status')).toBe('complete');
      await page
        .getByRole('button', { name: /^Sources:/ })
        .first()
        .click();
      found.answer = await violations(page);

      // Source cards above the answer, turned on from the open settings menu.
      await page.getByRole('button', { name: 'Display settings' }).click();
      await page.getByRole('checkbox', { name: 'Source cards above answers' }).check();
      await answer.getByRole('list', { name: 'Source cards' }).waitFor();
      found.cards = await violations(page);
      await page.keyboard.press('Escape');

      await page.locator('.citation-badge').first().click();
      await page.locator('mark.cited').first().waitFor();
      found.viewer = await violations(page);

      await page.emulateMedia({ colorScheme: 'dark' });
      found.dark = await violations(page);
      await page.emulateMedia({ colorScheme: 'light' });

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Close source viewer' }).click();
      await page.getByRole('button', { name: 'Show sessions and documents' }).click();
      found.phone = await violations(page);

      expect(found).toEqual({
        empty: [],
        suggestions: [],
        chips: [],
        answer: [],
        cards: [],
        viewer: [],
        dark: [],
        phone: [],
      });
      await page.close();
    },
    TEST_MS,
  );
});
