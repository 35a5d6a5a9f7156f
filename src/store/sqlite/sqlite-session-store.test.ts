import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../core/index.ts';
import { describeSessionStore, sampleProposedEdit } from '../session-store.contract.ts';
import { openDatabase } from './open-database.ts';
import { SqliteSessionStore } from './sqlite-session-store.ts';

let dir: string;
let db: ReturnType<typeof openDatabase>;
let store: SqliteSessionStore;

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  sessionId: 's1',
  role: 'user',
  content: 'hello',
  status: 'complete',
  grounded: false,
  references: [],
  citations: [],
  invalidMarkers: [],
  claims: [],
  claimSummary: null,
  toolCalls: [],
  context: null,
  error: null,
  reason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'footnote-sessions-'));
  db = openDatabase(join(dir, 'footnote.db'));
  store = new SqliteSessionStore(db);
  await store.createSession({
    id: 's1',
    workspaceId: 'default',
    userId: 'local',
    title: 'First',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describeSessionStore('SQLite file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'footnote-session-contract-'));
  const db = openDatabase(join(dir, 'footnote.db'));
  return {
    store: new SqliteSessionStore(db),
    cleanup: async () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteSessionStore', () => {
  it('writes a turn as two ordered messages and counts them on the session', async () => {
    const answer = message({
      id: 'm2',
      role: 'assistant',
      content: 'hi [1]',
      grounded: true,
      updatedAt: '2026-01-01T00:01:00.000Z',
    });
    await store.appendTurn(message({}), answer);
    expect((await store.listMessages('s1')).map((m) => [m.id, m.role])).toEqual([
      ['m1', 'user'],
      ['m2', 'assistant'],
    ]);
    expect(await store.getSession('s1')).toMatchObject({
      messageCount: 2,
      updatedAt: '2026-01-01T00:01:00.000Z',
    });
  });

  it('writes nothing of a turn when the second insert fails', async () => {
    await expect(
      store.appendTurn(message({}), message({ id: 'm1', role: 'assistant' })),
    ).rejects.toThrow();
    expect(await store.listMessages('s1')).toEqual([]);
  });

  it('updates an answer in place as it completes', async () => {
    await store.appendTurn(
      message({}),
      message({ id: 'm2', role: 'assistant', content: '', status: 'interrupted' }),
    );
    await store.updateMessage(
      message({ id: 'm2', role: 'assistant', content: 'done', status: 'complete', grounded: true }),
    );
    const [, answer] = await store.listMessages('s1');
    expect(answer).toMatchObject({ content: 'done', status: 'complete', grounded: true });
  });

  it('loads a message stored before references existed (schema version 1)', async () => {
    db.prepare(
      `INSERT INTO messages (id, session_id, seq, role, content, status, grounded, schema_version, payload, created_at, updated_at)
       VALUES ('old', 's1', 1, 'assistant', 'legacy answer', 'complete', 0, 1, '', '2025-01-01', '2025-01-01')`,
    ).run();
    const [old] = await store.listMessages('s1');
    expect(old).toMatchObject({
      content: 'legacy answer',
      references: [],
      citations: [],
      toolCalls: [],
      status: 'complete',
    });
  });

  it('loads a message stored before claims were checked (schema version 2) as not checked', async () => {
    const payload = JSON.stringify({
      references: [],
      citations: [{ n: 1, path: 'a.md', cited: true, quote: null, excerpt: 'x' }],
      invalidMarkers: [],
      toolCalls: [],
      context: null,
      error: null,
    });
    db.prepare(
      `INSERT INTO messages (id, session_id, seq, role, content, status, grounded, schema_version, payload, created_at, updated_at)
       VALUES ('v2', 's1', 1, 'assistant', 'An answer [1].', 'complete', 1, 2, ?, '2026-01-01', '2026-01-01')`,
    ).run(payload);
    const [old] = await store.listMessages('s1');
    expect(old?.claims).toEqual([]);
    expect(old?.claimSummary).toBeNull();
    expect(old?.citations[0]).toMatchObject({ n: 1, cited: true, support: null });
  });

  it('keeps claims and their summary with the message', async () => {
    const claims = [
      {
        start: 0,
        end: 14,
        text: 'An answer.',
        markers: [1],
        verdict: 'supported' as const,
        support: [
          {
            n: 1,
            verdict: 'supported' as const,
            score: 1,
            quote: { text: 'An answer.', start: 3, end: 13, found: true },
            missing: [],
          },
        ],
      },
    ];
    const summary = { claims: 1, supported: 1, partial: 0, unsupported: 0 };
    await store.appendTurn(
      message({}),
      message({ id: 'm2', role: 'assistant', claims, claimSummary: summary }),
    );
    const [, answer] = await store.listMessages('s1');
    expect(answer?.claims).toEqual(claims);
    expect(answer?.claimSummary).toEqual(summary);
  });

  it('lists only the sessions of one workspace and user, newest first; deletes with messages', async () => {
    await store.createSession({
      id: 's2',
      workspaceId: 'default',
      userId: 'local',
      title: 'Second',
      createdAt: '2026-02-01',
      updatedAt: '2026-02-01',
    });
    await store.createSession({
      id: 's3',
      workspaceId: 'other',
      userId: 'local',
      title: 'Elsewhere',
      createdAt: '2026-03-01',
      updatedAt: '2026-03-01',
    });
    await store.createSession({
      id: 's4',
      workspaceId: 'default',
      userId: 'bob',
      title: 'Bob',
      createdAt: '2026-03-01',
      updatedAt: '2026-03-01',
    });
    expect(
      (await store.listSessions({ workspaceId: 'default', userId: 'local' })).map((s) => s.id),
    ).toEqual(['s2', 's1']);
    await store.appendTurn(message({}), message({ id: 'm2', role: 'assistant' }));
    expect(await store.deleteSession('s1')).toBe(true);
    expect(await store.deleteSession('s1')).toBe(false);
    expect(await store.listMessages('s1')).toEqual([]);
  });

  it('keeps versions and audit events in order', async () => {
    await store.addVersion({
      id: 'v1',
      documentId: 'd',
      path: 'a.md',
      content: 'one',
      contentHash: 'h1',
      reference: { raw: '[[a]]', messageId: 'm', sessionId: 's1' },
      note: 'before edit',
      user: { id: 'u1', name: 'alice' },
      createdAt: '2026-01-01',
    });
    await store.addVersion({
      id: 'v2',
      documentId: 'd',
      path: 'a.md',
      content: 'two',
      contentHash: 'h2',
      reference: null,
      note: 'before rollback',
      user: null,
      createdAt: '2026-01-02',
    });
    expect((await store.listVersions('d')).map((v) => [v.content, v.user])).toEqual([
      ['one', { id: 'u1', name: 'alice' }],
      ['two', null],
    ]);
    expect((await store.getVersion('v1'))?.reference).toEqual({
      raw: '[[a]]',
      messageId: 'm',
      sessionId: 's1',
    });
    await store.addAuditEvent({
      id: 'e1',
      kind: 'edit_refused',
      user: { id: 'u1', name: 'alice' },
      sessionId: 's1',
      messageId: null,
      documentId: 'd',
      path: 'a.md',
      detail: { tool: 'edit_section' },
      createdAt: '2026-01-03',
    });
    expect(await store.listAuditEvents({ documentId: 'd' })).toMatchObject([
      { kind: 'edit_refused', user: { id: 'u1', name: 'alice' }, detail: { tool: 'edit_section' } },
    ]);
    expect(await store.listAuditEvents({ sessionId: 'nope' })).toEqual([]);
  });

  it('refuses an edit of a session that does not exist, or with an unknown status', async () => {
    await expect(store.addProposedEdit(sampleProposedEdit({ sessionId: 'nope' }))).rejects.toThrow(
      /FOREIGN KEY/,
    );
    await expect(
      store.addProposedEdit(sampleProposedEdit({ status: 'maybe' as unknown as 'proposed' })),
    ).rejects.toThrow(/CHECK/);
  });
});
