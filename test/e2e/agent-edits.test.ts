import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2eEnvironment,
  eventually,
  expectNoProblems,
  screenshot,
  startEnvironment,
} from './harness.ts';

// Agent mode in the web UI, with the OpenAI-compatible stub as the model: it asks for an
// `edit_section`, the UI shows the proposed diff, Apply writes the file, Undo restores it.

const TEST_MS = 60_000;
const NOTE = 'notes/projects/Solar Pump Project.md';
const NEW_TEXT =
  'A local technician must be able to swap the impeller with one spanner in 20 minutes.';

let env: E2eEnvironment;

beforeAll(async () => {
  env = await startEnvironment({
    stubScript: [
      {
        toolCalls: [
          {
            name: 'edit_section',
            arguments: { path: NOTE, section: 'Serviceability', content: NEW_TEXT },
          },
        ],
      },
      { text: 'I rewrote the Serviceability section. Review the diff, then apply it.' },
    ],
  });
}, TEST_MS);

afterAll(async () => {
  await env?.close();
}, TEST_MS);

const editRegion = (page: Page) => page.getByRole('region', { name: `Edit to ${NOTE}` });

describe('agent edits in the web UI', () => {
  it(
    'previews an edit as a diff, applies it to the file and undoes it exactly',
    async () => {
      const original = env.read(NOTE);
      expect(original).toContain('under 30 minutes');
      const { page, problems } = await env.open('/');
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.waitFor();

      await page
        .getByRole('radiogroup', { name: 'Mode' })
        .getByRole('radio', { name: 'Agent' })
        .check();
      const raw = '[[Solar Pump Project#Serviceability]]';
      await message.fill(`Rewrite ${raw} to say a technician needs one spanner and 20 minutes.`);
      const permission = page.getByRole('combobox', { name: `Permission for ${raw}` });
      await eventually(() => permission.inputValue()).toBe('write');
      await screenshot(page, 'agent-composer');
      await page.getByRole('button', { name: 'Send', exact: true }).click();

      const answer = page
        .getByRole('log', { name: 'Messages' })
        .locator('article[data-role="assistant"]')
        .last();
      await eventually(() => answer.getAttribute('data-status'), { timeout: 20_000 }).toBe(
        'complete',
      );
      // The model was offered the write tools: the turn really ran in agent mode.
      const tools = JSON.stringify(env.stub?.requests[0]?.tools ?? []);
      expect(tools).toContain('edit_section');

      const region = editRegion(page);
      await region.waitFor();
      const diff = region.locator('pre.diff');
      expect(await diff.textContent()).toContain(NEW_TEXT);
      // A preview only: nothing is written before Apply.
      expect(env.read(NOTE)).toBe(original);
      expect(await region.getByRole('button', { name: 'Discard' }).count()).toBe(1);
      await screenshot(page, 'agent-edit-proposed');

      await region.getByRole('button', { name: 'Apply' }).click();
      await region.getByText('Applied').first().waitFor();
      await eventually(() => env.read(NOTE)).toContain(NEW_TEXT);
      expect(env.read(NOTE)).not.toContain('under 30 minutes');
      await screenshot(page, 'agent-edit-applied');

      await region.getByRole('button', { name: 'Undo' }).click();
      await eventually(() => env.read(NOTE)).toBe(original);
      await eventually(() => region.getByRole('button', { name: 'Undo' }).count()).toBe(0);
      await screenshot(page, 'agent-edit-undone');

      // The stored session shows the same edit after a reload, no longer appliable.
      await page.reload();
      await editRegion(page).waitFor();
      expect(await editRegion(page).getByRole('button', { name: 'Apply' }).count()).toBe(0);
      expect(env.read(NOTE)).toBe(original);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});
