import { readFileSync, rmSync, writeFileSync } from 'node:fs';
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

// What goes with every message besides its text, in Chromium against `footnote serve` (offline
// model) on a copy of the sample workspace: notes pinned to the conversation (seed 004), the
// document open in the viewer, which same-named references resolve toward (seed 001), and what
// became of the documents an older conversation referenced.

const TEST_MS = 60_000;
let env: E2eEnvironment;

beforeAll(async () => {
  env = await startEnvironment({
    extraFiles: {
      // Two notes of one name in folders of one length: a tie only the current document breaks.
      'notes/projects/Agenda.md': '# Agenda\n\nReview the impeller test and the float switch.\n',
      'notes/meetings/Agenda.md': '# Agenda\n\nStanding items for the weekly meeting.\n',
    },
  });
}, TEST_MS);

afterAll(async () => {
  await env?.close();
}, TEST_MS);

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const documents = (page: Page) => page.locator('#sidebar .sidebar-documents');

async function ask(page: Page, question: string): Promise<void> {
  const before = await page.locator('article[data-role="assistant"]').count();
  await composer(page).fill(question);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = page.locator('article[data-role="assistant"]').nth(before);
  await eventually(() => answer.getAttribute('data-status')).toBe('complete');
}

/** Waits until the index says the document at `path` has `status` (the watcher saw the change). */
async function indexed(page: Page, path: string, status: string): Promise<void> {
  await eventually(
    async () => {
      const response = await page.request.get(
        `/api/workspaces/default/documents?q=${encodeURIComponent(path)}`,
      );
      const { documents: found } = (await response.json()) as {
        documents: { path: string; status: string }[];
      };
      return found.find((d) => d.path === path)?.status ?? 'deleted';
    },
    { timeout: 20_000 },
  ).toBe(status);
}

/** The stored session the page shows, as the API returns it. */
async function storedSession(page: Page) {
  const id = new URL(page.url()).searchParams.get('session');
  const response = await page.request.get(`/api/workspaces/default/sessions/${id}`);
  return (await response.json()) as {
    messages: {
      id: string;
      role: string;
      references: { raw: string; status: string; target: { path: string } | null }[];
    }[];
  };
}

/** The context report of the session's last answer. */
async function lastContext(page: Page) {
  const session = await storedSession(page);
  const id = new URL(page.url()).searchParams.get('session');
  const answer = session.messages.findLast((m) => m.role === 'assistant');
  const response = await page.request.get(
    `/api/workspaces/default/sessions/${id}/messages/${answer?.id}/context`,
  );
  const { context } = (await response.json()) as {
    context: { items: { origin: string; path: string; outcome: string; reason: string | null }[] };
  };
  return context.items.filter((i) => i.origin === 'pinned');
}

