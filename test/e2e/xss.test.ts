import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2eEnvironment,
  eventually,
  expectNoProblems,
  screenshot,
  startEnvironment,
} from './harness.ts';
import type { InPage } from './in-page.ts';

// Markup in documents, in the user's message and in the model's answer is shown as text or
// dropped, never run: no handler fires, no script or javascript: link reaches the page, and the
// CSP never has to step in (a violation fails the test too).

const TEST_MS = 60_000;
const PAYLOAD = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=2</script>',
  '[click](javascript:window.__xss=3)',
].join(' ');

const EVIL = `# Evil

Before the payload.

<img src=x onerror="window.__xss=1">

<script>window.__xss=2</script>

[click](javascript:window.__xss=3)

<a href="javascript:window.__xss=4">raw link</a> <javascript:window.__xss=5>

![picture](javascript:window.__xss=6)

<iframe src="javascript:window.__xss=7"></iframe>

After the payload.
`;

let env: E2eEnvironment;

beforeAll(async () => {
  env = await startEnvironment({
    extraFiles: { 'notes/Evil.md': EVIL },
    // Streamed word by word, slowly enough to watch the answer grow.
    stubScript: [{ text: `The note says: ${PAYLOAD} and nothing else.`, delayMs: 60 }],
  });
}, TEST_MS);

afterAll(async () => {
  await env?.close();
}, TEST_MS);

/** Anything in the app that markup could have produced; all must be empty. */
const injected = (page: Page) =>
  page.evaluate(() => {
    const { document, __xss } = globalThis as unknown as InPage;
    const root = document.getElementById('root');
    const all = root ? [...root.querySelectorAll('*')] : [];
    return {
      xss: __xss ?? null,
      scripts: root?.querySelectorAll('script').length ?? -1,
      images: root?.querySelectorAll('img[src="x"]').length ?? -1,
      frames: root?.querySelectorAll('iframe').length ?? -1,
      jsLinks: [...document.querySelectorAll('[href], [src]')]
        .map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? '')
        .filter((url) => /^\s*javascript:/i.test(url)),
      handlers: all.flatMap((e) =>
        e.getAttributeNames().filter((name) => name.toLowerCase().startsWith('on')),
      ),
    };
  });

const CLEAN = { xss: null, scripts: 0, images: 0, frames: 0, jsLinks: [], handlers: [] };

describe('untrusted markup in the web UI', () => {
  it(
    'shows a hostile document, message and answer without running any of it',
    async () => {
      const { page, problems } = await env.open('/');
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.waitFor();

      // The document in the viewer.
      const toggle = page.getByRole('button', { name: 'Show sessions and documents' });
      if (await toggle.isVisible()) await toggle.click();
      await page.getByLabel('Filter documents', { exact: true }).fill('Evil');
      await page.locator('#sidebar').getByRole('button', { name: /Evil/ }).first().click();
      const viewer = page.getByRole('region', { name: 'Source viewer' });
      await viewer.getByText('After the payload.').filter({ visible: true }).first().waitFor();
      await viewer.getByText('Before the payload.').filter({ visible: true }).first().waitFor();
      // Give a rendered <img src=x> time to fail and fire its handler.
      await page.waitForTimeout(500);
      expect(await injected(page)).toEqual(CLEAN);
      await screenshot(page, 'xss-viewer');

      // The same payload in a message, and quoted back in a streamed answer.
      await message.fill(`What does [[Evil]] contain? ${PAYLOAD}`);
      // The chip's preview shows the document's text too.
      const chip = page
        .getByRole('list', { name: 'References in this message' })
        .getByRole('listitem')
        .filter({ hasText: 'Evil' })
        .first();
      await eventually(() => chip.getAttribute('data-status')).toBe('resolved');
      await chip.hover();
      await page.getByRole('tooltip').filter({ visible: true }).first().waitFor();
      await page.waitForTimeout(300);
      expect(await injected(page)).toEqual(CLEAN);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const answer = page
        .getByRole('log', { name: 'Messages' })
        .locator('article[data-role="assistant"]')
        .last();
      // Seen while it streams: part of the text, before the answer is complete.
      await page
        .locator('article[data-role="assistant"][data-status="streaming"]', {
          hasText: 'The note says',
        })
        .waitFor();
      await eventually(() => answer.getAttribute('data-status'), { timeout: 20_000 }).toBe(
        'complete',
      );
      expect(await answer.textContent()).toContain('The note says:');
      expect(await answer.textContent()).toContain('nothing else');
      await page.waitForTimeout(500);
      expect(await injected(page)).toEqual(CLEAN);
      await screenshot(page, 'xss-answer');

      // And once more from the stored session.
      await page.reload();
      await page.locator('article[data-role="assistant"][data-status="complete"]').last().waitFor();
      await page.waitForTimeout(500);
      expect(await injected(page)).toEqual(CLEAN);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});
