import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eEnvironment, eventually, expectNoProblems, startEnvironment } from './harness.ts';

// The address names the conversation: Back and Forward move between conversations, within the app.

const TEST_MS = 60_000;
let env: E2eEnvironment;

beforeAll(async () => {
  env = await startEnvironment();
}, TEST_MS);

afterAll(async () => {
  await env?.close();
}, TEST_MS);

async function ask(page: Page, question: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = page.locator('article[data-role="assistant"]').last();
  await eventually(() => answer.getAttribute('data-status')).toBe('complete');
}

const userText = (page: Page) =>
  page
    .getByRole('log', { name: 'Messages' })
    .locator('article[data-role="user"]')
    .allTextContents();

describe('browser history', () => {
  it(
    'goes Back to the previous conversation and Forward again',
    async () => {
      const { page, problems } = await env.open('/');
      await ask(page, 'What clogs the strainer?');
      const first = new URL(page.url()).searchParams.get('session');
      expect(first).toBeTruthy();

      await page.getByRole('button', { name: 'New conversation' }).click();
      await ask(page, 'Who mentors @Alice?');
      const second = new URL(page.url()).searchParams.get('session');
      expect(second).toBeTruthy();
      expect(second).not.toBe(first);

      await page.goBack();
      await eventually(() => new URL(page.url()).searchParams.get('session')).toBe(first);
      await eventually(async () => (await userText(page)).join(' ')).toContain('strainer');
      expect((await userText(page)).join(' ')).not.toContain('Alice');

      await page.goForward();
      await eventually(async () => (await userText(page)).join(' ')).toContain('Alice');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});
