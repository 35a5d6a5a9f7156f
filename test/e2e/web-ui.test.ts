import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import {
  canvasInk,
  type E2eEnvironment,
  eventually,
  expectNoProblems,
  screenshot,
  startEnvironment,
  watchPage,
} from './harness.ts';
import type { InPage, InPageElement } from './in-page.ts';

// The web UI in Chromium against `footnote serve` on a copy of the sample workspace, answered by
// the offline model (deterministic, no network).

const TEST_MS = 60_000;
const SILT = 'What does [[Solar Pump Project#Risks]] say about silt?';
const PDF_QUESTION = 'What was the peak flow rate in @page:field-report.pdf#2 ?';

let env: E2eEnvironment;

beforeAll(async () => {
  env = await startEnvironment();
}, TEST_MS);

afterAll(async () => {
  await env?.close();
}, TEST_MS);

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
const viewer = (page: Page) => page.getByRole('region', { name: 'Source viewer' });
const sessionsNav = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });
const chips = (page: Page) =>
  page.getByRole('list', { name: 'References in this message' }).getByRole('listitem');
const lastAnswer = (page: Page) => messages(page).locator('article[data-role="assistant"]').last();

/** Sends `text` as the whole draft and waits (bounded) until its answer is complete. */
async function ask(page: Page, text: string): Promise<Locator> {
  const before = await messages(page).locator('article[data-role="assistant"]').count();
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = messages(page).locator('article[data-role="assistant"]').nth(before);
  await answer.waitFor();
  await eventually(() => answer.getAttribute('data-status'), { timeout: 20_000 }).toBe('complete');
  return answer;
}

/** Texts of the elements a locator matches, whitespace folded. */
const texts = async (locator: Locator) =>
  (await locator.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());

/** Opens a document of the sidebar's list in the viewer, found through the filter box. */
async function openFromSidebar(page: Page, filter: string, name: RegExp): Promise<void> {
  const sidebar = page.locator('#sidebar');
  const toggle = page.getByRole('button', { name: 'Show sessions and documents' });
  if (await toggle.isVisible()) await toggle.click();
  await sidebar.getByLabel('Filter documents', { exact: true }).fill(filter);
  await sidebar.getByRole('button', { name }).first().click();
  await viewer(page).waitFor();
}

