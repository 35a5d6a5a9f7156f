import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import {
  type E2eEnvironment,
  eventually,
  expectNoProblems,
  screenshot,
  startEnvironment,
} from './harness.ts';
import type { InPage, InPageCanvas } from './in-page.ts';

// Checked citations in the web UI, against `footnote serve` with the offline model on a copy of
// the sample workspace: the footer's claim summary, the supporting quote on a badge's hover, the
// viewer marking that quote, numbers that read 1…k, and a reload that shows the same.

const TEST_MS = 90_000;
const SILT = 'What does [[Solar Pump Project#Risks]] say about silt?';
const PDF_QUESTION = 'What was the peak flow rate in @page:field-report.pdf#2 ?';

let env: E2eEnvironment;

beforeAll(async () => {
  env = await startEnvironment();
}, TEST_MS);

afterAll(async () => {
  await env?.close();
}, TEST_MS);

const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
const viewer = (page: Page) => page.getByRole('region', { name: 'Source viewer' });
const lastAnswer = (page: Page) => messages(page).locator('article[data-role="assistant"]').last();

/** Whitespace folded, for comparing text across elements and line breaks. */
const fold = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Sends `text` and waits (bounded) until its answer is complete and re-read from the server. */
async function ask(page: Page, text: string): Promise<Locator> {
  const before = await messages(page).locator('article[data-role="assistant"]').count();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = messages(page).locator('article[data-role="assistant"]').nth(before);
  await answer.waitFor();
  await eventually(() => answer.getAttribute('data-status'), { timeout: 30_000 }).toBe('complete');
  return answer;
}

/** The numbers of an answer's badges, in reading order. */
const badgeNumbers = async (answer: Locator) =>
  (await answer.locator('.citation-badge').allTextContents()).map((t) => Number.parseInt(t, 10));

/** The distinct numbers in order of first appearance. */
const firstSeen = (numbers: readonly number[]) => [...new Set(numbers)];

/** The footer's grounding line, whitespace folded. */
const groundingLine = async (answer: Locator) =>
  fold(await answer.locator('.grounding').first().textContent());

/** Hovers a badge and returns its card and the supporting quote the card shows. */
async function hoverQuote(page: Page, badge: Locator): Promise<{ card: Locator; quote: string }> {
  await badge.hover();
  const card = page.getByRole('tooltip').filter({ visible: true }).first();
  await card.waitFor();
  const quote = card.locator('blockquote.source-card-supporting');
  await quote.waitFor();
  return { card, quote: fold(await quote.textContent()) };
}

/** The words the viewer marks, joined across elements and whitespace folded. */
async function markedWords(scope: Locator): Promise<string> {
  const marks = scope.locator('mark.cited');
  await marks.first().waitFor();
  return fold((await marks.allTextContents()).join(''));
}

/** The stored session of the page's address, as the HTTP API returns it. */
async function storedAnswer(page: Page) {
  const session = new URL(page.url()).searchParams.get('session');
  const workspaces = (await (await fetch(`${env.served.url}/api/workspaces`)).json()) as {
    workspaces: { id: string }[];
  };
  const workspace = workspaces.workspaces[0]?.id ?? '';
  const detail = (await (
    await fetch(`${env.served.url}/api/workspaces/${workspace}/sessions/${session}`)
  ).json()) as {
    messages: {
      role: string;
      content: string;
      claims: unknown[];
      claimSummary: { claims: number; supported: number } | null;
      citations: { n: number; cited: boolean }[];
    }[];
  };
  const answer = detail.messages.findLast((m) => m.role === 'assistant');
  if (!answer) throw new Error('the stored session has no answer');
  return answer;
}

