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

  it(
    'keeps the whole draft visible when the message box gets narrower or wider',
    async () => {
      const { page, problems } = await env.open('/');
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill(
        `${'The strainer clogs with silt after rain '.repeat(3)}— what should we change?`,
      );
      const fits = () =>
        box.evaluate((el) => {
          const area = el as unknown as { clientHeight: number; scrollHeight: number };
          return area.scrollHeight - area.clientHeight <= 2;
        });
      expect(await fits()).toBe(true);
      // Opening a document narrows the conversation; the box must grow with the rewrapped text.
      await page.getByRole('button', { name: /Home/ }).first().click();
      await page.getByRole('region', { name: 'Source viewer' }).waitFor();
      await eventually(fits).toBe(true);
      await page.getByRole('button', { name: 'Close source viewer' }).click();
      await eventually(fits).toBe(true);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'closes the phone sidebar with a tap beside it',
    async () => {
      const { page, problems } = await env.open('/');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Show sessions and documents' }).click();
      const nav = page.getByRole('navigation', { name: 'Sessions' });
      await eventually(async () => ((await nav.boundingBox())?.x ?? -1) >= 0).toBe(true);
      await page.mouse.click(370, 500);
      await eventually(async () => {
        const box = await nav.boundingBox();
        return box === null || box.x + box.width <= 0;
      }).toBe(true);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});
