import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eEnvironment, eventually, expectNoProblems, startEnvironment } from './harness.ts';

// The composer in Chromium against `footnote serve` on a copy of the sample workspace, with the
// offline model; driven at typing speed, as a person types, where timing is the point.

const TEST_MS = 60_000;
/** A fast typist: 30 ms a key, well inside the suggestions' debounce. */
const TYPING = { delay: 30 };

let env: E2eEnvironment;

beforeAll(async () => {
  env = await startEnvironment();
}, TEST_MS);

afterAll(async () => {
  await env?.close();
}, TEST_MS);

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Reference suggestions' });

/** A fresh page with the message box focused and empty. */
async function openComposer(): Promise<Awaited<ReturnType<E2eEnvironment['open']>>> {
  const opened = await env.open('/');
  await composer(opened.page).click();
  return opened;
}

describe('composer', () => {
  it(
    'never inserts a suggestion listed for older text: Enter right after typing takes what was typed',
    async () => {
      const { page, problems } = await openComposer();
      const message = composer(page);

      // `[[`, the list of recent documents, then `budget` typed fast and Enter at once.
      await page.keyboard.type('Ask about [[', TYPING);
      await listbox(page).getByRole('option').first().waitFor();
      await page.keyboard.type('budget', TYPING);
      await page.keyboard.press('Enter');
      await eventually(() => message.inputValue()).toMatch(/^Ask about \[\[[^\]]*budget\]\] $/i);

      // Nothing listed fits: the reference is closed as typed, never replaced by a stale item.
      await message.fill('');
      await page.keyboard.type('Ask about [[', TYPING);
      await listbox(page).getByRole('option').first().waitFor();
      await page.keyboard.type('zqxv', TYPING);
      await page.keyboard.press('Enter');
      expect(await message.inputValue()).toBe('Ask about [[zqxv]] ');

      // The same with `@`.
      await message.fill('');
      await page.keyboard.type('Ask @', TYPING);
      await listbox(page).getByRole('option').first().waitFor();
      await page.keyboard.type('chid', TYPING);
      await page.keyboard.press('Enter');
      await eventually(() => message.inputValue()).toMatch(/^Ask @\S*chidi\S* $/i);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'closes a half-typed [[name before sending it, never sending it broken',
    async () => {
      const { page, problems } = await openComposer();
      const message = composer(page);
      // Enter before any list appeared: the name is closed, nothing is sent yet.
      await page.keyboard.type('What are the risks in [[Pump Design', TYPING);
      await page.keyboard.press('Enter');
      await eventually(() => message.inputValue()).toBe('What are the risks in [[Pump Design]] ');
      expect(await messages(page).locator('article').count()).toBe(0);

      // Sent with the button while still open: closed as typed, then sent with its reference.
      await message.fill('Summarize [[Solar Pump Project');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const sent = messages(page).locator('article[data-role="user"]').first();
      await sent.waitFor();
      expect(await message.inputValue()).toBe('');
      const answer = messages(page).locator('article[data-role="assistant"]').first();
      await eventually(() => answer.getAttribute('data-status'), { timeout: 20_000 }).toBe(
        'complete',
      );
      const turn = await page.evaluate(async () => {
        const browser = globalThis as unknown as {
          location: { search: string };
          fetch: (url: string) => Promise<{ json(): Promise<unknown> }>;
        };
        const id = new URLSearchParams(browser.location.search).get('session');
        const session = (await (
          await browser.fetch(`/api/workspaces/default/sessions/${id}`)
        ).json()) as { messages: { role: string; text?: string; content?: string }[] };
        return JSON.stringify(session.messages.find((m) => m.role === 'user'));
      });
      expect(turn).toContain('Summarize [[Solar Pump Project]]');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});
