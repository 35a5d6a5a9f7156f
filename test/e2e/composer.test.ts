import { utimesSync } from 'node:fs';
import { join } from 'node:path';
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
import type { InPage } from './in-page.ts';

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
    // The newest file is a PDF: a list of recent documents must still start with notes.
    prepare: (workspace) => {
      const soon = new Date(Date.now() + 60_000);
      utimesSync(join(workspace, 'pdfs/scanned-receipt.pdf'), soon, soon);
    },
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
      // Stop is disabled for a moment after Send, then takes the click (the click waits for it).
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await eventually(() => second.getAttribute('data-status')).toBe('interrupted');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'reaches everything from the keyboard: focus on load and after a turn, skip link, shortcuts, help, picker arrows',
    async () => {
      const { page, problems } = await env.open('/');
      const message = composer(page);
      const focused = () =>
        page.evaluate(() => {
          const el = (globalThis as unknown as InPage).document.activeElement;
          return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
        });
      // On load the message box has focus: typing goes straight in.
      await eventually(focused).toBe('Message');

      // The first Tab stop of the page is a skip link to it (here reached back from the next one:
      // the first control of the top bar, the model menu where the server offers one).
      await page
        .getByRole('banner')
        .locator('button:not([disabled]), select')
        .filter({ visible: true })
        .first()
        .focus();
      await page.keyboard.press('Shift+Tab');
      expect(
        await page.evaluate(() => {
          const focusable = (globalThis as unknown as InPage).document.querySelectorAll(
            'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
          );
          return [...focusable][0]?.textContent;
        }),
      ).toBe('Skip to message box');
      const skip = page.getByRole('button', { name: 'Skip to message box' });
      expect(await focused()).toBe('Skip to message box');
      const shown = await skip.boundingBox();
      expect(shown && shown.y >= 0 && shown.height > 10).toBe(true);
      await screenshot(page, 'skip-link');
      await page.keyboard.press('Enter');
      expect(await focused()).toBe('Message');

      // Ctrl+/ opens the shortcuts; Escape closes them and focus returns.
      await page.keyboard.press('Control+/');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      expect(await help.textContent()).toContain('New conversation');
      await screenshot(page, 'shortcut-help');
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'shortcut-help-dark');
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.keyboard.press('Escape');
      await eventually(() => help.count()).toBe(0);
      expect(await focused()).toBe('Message');

      // Ctrl+K: the documents filter; `?` there is text, Shift+Esc comes back to the message box.
      await page.keyboard.press('Control+k');
      await eventually(focused).toBe('Filter documents');
      await page.keyboard.press('Shift+Escape');
      expect(await focused()).toBe('Message');
      // `?` outside a text field opens the help too.
      await page.locator('#sidebar').getByRole('button').first().focus();
      await page.keyboard.press('Shift+?');
      await help.waitFor();
      await page.keyboard.press('Escape');

      // ↓ and ↑ move in the ambiguity picker.
      await message.focus();
      await message.fill('What does @pump say?');
      const chip = page.getByRole('button', { name: /@pump.*choose/ });
      await chip.click();
      const candidates = page.locator('.chip-candidate');
      await eventually(() => candidates.count()).toBeGreaterThan(1);
      const candidate = async () =>
        page.evaluate(
          () => (globalThis as unknown as InPage).document.activeElement?.textContent ?? '',
        );
      const first = await candidate();
      await page.keyboard.press('ArrowDown');
      const second = await candidate();
      expect(second).not.toBe(first);
      expect(second).toMatch(/\S/);
      await page.keyboard.press('ArrowUp');
      expect(await candidate()).toBe(first);
      await page.keyboard.press('Escape');

      // Sent with the mouse, the box has focus again once the answer is done.
      await message.fill('What does the pump need?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const answer = messages(page).locator('article[data-role="assistant"]').first();
      await eventually(() => answer.getAttribute('data-status'), { timeout: 20_000 }).toBe(
        'complete',
      );
      await eventually(focused).toBe('Message');

      // Ctrl+Shift+O starts a new conversation, ready to type.
      await page.keyboard.press('Control+Shift+O');
      await eventually(() => messages(page).locator('article').count()).toBe(0);
      expect(page.url()).not.toContain('session=');
      expect(await focused()).toBe('Message');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'puts a clicked example prompt in the message box, its reference shown as a resolved chip',
    async () => {
      const { page, problems } = await env.open('/');
      const example = page.getByRole('button', { name: /Solar Pump Project#Risks/ });
      await example.click();
      const message = composer(page);
      expect(await message.inputValue()).toBe(
        'What does [[Solar Pump Project#Risks]] say about silt?',
      );
      const chip = page
        .getByRole('list', { name: 'References in this message' })
        .getByRole('listitem')
        .first();
      await eventually(() => chip.getAttribute('data-status')).toBe('resolved');
      expect(await chip.textContent()).toContain('Solar Pump Project');
      // Focus is in the box, caret at the end: typing goes on from there.
      await page.keyboard.type(' And dust?');
      expect(await message.inputValue()).toBe(
        'What does [[Solar Pump Project#Risks]] say about silt? And dust?',
      );
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'shows on the chip that a heading is missing and the whole note is sent',
    async () => {
      const { page, problems } = await env.open('/');
      await composer(page).fill(
        'Compare [[Solar Pump Project#Nope]] with [[Solar Pump Project#Risks]]',
      );
      const chips = page
        .getByRole('list', { name: 'References in this message' })
        .getByRole('listitem');
      const missing = chips.filter({ hasText: 'Nope' });
      await eventually(() => missing.getAttribute('data-status')).toBe('resolved');
      expect(await missing.getAttribute('data-missing-part')).toBe('# Nope');
      // In words on the chip (its accessible name too), not by colour alone.
      await eventually(async () =>
        (await missing.getByRole('button').first().textContent())?.replace(/\s+/g, ' '),
      ).toContain('Solar Pump Project!# Nope·not found — the whole note is sent');
      const found = chips.filter({ hasText: 'Risks' });
      expect(await found.getAttribute('data-missing-part')).toBeNull();
      expect(await found.textContent()).not.toContain('not found');
      await screenshot(page, 'chip-missing-heading');
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'chip-missing-heading-dark');
      expect(await seriousViolations(page)).toEqual([]);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'blocks a message over the limit with one clear line, no request, and a box that stays small',
    async () => {
      const { page, problems } = await env.open('/');
      const message = composer(page);
      const over = 'Why does the pump clog with silt? '.repeat(1000); // 34,000 characters
      await message.fill(`${over}[[Solar Pump Project]]`);
      const line = page.getByText(/characters over the 32,000 limit/);
      await line.waitFor();
      // Wait past the reference check's debounce: nothing is asked of the server for this draft.
      await page.waitForTimeout(600);
      expect(await page.getByText(/body message|Too big|Could not check/).count()).toBe(0);
      expect(await line.textContent()).toBe(
        'This message is 2,022 characters over the 32,000 limit. Shorten it to send.',
      );
      expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
      await message.press('Control+Enter');
      expect(await messages(page).locator('article').count()).toBe(0);

      // The box scrolls inside; the welcome above it stays clear of it.
      const box = await message.boundingBox();
      const welcome = await page
        .getByRole('heading', { name: 'Ask about your workspace' })
        .boundingBox();
      const viewport = page.viewportSize();
      expect(box && viewport && box.height <= viewport.height * 0.3).toBe(true);
      expect(welcome && box && welcome.y + welcome.height <= box.y).toBe(true);
      expect(await message.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      await screenshot(page, 'composer-too-long');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'lists notes first for [[ and people first for @, each with its folder, date and a snippet, and more… past 8',
    async () => {
      const { page, problems } = await env.open('/');
      // No recent items: the lists are the server's.
      await page.evaluate(() => (globalThis as unknown as InPage).localStorage.clear());
      await page.reload();
      const message = composer(page);
      await message.click();
      const headings = listbox(page).locator('.suggestion-heading');

      await page.keyboard.type('Ask about [[', TYPING);
      await listbox(page).getByRole('option').first().waitFor();
      expect(await headings.first().textContent()).toBe('Notes');
      // Entities (people, teams) are listed too, whichever is most recent (a fresh checkout gives
      // every file the same time), and every item says where it lives and when it changed.
      await listbox(page)
        .getByRole('option')
        .filter({ hasText: /entities\/(person|team)/ })
        .first()
        .waitFor();
      const details = await listbox(page).locator('.suggestion-detail').allTextContents();
      expect(details.length).toBeGreaterThan(4);
      for (const detail of details) expect(detail).toMatch(/^[\w/ -]+ · modified .+/);
      expect(await listbox(page).locator('.suggestion-snippet').count()).toBeGreaterThan(0);
      await screenshot(page, 'suggestions-bare-wikilink');
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'suggestions-bare-wikilink-dark');
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });

      await message.fill('');
      await page.keyboard.type('Ask @', TYPING);
      await listbox(page).getByRole('option').first().waitFor();
      await eventually(() => headings.first().textContent()).toBe('Entities');

      // Nine headings: eight listed, then "1 more…", which lists the ninth.
      await message.fill('');
      await page.keyboard.type('[[Solar Pump Project#', TYPING);
      const more = listbox(page).getByRole('option', { name: '1 more…' });
      await more.waitFor();
      expect(await listbox(page).getByRole('option').count()).toBe(9);
      await screenshot(page, 'suggestions-more');
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('ArrowUp');
      expect(await more.getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('Enter');
      const timeline = listbox(page).getByRole('option', { name: /Timeline/ });
      await timeline.waitFor();
      expect(await timeline.getAttribute('aria-selected')).toBe('true');
      expect(await more.count()).toBe(0);
      await page.keyboard.press('Enter');
      expect(await message.inputValue()).toBe('[[Solar Pump Project#Timeline]] ');

      // The chip's hover card: status, size, modified date, sections and words.
      const chip = page
        .getByRole('list', { name: 'References in this message' })
        .getByRole('listitem')
        .first();
      await eventually(() => chip.getAttribute('data-status')).toBe('resolved');
      await chip.hover();
      const facts = page.locator('.chip-preview-facts');
      await facts.waitFor();
      expect(await facts.textContent()).toMatch(
        /^Active · [\d.]+ KB · modified .+ · \d+ sections · [\d,]+ words$/,
      );
      await screenshot(page, 'chip-hover-facts');
      expect(await seriousViolations(page)).toEqual([]);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});
