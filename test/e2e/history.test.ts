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
  // The new answer, not the last one shown now (which is complete already).
  const before = await page.locator('article[data-role="assistant"]').count();
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = page.locator('article[data-role="assistant"]').nth(before);
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
    'searches conversations from the sidebar and opens one at the message that matched',
    async () => {
      const { page, problems } = await env.open('/');
      await ask(page, 'Does the float switch need testing?');
      for (const question of [
        'What does the pump need?',
        'Who mentors @Alice?',
        'What are the risks in [[Solar Pump Project]]?',
        'What clogs the strainer?',
      ])
        await ask(page, question);
      const long = new URL(page.url()).searchParams.get('session');
      await page.getByRole('button', { name: 'New conversation' }).click();
      await ask(page, 'Summarize @field-trial-lessons');

      const box = page.getByRole('searchbox', { name: 'Search conversations' });
      await box.fill('FLOAT switch');
      const hits = page.getByRole('list', { name: 'Conversations mentioning FLOAT switch' });
      await hits.waitFor();
      expect(await hits.getByRole('listitem').count()).toBe(1);
      expect(await hits.locator('mark').allTextContents()).toContain('float switch');
      await screenshot(page, 'conversation-search');
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'conversation-search-dark');
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });

      // Opened at the first question, far above the end the list would otherwise show.
      await hits.getByRole('button').click();
      await eventually(() => new URL(page.url()).searchParams.get('session')).toBe(long);
      const found = page.locator('article.message-found');
      await eventually(() => found.textContent()).toContain('Does the float switch need testing?');
      const inView = async () => {
        const list = await page.getByRole('log', { name: 'Messages' }).boundingBox();
        const at = await found.boundingBox();
        return Boolean(list && at && at.y >= list.y && at.y + at.height <= list.y + list.height);
      };
      await eventually(inView).toBe(true);
      expect(await found.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      await screenshot(page, 'conversation-search-opened');

      // At phone width the search is in the slide-over, and the results fit it.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Show sessions and documents' }).click();
      await box.fill('strainer');
      await page.getByRole('list', { name: 'Conversations mentioning strainer' }).waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, 'conversation-search-phone');
      expect(await seriousViolations(page)).toEqual([]);
      await box.press('Escape');
      expect(await box.inputValue()).toBe('');
      await page.setViewportSize({ width: 1280, height: 800 });
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'edits the last question and sends it again in place, and keeps the edit when the server refuses it',
    async () => {
      const { page, problems } = await env.open('/');
      await ask(page, 'What clogs the strainer?');
      await ask(page, 'Who mentors @Alice?');
      const session = new URL(page.url()).searchParams.get('session');
      const questions = page.locator('article[data-role="user"]');
      const box = page.getByRole('textbox', { name: 'Message' });

      // Only the last question offers Edit; it goes to the message box, marked as being edited.
      expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(1);
      await questions.nth(1).getByRole('button', { name: 'Edit', exact: true }).click();
      expect(await box.inputValue()).toBe('Who mentors @Alice?');
      await page.getByText('Editing your last question.').waitFor();
      expect(await questions.nth(1).textContent()).toContain('Editing below');
      await screenshot(page, 'edit-question');
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'edit-question-dark');
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 390, height: 844 });
      await eventually(
        async () => (await page.locator('#sidebar').boundingBox())?.x ?? 0,
      ).toBeLessThan(-200);
      await page.waitForTimeout(300);
      await screenshot(page, 'edit-question-phone');
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });
      // No suggestions open for the @Alice the text ends with: it was written already.
      expect(await page.getByRole('listbox').count()).toBe(0);

      // Sent: the question and its answer are replaced, nothing is added.
      await box.fill('Who mentors @Bob?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await eventually(() => questions.nth(1).textContent()).toMatch(/Who mentors \W*@Bob\?/);
      const answer = page.locator('article[data-role="assistant"]').nth(1);
      await eventually(() => answer.getAttribute('data-status')).toBe('complete');
      expect(await questions.count()).toBe(2);
      expect(await page.getByText('Editing your last question.').count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('session')).toBe(session);
      const stored = async () =>
        (
          (await (
            await page.request.get(`/api/workspaces/default/sessions/${session}`)
          ).json()) as {
            messages: { role: string; content: string }[];
          }
        ).messages;
      expect((await stored()).map((m) => m.role === 'user' && m.content)).toEqual([
        'What clogs the strainer?',
        false,
        'Who mentors @Bob?',
        false,
      ]);

      // Cancel puts the box back empty.
      await questions.nth(1).getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      expect(await box.inputValue()).toBe('');
      expect(await page.getByText('Editing your last question.').count()).toBe(0);

      // Meanwhile another tab asks something: the question is no longer the last. The server
      // refuses the edit, the stored session stays as it was, and the edited text is kept.
      await questions.nth(1).getByRole('button', { name: 'Edit', exact: true }).click();
      const asked = await page.request.post('/api/workspaces/default/chat', {
        data: { sessionId: session, message: 'And the float switch?' },
      });
      expect(asked.status()).toBe(200);
      const before = await stored();
      await box.fill('Who mentors @Chidi?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await eventually(() => page.locator('.conversation-error').textContent()).toContain(
        'not the last',
      );
      expect(await box.inputValue()).toBe('Who mentors @Chidi?');
      await page.getByText('Editing your last question.').waitFor();
      expect(await stored()).toEqual(before);
      await eventually(() => questions.count()).toBe(3);
      expect(await questions.nth(1).textContent()).toMatch(/Who mentors \W*@Bob\?/);
      expect(await questions.nth(2).textContent()).toContain('And the float switch?');
      expectNoProblems(problems, [/POST .*\/chat → 409/, /409 \(Conflict\)/]);
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
