import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runTurn } from '../src/chat/index.ts';
import { gptTokenCounter, loadReferenceCatalog, memoizeTokenCounter } from '../src/core/index.ts';
import { SqliteSessionStore, SqliteStore } from '../src/store/index.ts';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';
import { scriptedModel } from '../src/testing/scripted-model.ts';
import { indexWorkspace } from '../src/workspace/index.ts';

let sample: ReturnType<typeof copySampleWorkspace>;
let store: SqliteStore;
let sessions: SqliteSessionStore;

beforeEach(async () => {
  sample = copySampleWorkspace();
  store = SqliteStore.open(join(sample.workspace, '.footnote', 'footnote.db'));
  sessions = new SqliteSessionStore(store.db);
  await indexWorkspace(sample.workspace, store);
});

afterEach(async () => {
  await store.close();
  sample.cleanup();
});

describe('every reference a chat turn resolves is audited', () => {
  it('records reference_resolved with the outcome, beside the turn, for user references only', async () => {
    const { user, assistant } = await runTurn({
      root: sample.workspace,
      store,
      sessions,
      catalog: await loadReferenceCatalog(store),
      model: scriptedModel([
        { toolCalls: [{ name: 'search', input: { query: 'impeller', limit: 2 } }] },
        { text: 'Noted.' },
      ]),
      tokenCounter: memoizeTokenCounter(gptTokenCounter),
      message:
        'Add @site-photo.png above the conclusion in @why-solar-pumps; see [[Nowhere Note]] and @source:transcript',
      mode: 'agent',
      reindex: async () => {
        await indexWorkspace(sample.workspace, store);
      },
    });
    expect(assistant.status).toBe('complete');
    const events = (await sessions.listAuditEvents({ sessionId: user.sessionId })).filter(
      (e) => e.kind === 'reference_resolved',
    );
    expect(events.map((e) => [e.detail.reference, e.detail.outcome, e.detail.permission])).toEqual([
      ['@site-photo.png', 'resolved', 'read'],
      ['@why-solar-pumps', 'resolved', 'insert'],
      ['[[Nowhere Note]]', 'unresolved', 'read'],
      ['@source:transcript', 'ambiguous', 'read'],
    ]);
    for (const event of events) {
      expect(event).toMatchObject({
        sessionId: user.sessionId,
        messageId: user.id,
        user: { id: 'local', name: 'local' },
        documentId: null,
      });
    }
    expect(events[1]?.detail).toMatchObject({
      syntax: 'mention',
      path: 'content/why-solar-pumps.md',
      documentId: expect.any(String),
    });
    expect(events[3]?.detail.candidates).toEqual(
      expect.arrayContaining([
        'sources/transcripts/interview-grace-wanjiru.md',
        'sources/transcripts/standup-2026-03-02.txt',
      ]),
    );
    // The search tool's results are not resolutions.
    expect(events).toHaveLength(4);
  });
});