describe('checked citations in the web UI (offline model)', () => {
  it(
    'sums up the claims, shows the supporting quote on hover, marks it in the viewer and reloads the same',
    async () => {
      const { page, problems } = await env.open('/');
      const answer = await ask(page, SILT);

      // The footer counts sources and the claims they support.
      await eventually(() => groundingLine(answer)).toMatch(
        /^✓?\s*Grounded in \d+ sources? · \d+ of \d+ claims? supported/,
      );
      const line = await groundingLine(answer);
      const [, supported, claims] = /· (\d+) of (\d+) claims? supported/.exec(line) ?? [];
      expect(Number(claims)).toBeGreaterThan(0);
      // The offline model copies its sentences from the sources: every claim is supported.
      expect(supported).toBe(claims);

      // Badges read 1…k in order of first citation, and the footer lists the same numbers.
      const numbers = await badgeNumbers(answer);
      expect(numbers.length).toBeGreaterThan(0);
      const order = firstSeen(numbers);
      expect(order).toEqual(order.map((_, i) => i + 1));
      await answer.getByRole('button', { name: /^Sources:/ }).click();
      const listed = await answer
        .getByRole('list', { name: 'Cited sources' })
        .locator('.source-n')
        .allTextContents();
      expect(listed.map(Number)).toEqual(order);
      await answer.getByRole('button', { name: /^Sources:/ }).click();

      // The stored message agrees: its markers are the numbers shown, its claims were checked.
      const stored = await storedAnswer(page);
      expect(stored.claims.length).toBeGreaterThan(0);
      expect(stored.claimSummary?.claims).toBe(Number(claims));
      const storedNumbers = [...stored.content.matchAll(/\[(\d+(?:,\s*\d+)*)\]/g)].flatMap((m) =>
        (m[1] ?? '').split(',').map((n) => Number(n.trim())),
      );
      expect(numbers).toEqual(storedNumbers);

      // Hover: the exact words of the source, the source's title and the verdict.
      const badge = answer.locator('.citation-badge').first();
      expect(await badge.getAttribute('aria-label')).toMatch(/^Source 1: /);
      const { card, quote } = await hoverQuote(page, badge);
      expect(quote.length).toBeGreaterThan(10);
      expect(fold(await card.textContent())).toContain('Solar Pump Project');
      expect(fold(await card.locator('.source-card-verdict').textContent())).toMatch(/Supported/);
      const source = fold(env.read('notes/projects/Solar Pump Project.md').replace(/[*_`]/g, ''));
      expect(source).toContain(quote);
      await screenshot(page, 'claims-hover-quote');

      // The viewer marks exactly that quote, not the whole chunk.
      await badge.click();
      const view = viewer(page);
      await view.waitFor();
      await eventually(() => markedWords(view)).toBe(quote);
      await screenshot(page, 'claims-viewer-quote');
      await view.getByRole('button', { name: 'Close source viewer' }).click();
      await eventually(() => view.count()).toBe(0);

      // A reload shows the same numbers and the same summary.
      await page.reload();
      const again = lastAnswer(page);
      await eventually(() => again.getAttribute('data-status')).toBe('complete');
      await eventually(() => groundingLine(again)).toBe(line);
      expect(await badgeNumbers(again)).toEqual(numbers);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'shows the quote of a PDF citation with its page, and marks it in the page excerpt and on the page itself',
    async () => {
      const { page, problems } = await env.open('/');
      const answer = await ask(page, PDF_QUESTION);
      const badge = answer.locator('.citation-badge[aria-label*="Field Report"]').first();
      await badge.waitFor();
      const { card, quote } = await hoverQuote(page, badge);
      expect(fold(await card.textContent())).toContain('page 2');
      expect(quote).toMatch(/2\.6/);
      await badge.click();
      const excerpt = viewer(page).locator('[data-excerpt-for="2"]');
      await excerpt.waitFor();
      await eventually(() => markedWords(excerpt)).toBe(quote);

      // The same words are marked on the page itself, in its text layer, over the drawn glyphs.
      const onPage = viewer(page).locator('[data-page="2"] .pdf-text-layer mark.pdf-cited');
      await onPage.first().waitFor();
      const glyphs = (text: string) => text.replace(/\s+/g, '');
      expect(glyphs((await onPage.allTextContents()).join(''))).toBe(glyphs(quote));
      const canvas = viewer(page).locator('[data-page="2"] canvas');
      const markBox = await onPage.first().boundingBox();
      const canvasBox = await canvas.boundingBox();
      if (!markBox || !canvasBox) throw new Error('the mark or the page is not laid out');
      expect(markBox.x).toBeGreaterThanOrEqual(canvasBox.x);
      expect(markBox.x + markBox.width).toBeLessThanOrEqual(canvasBox.x + canvasBox.width);
      const inkUnder = (box: { x: number; y: number; width: number; height: number }) =>
        canvas.evaluate(
          (node, area) => {
            const element = node as unknown as InPageCanvas & {
              getBoundingClientRect(): { left: number; top: number; width: number };
            };
            const frame = element.getBoundingClientRect();
            const ratio = element.width / frame.width;
            const x = Math.max(0, Math.floor((area.x - frame.left) * ratio));
            const y = Math.max(0, Math.floor((area.y - frame.top) * ratio));
            const w = Math.max(1, Math.floor(area.width * ratio));
            const h = Math.max(1, Math.floor(area.height * ratio));
            const data = element.getContext('2d')?.getImageData(x, y, w, h).data ?? [];
            let ink = 0;
            for (let i = 0; i < data.length; i += 4)
              if ((data[i + 3] ?? 0) > 0 && (data[i] ?? 255) < 128) ink++;
            return ink / (w * h);
          },
          { x: box.x, y: box.y, width: box.width, height: box.height },
        );
      // The mark sits on drawn words: ink under it, none in a box as large at the page's blank foot.
      expect(await inkUnder(markBox)).toBeGreaterThan(0.04);
      const foot = { ...markBox, y: canvasBox.y + canvasBox.height - markBox.height - 8 };
      expect(await inkUnder(foot)).toBe(0);
      await screenshot(page, 'claims-viewer-pdf-quote');
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'claims-viewer-pdf-quote-dark');
      expect(await seriousViolations(page)).toEqual([]);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});

describe('source cards (offline model)', () => {
  it(
    'shows the cited sources as cards above the answer when the option is on, each opening the viewer',
    async () => {
      const { page, problems } = await env.open('/');
      // Off by default; turned on from the gear menu with the keyboard.
      const gear = page.getByRole('button', { name: 'Display settings' });
      await gear.focus();
      await page.keyboard.press('Enter');
      const option = page.getByRole('checkbox', { name: 'Source cards above answers' });
      expect(await option.isChecked()).toBe(false);
      await option.focus();
      await page.keyboard.press('Space');
      expect(await option.isChecked()).toBe(true);
      await screenshot(page, 'settings-menu');
      await page.keyboard.press('Escape');
      await eventually(() => gear.getAttribute('aria-expanded')).toBe('false');

      const answer = await ask(page, PDF_QUESTION);
      const cards = answer.getByRole('list', { name: 'Source cards' });
      await cards.waitFor();
      const card = cards.getByRole('button', {
        name: /^Source 1 PDF Field Report: Machakos Pilot page 2 .*Peak flow rate/,
      });
      expect(fold(await card.textContent())).toMatch(/Peak flow rate: 2\.6 m3\/h/);
      // Above the answer's text, and the footer is still there.
      const cardsBox = await cards.boundingBox();
      const textBox = await answer.locator('.answer-text').boundingBox();
      expect(cardsBox && textBox && cardsBox.y + cardsBox.height <= textBox.y).toBe(true);
      await answer.getByRole('button', { name: /^Sources:/ }).waitFor();
      await screenshot(page, 'source-cards');

      // Enter on a card opens the viewer on the cited page, the quote marked in its excerpt.
      await card.focus();
      await page.keyboard.press('Enter');
      const view = viewer(page);
      await view.waitFor();
      expect(fold(await view.locator('.viewer-label').textContent())).toBe('Source 1');
      const excerpt = view.locator('[data-excerpt-for="2"]');
      await excerpt.waitFor();
      expect(await markedWords(excerpt)).toMatch(/^Peak flow rate: 2\.6 m3\/h/);
      await view.getByRole('button', { name: 'Close source viewer' }).click();

      // Remembered across a reload; on a phone the row fits the screen, the gear stays in the
      // top bar's one row of controls, dark too.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await lastAnswer(page).getByRole('list', { name: 'Source cards' }).waitFor();
      const gearBox = await gear.boundingBox();
      const menuBox = await page
        .getByRole('button', { name: 'Show sessions and documents' })
        .boundingBox();
      expect(gearBox && menuBox && Math.abs(gearBox.y - menuBox.y) < 8).toBe(true);
      expect(gearBox && gearBox.x + gearBox.width <= 390).toBe(true);
      const width = await page.evaluate(
        () => (globalThis as unknown as InPage).document.documentElement.scrollWidth,
      );
      expect(width).toBeLessThanOrEqual(390);
      await screenshot(page, 'source-cards-phone');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'source-cards-phone-dark');
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});

describe('source cards (scripted model)', () => {
  // A model that cites three sources, so the cards make a row wider than a phone.
  const THREE = [
    'The first field visit saw flow fall by half within hours [1].',
    'Peak flow rate: 2.6 m3/h at 12:30 under clear sky [2].',
    'The well is hand-dug [3].',
  ].join(' ');
  let scripted: E2eEnvironment;

  beforeAll(async () => {
    scripted = await startEnvironment({ stubScript: [{ text: THREE }] });
  }, TEST_MS);

  afterAll(async () => {
    await scripted?.close();
  }, TEST_MS);

  it(
    'lays several cards in a row that scrolls on its own on a phone, a card tabbed to coming into view',
    async () => {
      const { page, problems } = await scripted.open('/');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(`localStorage.setItem('footnote.sourceCards', '1')`);
      await page.reload();
      const answer = await ask(
        page,
        'Compare [[Solar Pump Project]], @field-report.pdf and [[Lessons from Our First Field Trial]]',
      );
      const row = answer.getByRole('list', { name: 'Source cards' });
      const cards = row.getByRole('button');
      await eventually(() => cards.count()).toBe(3);
      // How far the message list and the row can scroll sideways.
      const widths = () =>
        page.evaluate(`(() => {
          const sideways = (e) => (e ? e.scrollWidth - e.clientWidth : -1);
          return {
            log: sideways(document.querySelector('[role="log"]')),
            row: sideways(document.querySelector('.cited-cards')),
          };
        })()`) as Promise<{ log: number; row: number }>;
      // The row scrolls; the message list does not scroll sideways.
      const overflow = await widths();
      expect(overflow.row).toBeGreaterThan(0);
      expect(overflow.log).toBe(0);

      await cards.first().focus();
      await page.keyboard.press('Tab');
      const rowBox = await row.boundingBox();
      const second = await cards.nth(1).boundingBox();
      expect(
        rowBox &&
          second &&
          second.x >= rowBox.x &&
          second.x + second.width <= rowBox.x + rowBox.width,
      ).toBe(true);
      expect((await widths()).log).toBe(0);
      await screenshot(page, 'source-cards-row-phone');

      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const view = viewer(page);
      await view.waitFor();
      expect(fold(await view.locator('.viewer-label').textContent())).toBe('Source 3');
      expect(fold(await view.getByRole('heading', { level: 2 }).textContent())).toBe(
        'Lessons from Our First Field Trial',
      );
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});

describe('checked citations in the web UI (scripted model)', () => {
  // A model that cites the referenced note for one sentence it holds, one whose number it does
  // not hold, and one it says nothing about.
  const SUPPORTED = 'The first field visit saw flow fall by half within hours [1].';
  const WRONG_NUMBER = 'Silt clogging the strainer cut the flow by half within 3 hours [1].';
  const UNRELATED = 'The pump runs on diesel delivered by truck every 14 days [1].';
  let scripted: E2eEnvironment;

  beforeAll(async () => {
    scripted = await startEnvironment({
      stubScript: [{ text: `${SUPPORTED} ${WRONG_NUMBER} ${UNRELATED}` }],
    });
  }, TEST_MS);

  afterAll(async () => {
    await scripted?.close();
  }, TEST_MS);

  it(
    'marks claims the source does not back, in the badge, its name, its hover and the footer',
    async () => {
      const { page, problems } = await scripted.open('/');
      const answer = await ask(page, SILT);
      const badges = answer.locator('.citation-badge');
      await eventually(() => badges.count()).toBe(3);
      const verdicts = await Promise.all(
        [0, 1, 2].map((i) => badges.nth(i).getAttribute('data-verdict')),
      );
      expect(verdicts[0]).toBe('supported');
      expect(verdicts[1]).not.toBe('supported');
      expect(verdicts[2]).toBe('unsupported');

      const unsupported = badges.nth(2);
      expect(await unsupported.getAttribute('aria-label')).toMatch(
        /^Source 1: .+ \(not found in the source\)$/,
      );
      await unsupported.hover();
      const card = page.getByRole('tooltip').filter({ visible: true }).first();
      await card.waitFor();
      expect(fold(await card.textContent())).toMatch(/not found in the source/i);
      await screenshot(page, 'claims-unsupported-hover');

      expect(await groundingLine(answer)).toMatch(
        /Grounded in 1 source · 1 of 3 claims supported, .*unsupported/,
      );
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});
