import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2eEnvironment,
  eventually,
  expectNoProblems,
  screenshot,
  startEnvironment,
} from './harness.ts';

// Stopping a streamed answer and retrying failed ones, with the OpenAI-compatible stub as the
// model: a slow answer (stopped), a refused request (failed), then a good answer.

const TEST_MS = 60_000;
const SLOW = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');

let env: E2eEnvironment;

beforeAll(async () => {
  env = await startEnvironment({
    stubScript: [
      { text: SLOW, delayMs: 150 },
      { status: 400, error: 'the stub refuses this one' },
      { text: 'Recovered: the pump needs a strainer.' },
    ],
  });
}, TEST_MS);

afterAll(async () => {
  await env?.close();
}, TEST_MS);

const answers = (page: Page) =>
  page.getByRole('log', { name: 'Messages' }).locator('article[data-role="assistant"]');

describe('stopping and retrying answers', () => {
  it(
    'stops a streaming answer, keeps it as interrupted, and retries until one completes',
    async () => {
      const { page, problems } = await env.open('/');
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.fill('What does the pump need?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();

      // Stop once some of the answer has arrived.
      const first = answers(page).first();
      await eventually(async () => (await first.textContent()) ?? '').toContain('word2');
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await eventually(() => first.getAttribute('data-status')).toBe('interrupted');
      // What had arrived stays (the server stores it so); soft, so the rest is still checked.
      expect.soft(await first.textContent()).toContain('word0');
      expect(await first.textContent()).not.toContain('word59');
      // A stop the user asked for is not an error: no alert with the runtime's abort message.
      expect
        .soft(await page.getByRole('alert').filter({ hasText: /abort/i }).allTextContents())
        .toEqual([]);
      await screenshot(page, 'answer-interrupted');

      // Retry: the model refuses (failed), retry again: it answers.
      await first.getByRole('button', { name: 'Retry' }).click();
      await eventually(() => answers(page).last().getAttribute('data-status')).toBe('failed');
      await answers(page).last().getByRole('button', { name: 'Retry' }).waitFor();
      await screenshot(page, 'answer-failed');
      await answers(page).last().getByRole('button', { name: 'Retry' }).click();
      await eventually(() => answers(page).last().getAttribute('data-status')).toBe('complete');
      expect(await answers(page).last().textContent()).toContain('Recovered');
      expect(env.stub?.requests).toHaveLength(3);

      // The stored session keeps all three outcomes.
      await page.reload();
      await eventually(() => answers(page).count()).toBe(3);
      expect(
        await Promise.all([0, 1, 2].map((i) => answers(page).nth(i).getAttribute('data-status'))),
      ).toEqual(['interrupted', 'failed', 'complete']);
      expect(await answers(page).first().textContent()).toContain('word0');
      // The refused turn answers the chat request with an error status the UI reports itself.
      expectNoProblems(problems, [/\/chat → 5\d\d/, /\/chat → 4\d\d/, /status of (4|5)\d\d/]);
      await page.close();
    },
    TEST_MS,
  );
});
