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
    'stops a streaming answer, keeps it as partial, and retries it in place until it completes',
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
      // A cut-off answer says it is partial, and is never labelled grounded.
      expect(await first.locator('.answer-status').textContent()).toContain(
        'The text above is only part of the answer.',
      );
      expect(await first.locator('.grounding').textContent()).toContain('Partial answer');
      expect(await first.textContent()).not.toMatch(/Grounded/);
      await screenshot(page, 'answer-interrupted');

      // Retry writes the answer again where it stands: no second question, no second answer.
      const questions = page
        .getByRole('log', { name: 'Messages' })
        .locator('article[data-role="user"]');
      const answerId = await first.getAttribute('data-message-id');
      expect(answerId).toBeTruthy();
      await first.getByRole('button', { name: 'Retry' }).click();
      // The model refuses this time: the same answer is now failed, and the stop's banner is gone.
      await eventually(() => first.getAttribute('data-status')).toBe('failed');
      expect(await questions.count()).toBe(1);
      expect(await answers(page).count()).toBe(1);
      expect(await first.textContent()).not.toMatch(/Stopped before it finished|word0/);
      await first.getByRole('button', { name: 'Retry' }).waitFor();
      await screenshot(page, 'answer-failed');
      await first.getByRole('button', { name: 'Retry' }).click();
      await eventually(() => first.getAttribute('data-status')).toBe('complete');
      expect(await first.textContent()).toContain('Recovered');
      expect(await first.textContent()).not.toMatch(/This answer failed/);
      expect(await page.locator('.conversation-error').count()).toBe(0);
      expect(await questions.count()).toBe(1);
      expect(await first.getAttribute('data-message-id')).toBe(answerId);
      expect(env.stub?.requests).toHaveLength(3);

      // The stored session has one question and its one, final answer.
      await page.reload();
      await eventually(() => answers(page).count()).toBe(1);
      expect(await questions.count()).toBe(1);
      expect(await answers(page).first().getAttribute('data-status')).toBe('complete');
      expect(await answers(page).first().textContent()).toContain('Recovered');
      // The refused turn answers the chat request with an error status the UI reports itself.
      expectNoProblems(problems, [/\/chat → 5\d\d/, /\/chat → 4\d\d/, /status of (4|5)\d\d/]);
      await page.close();
    },
    TEST_MS,
  );
});