describe('web UI with the offline model', () => {
  it(
    'suggests references, shows chips, streams a cited answer, opens its source and survives a reload',
    async () => {
      const { page, problems } = await env.open('/');
      await sessionsNav(page).waitFor();
      const message = composer(page);
      await message.waitFor();

      // Autocomplete at the caret, chosen with the keyboard.
      await message.click();
      await message.pressSequentially('What does [[Sol', { delay: 20 });
      const listbox = page.getByRole('listbox', { name: 'Reference suggestions' });
      const solar = listbox.getByRole('option', { name: /Solar Pump Project/ }).first();
      await solar.waitFor();
      await screenshot(page, 'autocomplete');
      for (let i = 0; i < 10 && (await solar.getAttribute('aria-selected')) !== 'true'; i++)
        await message.press('ArrowDown');
      expect(await solar.getAttribute('aria-selected')).toBe('true');
      await message.press('Enter');
      await eventually(() => message.inputValue()).toContain('[[Solar Pump Project]]');
      await eventually(() => listbox.isVisible()).toBe(false);
      const solarChip = chips(page).filter({ hasText: 'Solar Pump Project' }).first();
      await eventually(() => solarChip.getAttribute('data-status')).toBe('resolved');
      // A resolved chip previews its target on hover.
      await solarChip.hover();
      await page
        .getByRole('tooltip')
        .filter({ hasText: 'Solar Pump Project' })
        .filter({ visible: true })
        .first()
        .waitFor();

      // A broken reference becomes an unresolved chip; its × removes it from the text.
      await message.press('End');
      await message.pressSequentially(' and [[Nonexistent Thing]]', { delay: 10 });
      await message.press('Escape');
      const broken = chips(page).filter({ hasText: 'Nonexistent Thing' }).first();
      await eventually(() => broken.getAttribute('data-status')).toBe('unresolved');
      await screenshot(page, 'chips');
      await page.getByRole('button', { name: 'Remove [[Nonexistent Thing]]' }).click();
      await eventually(() => message.inputValue()).not.toContain('Nonexistent Thing');
      await eventually(() => broken.count()).toBe(0);
      await eventually(() => solarChip.getAttribute('data-status')).toBe('resolved');

      // A cited answer.
      const answer = await ask(page, SILT);
      const badges = answer.locator('.citation-badge');
      expect(await badges.count()).toBeGreaterThan(0);
      const first = badges.first();
      expect(await first.getAttribute('aria-label')).toMatch(/^Source \d+: .+/);
      expect(await answer.getByText(/Grounded in \d+ sources?/).count()).toBe(1);
      const sourceTitle = (await first.getAttribute('aria-label'))?.replace(/^Source \d+: /, '');
      expect(sourceTitle).toBe('Solar Pump Project');

      // Hover card, then the viewer at the cited span.
      await first.hover();
      const card = page.getByRole('tooltip').filter({ hasText: 'Solar Pump Project' });
      await card.first().waitFor();
      await screenshot(page, 'citation-hover');
      await first.click();
      const view = viewer(page);
      await view.waitFor();
      await eventually(
        async () => (await view.getByRole('heading', { level: 2 }).textContent()) ?? '',
      ).toContain('Solar Pump Project');
      const cited = view.locator('mark.cited');
      await cited.first().waitFor();
      expect((await texts(cited)).join(' ')).toMatch(/first field visit|Silt clogging/);
      const box = await cited.first().boundingBox();
      const size = page.viewportSize();
      expect(box && size && box.y >= 0 && box.y < size.height).toBe(true);
      await screenshot(page, 'viewer-cited-span');
      await view.getByRole('button', { name: 'Close source viewer' }).click();
      await eventually(() => view.count()).toBe(0);

      // The sources footer.
      const footer = answer.getByRole('button', { name: /^Sources:/ });
      expect(await footer.getAttribute('aria-expanded')).toBe('false');
      const footerText = (await footer.textContent()) ?? '';
      expect(footerText).toContain('Solar Pump Project');
      await footer.click();
      expect(await footer.getAttribute('aria-expanded')).toBe('true');
      await screenshot(page, 'answer-sources-expanded');
      // Each reference with its document's one-line summary: the first paragraph, cut at a word.
      const summaryOf = (article: typeof answer) =>
        article
          .getByRole('list', { name: 'Your references' })
          .locator('.reference-summary')
          .first()
          .textContent();
      const summary = (await summaryOf(answer)) ?? '';
      expect(summary).toMatch(/^Brightwell is building the SP-200: a pump that runs .+…$/);
      expect(summary.length).toBeLessThanOrEqual(100);

      // What the model saw: the context report, with the user's reference in it.
      const saw = answer.getByRole('button', { name: 'What the model saw' });
      await saw.click();
      await eventually(() => saw.getAttribute('aria-expanded')).toBe('true');
      await answer
        .getByRole('row')
        .filter({ hasText: '[[Solar Pump Project#Risks]]' })
        .first()
        .waitFor();
      await saw.click();
      await eventually(() => saw.getAttribute('aria-expanded')).toBe('false');

      // A reload shows the stored session the same way.
      const badgeCount = await badges.count();
      const userText = await texts(messages(page).locator('article[data-role="user"]'));
      expect(page.url()).toMatch(/[?&]session=[\w-]+/);
      const url = page.url();
      await page.reload();
      expect(page.url()).toBe(url);
      const again = lastAnswer(page);
      await eventually(() => again.getAttribute('data-status')).toBe('complete');
      expect(await again.locator('.citation-badge').count()).toBe(badgeCount);
      expect(await again.getByRole('button', { name: /^Sources:/ }).textContent()).toBe(footerText);
      await again.getByRole('button', { name: /^Sources:/ }).click();
      expect(await summaryOf(again)).toBe(summary);
      expect(await texts(messages(page).locator('article[data-role="user"]'))).toEqual(userText);
      expect(userText.join(' ')).toContain('Solar Pump Project#Risks');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'asks before sending a message with an unresolved reference',
    async () => {
      const { page, problems } = await env.open('/');
      const draft = 'What does [[Nonexistent Thing]] say?';
      await composer(page).fill(draft);
      const broken = chips(page).filter({ hasText: 'Nonexistent Thing' }).first();
      await eventually(() => broken.getAttribute('data-status')).toBe('unresolved');
      const send = page.getByRole('button', { name: 'Send', exact: true });
      const dialog = page.getByRole('alertdialog');

      await send.click();
      await dialog.waitFor();
      await screenshot(page, 'confirm-unresolved');
      await dialog.getByRole('button', { name: 'Go back' }).click();
      await eventually(() => dialog.count()).toBe(0);
      expect(await composer(page).inputValue()).toBe(draft);
      expect(await messages(page).locator('article').count()).toBe(0);

      await send.click();
      await dialog.getByRole('button', { name: 'Send anyway' }).click();
      await eventually(() => lastAnswer(page).getAttribute('data-status'), {
        timeout: 20_000,
      }).toBe('complete');
      expect(await messages(page).locator('article[data-role="user"]').textContent()).toContain(
        'Nonexistent Thing',
      );
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'draws PDF pages and outlines the cited page',
    async () => {
      const { page, problems } = await env.open('/');
      const answer = await ask(page, PDF_QUESTION);
      const badge = answer.locator('.citation-badge[aria-label*="Field Report"]').first();
      await badge.click();
      const view = viewer(page);
      await view.waitFor();
      const citedPage = view.locator('[data-page].cited-page');
      await citedPage.waitFor();
      expect(await citedPage.count()).toBe(1);
      expect(await citedPage.getAttribute('data-page')).toBe('2');
      const canvas = citedPage.locator('canvas').first();
      await canvas.waitFor();
      await eventually(async () => (await canvasInk(canvas)).ink, {
        timeout: 15_000,
      }).toBeGreaterThan(200);
      expect(await view.locator('[data-page] canvas').count()).toBeGreaterThanOrEqual(1);
      await screenshot(page, 'viewer-pdf-cited-page');

      // Opened from the documents list, page 1 is drawn too.
      await view.getByRole('button', { name: 'Close source viewer' }).click();
      await openFromSidebar(page, 'datasheet', /SP-200 Solar Pump Datasheet/);
      const pageOne = viewer(page).locator('[data-page="1"] canvas').first();
      await pageOne.waitFor();
      await eventually(async () => (await canvasInk(pageOne)).ink, {
        timeout: 15_000,
      }).toBeGreaterThan(200);
      await screenshot(page, 'viewer-pdf-from-list');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'shows an image from the documents list',
    async () => {
      const { page, problems } = await env.open('/');
      await openFromSidebar(page, 'site-photo', /site-photo/i);
      const image = viewer(page).locator('img').first();
      await image.waitFor();
      await eventually(() =>
        image.evaluate((node) => (node as unknown as { naturalWidth: number }).naturalWidth),
      ).toBeGreaterThan(0);
      expect(await image.getAttribute('alt')).toBeTruthy();
      await screenshot(page, 'viewer-image');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'titles a session by what its references show and says when the documents hold no answer',
    async () => {
      const { page, problems } = await env.open('/');
      await ask(page, SILT);
      const readable = 'What does Solar Pump Project › Risks say about silt?';
      const current = sessionsNav(page).locator('[aria-current="page"]');
      await eventually(async () => ((await current.textContent()) ?? '').trim()).toContain(
        readable,
      );
      expect(await page.getByRole('banner').textContent()).toContain(readable);
      expect(await page.getByRole('banner').textContent()).not.toContain('[[');

      const nothing = await ask(page, 'What is the capital of Mongolia?');
      expect(await nothing.locator('.grounding').textContent()).toContain(
        'No answer in your documents',
      );
      await screenshot(page, 'answer-not-found');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'keeps Jump to latest off the text, the title readable at phone width and badges 24 px on touch',
    async () => {
      const { page, problems } = await env.open('/');
      await page.setViewportSize({ width: 1280, height: 480 });
      await ask(page, SILT);
      await ask(page, 'What does [[Pump Design]] say about impellers?');
      const log = messages(page);
      await log.evaluate((el) => {
        (el as unknown as { scrollTop: number }).scrollTop = 0;
      });
      const jump = page.getByRole('button', { name: /Jump to latest/ });
      await jump.waitFor();
      const [jumpBox, logBox] = await Promise.all([jump.boundingBox(), log.boundingBox()]);
      // Below the scrolled list, not over it: no line of an answer is hidden behind the button.
      expect(jumpBox && logBox && jumpBox.y >= logBox.y + logBox.height - 1).toBe(true);
      await screenshot(page, 'jump-to-latest');
      await jump.click();
      await eventually(() => jump.count()).toBe(0);

      await page.setViewportSize({ width: 390, height: 844 });
      const title = page.getByRole('banner').locator('.session-title');
      await eventually(() => title.textContent()).toBe(
        'What does Solar Pump Project › Risks say about silt?',
      );
      const fit = await title.evaluate((el) => {
        const e = el as unknown as {
          clientWidth: number;
          clientHeight: number;
          scrollWidth: number;
          scrollHeight: number;
        };
        return {
          width: e.clientWidth,
          cut: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1,
        };
      });
      expect(fit).toEqual({ width: expect.any(Number), cut: false });
      expect(fit.width).toBeGreaterThan(300);
      await screenshot(page, 'phone-title');
      // The sidebar opens under the (now taller) top bar, ☰ still in reach.
      await page.getByRole('button', { name: 'Show sessions and documents' }).click();
      const nav = sessionsNav(page);
      const header = await page.getByRole('banner').boundingBox();
      await eventually(async () => ((await nav.boundingBox())?.x ?? -1) >= 0).toBe(true);
      expect(((await page.locator('#sidebar').boundingBox())?.y ?? 0) + 1).toBeGreaterThanOrEqual(
        (header?.y ?? 0) + (header?.height ?? 0),
      );
      await page.getByRole('button', { name: 'Hide sessions and documents' }).click();

      // A phone with a touch screen: every badge is a 24 × 24 px target.
      const touch = await env.browser.newContext({
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
        baseURL: env.served.url,
      });
      const phone = await touch.newPage();
      const phoneProblems = watchPage(phone);
      await phone.goto(page.url());
      const badges = phone.locator('.citation-badge');
      await badges.first().waitFor();
      const sizes: number[] = [];
      for (const badge of await badges.all()) {
        const box = await badge.boundingBox();
        sizes.push(box ? Math.min(box.width, box.height) : 0);
      }
      expect(sizes.length).toBeGreaterThan(0);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(24);
      await screenshot(phone, 'phone-touch-badges');
      await touch.close();
      expectNoProblems(phoneProblems);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'exports a session for a vault: named after its title, sources linked by path, quotes as text',
    async () => {
      const { page, problems } = await env.open('/');
      await ask(page, SILT);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export .md' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(
        'What does Solar Pump Project › Risks say about silt.md',
      );
      const markdown = readFileSync(await download.path(), 'utf8');
      expect(markdown).toContain('# What does Solar Pump Project › Risks say about silt?');
      expect(markdown).toContain(
        'References: [[notes/projects/Solar Pump Project#Risks|Solar Pump Project › Risks]]',
      );
      const footnotes = markdown.split('\n').filter((line) => /^\[\^\d+-\d+\]: /.test(line));
      expect(footnotes.length).toBeGreaterThan(0);
      for (const line of footnotes) {
        // A link Obsidian resolves by vault path, and the quote as words, not Markdown.
        expect(line).toMatch(
          /^\[\^\d+-\d+\]: \[\[notes\/projects\/Solar Pump Project(#[^|\]]+)?\|/,
        );
        expect(line.slice(line.indexOf(']]') + 2)).not.toMatch(/\*\*|\[\[|\s\^[\w-]+/);
      }
      expect(footnotes.join('\n')).toContain('Silt clogging the strainer.');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'names the model in the top bar, warns before an agent turn it cannot edit in, and says chat mode is read-only',
    async () => {
      const { page, problems } = await env.open('/');
      const picker = page.getByRole('banner').getByRole('combobox', { name: 'Model' });
      await eventually(() => picker.inputValue()).toBe('offline');
      expect(await picker.locator('option').allTextContents()).toEqual([
        'Built-in offline model (cannot edit)',
      ]);
      const modes = page.getByRole('radiogroup', { name: 'Mode' });
      const notice = page.getByRole('note', { name: 'Model cannot edit' });
      expect(await notice.count()).toBe(0);
      const rewrite = 'Rewrite [[Pump Design#Impeller]] to be shorter';

      // Chat mode: the request is answered from the documents, with a word that nothing changes.
      const answer = await ask(page, rewrite);
      expect(await answer.getByRole('note').textContent()).toMatch(
        /Chat mode is read-only, so nothing was changed.*switch to Agent/,
      );

      // Agent mode: said before anything is sent, with how to configure a model that can edit.
      await modes.getByRole('radio', { name: 'Agent' }).check();
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(
        /Built-in offline model cannot edit documents.*footnote serve --model openai:gpt-4\.1-mini.*\.footnote\/config\.json/,
      );
      await composer(page).fill(rewrite);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'model-cannot-edit-light');
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'model-cannot-edit-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await picker.isVisible()).toBe(true);
      // The controls share one row: the model menu and both exports beside ☰.
      const middleOf = async (name: string) => {
        const box = await page.getByRole('button', { name }).boundingBox();
        return box ? box.y + box.height / 2 : -100;
      };
      expect(
        Math.abs((await middleOf('.json')) - (await middleOf('Show sessions and documents'))),
      ).toBeLessThan(4);
      await page.waitForTimeout(250); // the sidebar slides out after the resize
      expect(
        await page.evaluate(
          () => (globalThis as unknown as InPage).document.documentElement.scrollWidth,
        ),
      ).toBeLessThanOrEqual(390);
      await screenshot(page, 'model-cannot-edit-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
      await modes.getByRole('radio', { name: 'Chat' }).check();
      await eventually(() => notice.count()).toBe(0);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'lists, renames, exports and deletes the session',
    async () => {
      const { page, problems } = await env.open('/');
      const question = 'What are the goals of [[Solar Pump Project]]?';
      await ask(page, question);
      const nav = sessionsNav(page);
      const current = nav.locator('[aria-current="page"]');
      await current.waitFor();
      expect(await current.count()).toBe(1);
      const title = ((await current.textContent()) ?? '').trim();
      expect(title).not.toBe('');

      await nav.getByRole('button', { name: `Rename ${title}` }).click();
      const input = nav.getByLabel('Session title', { exact: true });
      await input.fill('Pump goals (e2e)');
      await input.press('Enter');
      const renamed = nav.getByRole('button', { name: 'Pump goals (e2e)', exact: true });
      await renamed.waitFor();
      expect(await renamed.getAttribute('aria-current')).toBe('page');
      await screenshot(page, 'sessions-renamed');
      // The top bar names the open session: the new title at once (soft, so the rest still runs).
      const banner = page.getByRole('banner');
      const bannerText = async () => (await banner.textContent()) ?? '';
      for (let i = 0; i < 30 && !(await bannerText()).includes('Pump goals (e2e)'); i++)
        await page.waitForTimeout(100);
      expect.soft(await bannerText()).toContain('Pump goals (e2e)');
      await page.reload();
      await renamed.waitFor();
      expect(await renamed.getAttribute('aria-current')).toBe('page');
      await eventually(bannerText).toContain('Pump goals (e2e)');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export .md' }).click(),
      ]);
      const file = await download.path();
      const markdown = readFileSync(file, 'utf8');
      expect(markdown).toContain('# Pump goals (e2e)');
      expect(markdown).toContain(question);
      expect(markdown).toMatch(/\[\^\d+-\d+\]: /);

      await nav.getByRole('button', { name: 'Delete Pump goals (e2e)' }).click();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await eventually(() => renamed.count()).toBe(0);
      await page.reload();
      await sessionsNav(page).waitFor();
      await eventually(() =>
        sessionsNav(page).getByRole('button', { name: 'Pump goals (e2e)' }).count(),
      ).toBe(0);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'works at phone width: the composer sends and ☰ opens the sidebar',
    async () => {
      const page = await env.context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      const problems = watchPage(page);
      await page.goto('/');
      const message = composer(page);
      await message.waitFor();
      const box = await message.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(
        await page.evaluate(
          () => (globalThis as unknown as InPage).document.documentElement.scrollWidth,
        ),
      ).toBeLessThanOrEqual(390);
      const answer = await ask(page, 'What does [[Solar Pump Project#Goals]] say?');
      expect(await answer.locator('.citation-badge').count()).toBeGreaterThan(0);
      await screenshot(page, 'phone-answer');

      const toggle = page.getByRole('button', { name: 'Show sessions and documents' });
      await toggle.click();
      const nav = sessionsNav(page);
      await nav.waitFor({ state: 'visible' });
      // Slid fully into view (it may animate in).
      await eventually(async () => {
        const box = await nav.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 390;
      }).toBe(true);
      await screenshot(page, 'phone-sidebar');
      // ☰ stays reachable (not covered by the open sidebar) and closes it again.
      await page.getByRole('button', { name: 'Hide sessions and documents' }).click({
        timeout: 5_000,
      });
      const closed = async () => {
        const box = await nav.boundingBox();
        return box === null || box.x + box.width <= 0;
      };
      await eventually(closed).toBe(true);
      // Esc closes it too.
      await page.getByRole('button', { name: 'Show sessions and documents' }).click();
      await eventually(closed).toBe(false);
      await page.keyboard.press('Escape');
      await eventually(closed).toBe(true);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'is usable from the keyboard with visible focus',
    async () => {
      const { page, problems } = await env.open('/');
      await composer(page).waitFor();
      const focusedName = () =>
        page.evaluate(() => {
          const el = (globalThis as unknown as InPage).document.activeElement;
          return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
        });
      /**
       * The focused element's outline, and whether focus visibly changes it or its nearest
       * containers (outline, ring or border: a composer may ring its whole box).
       */
      const focusLook = () =>
        page.evaluate(async () => {
          const browser = globalThis as unknown as InPage;
          const el = browser.document.activeElement;
          if (!el) return { outline: 'none', shows: false };
          const settle = () => new Promise((done) => setTimeout(done, 300));
          const look = () => {
            const parts: string[] = [];
            for (let e: InPageElement | null = el, i = 0; e && i < 3; e = e.parentElement, i++) {
              const s = browser.getComputedStyle(e);
              parts.push(`${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${s.boxShadow}`);
              parts.push(s.borderColor);
            }
            return parts.join('|');
          };
          await settle();
          const style = browser.getComputedStyle(el);
          const outline =
            style.outlineStyle === 'none' || style.outlineWidth === '0px'
              ? 'none'
              : style.outlineStyle;
          const withFocus = look();
          el.blur();
          await settle();
          const withoutFocus = look();
          el.focus();
          return { outline, shows: outline !== 'none' || withFocus !== withoutFocus };
        });
      const tabTo = async (name: string) => {
        for (let i = 0; i < 150; i++) {
          await page.keyboard.press('Tab');
          if ((await focusedName()) === name) return focusLook();
        }
        throw new Error(`Tab never reached ${name}`);
      };
      const onMessage = await tabTo('Message');
      expect(onMessage.shows).toBe(true);
      await page.keyboard.type('What are the goals of the pump project?');
      const onSend = await tabTo('Send');
      expect(onSend.outline).not.toBe('none');
      await screenshot(page, 'keyboard-focus-send');
      await page.keyboard.press('Enter');
      await eventually(() => lastAnswer(page).getAttribute('data-status'), {
        timeout: 20_000,
      }).toBe('complete');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});