describe('pinned notes and the current document', () => {
  it(
    'pins notes from the document list and from a chip, sends them with every message, keeps them over a reload, and says when one is archived',
    async () => {
      const { page, problems } = await env.open('/');
      const pinned = page.getByRole('list', { name: /^Pinned notes/ });

      // From the document list: the pin beside a live note.
      await documents(page).getByRole('button', { name: 'Pin Pump Design' }).click();
      await eventually(() => pinned.getAttribute('aria-label')).toBe('Pinned notes, 1 of 5');
      // From a chip of the draft.
      await composer(page).fill('What are the risks in [[Solar Pump Project]]?');
      const chipPin = page
        .getByRole('list', { name: 'References in this message' })
        .getByRole('button', { name: 'Pin Solar Pump Project' });
      await chipPin.click();
      await eventually(() => chipPin.getAttribute('aria-pressed')).toBe('true');
      expect(await pinned.getByRole('listitem').allTextContents()).toEqual([
        expect.stringContaining('Pump Design'),
        expect.stringContaining('Solar Pump Project'),
      ]);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await eventually(() =>
        page.locator('article[data-role="assistant"]').first().getAttribute('data-status'),
      ).toBe('complete');
      // Pins stay for the next message: the draft's chips went with the message, the pins did not.
      expect(await pinned.getByRole('listitem').count()).toBe(2);
      expect(await lastContext(page)).toEqual([
        expect.objectContaining({ path: 'notes/projects/Pump Design.md', outcome: 'whole' }),
      ]);
      // (Solar Pump Project is referenced in the message itself, so it is quoted once, as a reference.)
      await screenshot(page, 'pinned-notes');
      expect(await seriousViolations(page)).toEqual([]);

      // A reload of the conversation finds its pins again.
      await page.reload();
      await eventually(() => pinned.getByRole('listitem').count()).toBe(2);

      // Pump Design is archived meanwhile: the server skips it and the chip says so after the turn.
      const file = join(env.workspace, 'notes/projects/Pump Design.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace('---\n', '---\nstatus: archived\n'));
      await indexed(page, 'notes/projects/Pump Design.md', 'archived');
      await ask(page, 'What does the pump need?');
      const archived = pinned.getByRole('listitem').filter({ hasText: 'Pump Design' });
      await eventually(() => archived.textContent()).toContain('Archived — not sent');
      expect(await lastContext(page)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            path: 'notes/projects/Pump Design.md',
            outcome: 'dropped',
            reason: expect.stringContaining('archived'),
          }),
        ]),
      );
      // The answer's own report says it too.
      const answer = page.locator('article[data-role="assistant"]').last();
      await answer.getByRole('button', { name: 'What the model saw' }).click();
      await eventually(() => answer.locator('.context-panel').textContent()).toContain(
        'archived note',
      );
      await screenshot(page, 'pinned-note-archived');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'pinned-note-archived-dark');
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 390, height: 844 });
      // Past the sidebar's slide out of view.
      await eventually(
        async () => (await page.locator('#sidebar').boundingBox())?.x ?? 0,
      ).toBeLessThan(-200);
      await page.waitForTimeout(300);
      await screenshot(page, 'pinned-note-archived-phone');
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });

      // Unpinned, it stays unpinned; a new conversation starts with none.
      await page.getByRole('button', { name: 'Unpin Pump Design' }).click();
      expect(await pinned.getByRole('listitem').count()).toBe(1);
      await page.reload();
      await eventually(() => pinned.getByRole('listitem').count()).toBe(1);
      await page.getByRole('button', { name: 'New conversation' }).click();
      expect(await pinned.count()).toBe(0);
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'makes the document open in the viewer the current one: ties resolve toward it, the composer names it, and it can be set aside',
    async () => {
      const { page, problems } = await env.open('/');
      await composer(page).fill('What is on [[Agenda]]?');
      const chips = page.getByRole('list', { name: 'References in this message' });
      await eventually(() => chips.getByRole('listitem').first().getAttribute('data-status')).toBe(
        'ambiguous',
      );

      // Opening a note of notes/projects makes it current: the tie goes to that folder's Agenda.
      await documents(page)
        .getByRole('button', { name: /^Budget 2026/ })
        .click();
      await page.getByRole('region', { name: 'Source viewer' }).waitFor();
      const current = page.locator('.context-current');
      await eventually(() => current.textContent()).toContain('Budget 2026');
      await eventually(() => chips.getByRole('listitem').first().getAttribute('data-status')).toBe(
        'resolved',
      );
      await screenshot(page, 'current-document');
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Close source viewer' }).click();
      // Closed, it is no longer current.
      await eventually(() => current.count()).toBe(0);
      await eventually(() => chips.getByRole('listitem').first().getAttribute('data-status')).toBe(
        'ambiguous',
      );
      await page.setViewportSize({ width: 1280, height: 800 });

      // Set aside with ×, the viewer stays open and the tie is a tie again.
      await documents(page)
        .getByRole('button', { name: /^Budget 2026/ })
        .click();
      await eventually(() => current.count()).toBe(1);
      await page
        .getByRole('button', { name: 'Stop using Budget 2026 as the current document' })
        .click();
      await eventually(() => current.count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Source viewer' }).count()).toBe(1);
      await eventually(() => chips.getByRole('listitem').first().getAttribute('data-status')).toBe(
        'ambiguous',
      );

      // Another document opened is current again, and the message is sent with it.
      await documents(page)
        .getByRole('button', { name: /^Pump Design/ })
        .click();
      await eventually(() => current.textContent()).toContain('Pump Design');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await eventually(() =>
        page.locator('article[data-role="assistant"]').first().getAttribute('data-status'),
      ).toBe('complete');
      const session = await storedSession(page);
      const question = session.messages.find((m) => m.role === 'user');
      expect(question?.references[0]).toMatchObject({
        raw: '[[Agenda]]',
        status: 'resolved',
        target: { path: 'notes/projects/Agenda.md' },
      });
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );

  it(
    'shows on the chips of an older conversation which documents were deleted or archived since, and opens them saying so',
    async () => {
      const { page, problems } = await env.open('/');
      await ask(page, 'Compare [[Field Trip Checklist]] with [[Interview Synthesis]].');
      const question = page.locator('article[data-role="user"]').first();
      const chip = (name: RegExp) => question.getByRole('button', { name });
      expect(await chip(/Field Trip Checklist/).textContent()).not.toContain('since');

      rmSync(join(env.workspace, 'notes/Field Trip Checklist.md'));
      const synthesis = join(env.workspace, 'notes/research/Interview Synthesis.md');
      const text = readFileSync(synthesis, 'utf8');
      writeFileSync(
        synthesis,
        text.startsWith('---\n')
          ? text.replace('---\n', '---\narchived: true\n')
          : `---\narchived: true\n---\n${text}`,
      );
      await indexed(page, 'notes/Field Trip Checklist.md', 'deleted');
      await indexed(page, 'notes/research/Interview Synthesis.md', 'archived');

      // Read again, the conversation says what became of each.
      await page.reload();
      await eventually(() => chip(/Field Trip Checklist/).textContent()).toContain('deleted since');
      expect(await chip(/Interview Synthesis/).textContent()).toContain('archived since');
      expect(await chip(/Field Trip Checklist/).getAttribute('data-changed-since')).toBe('deleted');
      await screenshot(page, 'older-conversation-chips');

      // The deleted one still opens, at its text as last indexed, and the viewer says so.
      await chip(/Field Trip Checklist/).click();
      const viewer = page.getByRole('region', { name: 'Source viewer' });
      await eventually(() => viewer.locator('.viewer-notice').textContent()).toMatch(
        /^Deleted from the workspace since this message was sent/,
      );
      await eventually(() => viewer.locator('.viewer-body').textContent()).toMatch(/\S{20}/);
      expect(await viewer.getByRole('button', { name: 'Open file' }).count()).toBe(0);
      // A deleted document is shown, but is no current document to resolve toward.
      await eventually(() => page.locator('.context-current').count()).toBe(0);
      await screenshot(page, 'older-conversation-deleted');
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'older-conversation-deleted-dark');
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
      await chip(/Interview Synthesis/).click();
      await eventually(() => viewer.locator('.viewer-notice').textContent()).toMatch(
        /^Archived since this message was sent/,
      );
      expectNoProblems(problems);
      await page.close();
    },
    TEST_MS,
  );
});
