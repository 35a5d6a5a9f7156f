import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
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
/** A rewrite of the Requirements section: its subsections go, one sentence changes a number. */
const LONG_LINE = `Farmers named ${Array.from({ length: 40 }, (_, i) => `need${i}`).join(', ')} in the survey.`;
const REQUIREMENTS = `The pump must move **2.5 m³/h at 25 m total dynamic head** under full sun. Most farms\n${LONG_LINE}`;

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
      {
        toolCalls: [
          {
            name: 'edit_section',
            arguments: { path: NOTE, section: 'Requirements', content: REQUIREMENTS },
          },
        ],
      },
      { text: 'I shortened the Requirements section.' },
    ],
  });
}, TEST_MS);

afterAll(async () => {
  await env?.close();
}, TEST_MS);

const editRegion = (page: Page) => page.getByRole('region', { name: `Edit to ${NOTE}` });

/** Sends `text` in agent mode and waits for its answer to complete. */
async function askAgent(page: Page, text: string): Promise<void> {
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.waitFor();
  await page
    .getByRole('radiogroup', { name: 'Mode' })
    .getByRole('radio', { name: 'Agent' })
    .check();
  await message.fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = page
    .getByRole('log', { name: 'Messages' })
    .locator('article[data-role="assistant"]')
    .last();
  await eventually(() => answer.getAttribute('data-status'), { timeout: 20_000 }).toBe('complete');
}

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
      // The configured model answers and can edit: no warning. The built-in one is offered too,
      // and picking it says so, pointing back at the one that can.
      const picker = page.getByRole('combobox', { name: 'Model' });
      await eventually(() => picker.inputValue()).toBe('openai-compatible:stub');
      const notice = page.getByRole('note', { name: 'Model cannot edit' });
      expect(await notice.count()).toBe(0);
      await picker.selectOption('offline');
      expect(await notice.textContent()).toContain('Pick OpenAI-compatible stub in the model menu');
      await picker.selectOption('openai-compatible:stub');
      await eventually(() => notice.count()).toBe(0);
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
      expect(env.stub?.requests[0]?.model).toBe('stub');

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

      // The export keeps the edit: what it did, where, what became of it, and its diff.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export .md' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(
        'Rewrite Solar Pump Project › Serviceability to say a tech….md',
      );
      const markdown = readFileSync(await download.path(), 'utf8');
      expect(markdown).toContain(
        '**Edit section** [[notes/projects/Solar Pump Project|notes/projects/Solar Pump Project.md]] — applied, then undone; allowed by `[[Solar Pump Project#Serviceability]]`.',
      );
      expect(markdown).toMatch(/```diff\n--- notes\/projects\/Solar Pump Project\.md[^\n]*\n/);
      expect(markdown).toContain(`+${NEW_TEXT}`);
      const [json] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: '.json' }).click(),
      ]);
      const exported = JSON.parse(readFileSync(await json.path(), 'utf8'));
      expect(exported.edits).toEqual([
        expect.objectContaining({ path: NOTE, status: 'undone', tool: 'edit_section' }),
      ]);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'shows a readable diff: no patch headers, changed words marked, long lines wrapped, lost headings named',
    async () => {
      const { page, problems } = await env.open('/');
      await askAgent(page, 'Rewrite [[Solar Pump Project#Requirements]] to be shorter.');
      const region = editRegion(page);
      await region.waitFor();
      const text = (await region.textContent()) ?? '';
      expect(text).not.toMatch(/Index:|={5,}|\+\+\+ |--- notes|@@/);
      // The subsections the rewrite drops are named before anything is applied.
      const warning = region.locator('.edit-warning');
      expect(await warning.textContent()).toMatch(
        /removes headings.*### Flow rate and head.*### Power.*### Serviceability/,
      );
      // The rewritten sentence marks the words that changed, on both sides.
      expect(await region.locator('del.diff-word').allTextContents()).toContain('20');
      expect(await region.locator('ins.diff-word').allTextContents()).toContain('25');
      // The long line wraps inside the card instead of scrolling sideways.
      const diff = region.locator('pre.diff');
      const overflow = await diff.evaluate((el) => {
        const e = el as unknown as { scrollWidth: number; clientWidth: number };
        return e.scrollWidth - e.clientWidth;
      });
      expect(overflow).toBeLessThanOrEqual(1);
      expect(await diff.textContent()).toContain(LONG_LINE);
      expect(await seriousViolations(page)).toEqual([]);
      await region.scrollIntoViewIfNeeded();
      await screenshot(page, 'agent-diff-light');
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'agent-diff-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 390, height: 844 });
      await region.scrollIntoViewIfNeeded();
      expect(
        await diff.evaluate((el) => {
          const e = el as unknown as { scrollWidth: number; clientWidth: number };
          return e.scrollWidth - e.clientWidth;
        }),
      ).toBeLessThanOrEqual(1);
      await screenshot(page, 'agent-diff-phone');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});
