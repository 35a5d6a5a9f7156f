import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOP_GUARD_MS } from '../../src/apps/web/composer/Composer.tsx';
import { type E2eEnvironment, eventually, expectNoProblems, startEnvironment } from './harness.ts';

// The composer in Chromium against `footnote serve` on a copy of the sample workspace, driven at
// typing speed, as a person types, where timing is the point. The OpenAI-compatible stub answers
// every turn alike, slowly enough (about a second) that an answer is still streaming when a second
// click lands.

const TEST_MS = 60_000;
/** A fast typist: 30 ms a key, well inside the suggestions' debounce. */
const TYPING = { delay: 30 };
const ANSWER =
  'The pump needs a strainer on the intake and a float switch in the tank, both checked weekly ' +
  'by the farmer, and the panels cleaned of dust after every dry spell so the flow holds up.';

let env: E2eEnvironment;

beforeAll(async () => {
  env = await startEnvironment({
    stubScript: Array.from({ length: 40 }, () => ({ text: ANSWER, delayMs: 60 })),
  });
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

  it(
    'a double-click on Send sends once and does not stop the answer it started',
    async () => {
      const { page, problems } = await openComposer();
      await composer(page).fill('What are the goals of the pump project?');
      // As a hand double-clicks: two clicks at one spot, ~120 ms apart.
      const send = await page.getByRole('button', { name: 'Send', exact: true }).boundingBox();
      if (!send) throw new Error('Send is not on screen');
      const [x, y] = [send.x + send.width / 2, send.y + send.height / 2];
      await page.mouse.click(x, y);
      await page.waitForTimeout(120);
      await page.mouse.click(x, y);
      const answer = messages(page).locator('article[data-role="assistant"]').first();
      await eventually(() => answer.getAttribute('data-status'), { timeout: 20_000 }).toMatch(
        /^(complete|interrupted|failed)$/,
      );
      expect(await answer.getAttribute('data-status')).toBe('complete');
      expect(await messages(page).locator('article[data-role="user"]').count()).toBe(1);

      // Stop still stops once that moment has passed.
      await composer(page).fill('And the float switch?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const second = messages(page).locator('article[data-role="assistant"]').nth(1);
      await eventually(async () => (await second.textContent()) ?? '').toContain('strainer');
      await page.waitForTimeout(STOP_GUARD_MS);
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await eventually(() => second.getAttribute('data-status')).toBe('interrupted');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});
