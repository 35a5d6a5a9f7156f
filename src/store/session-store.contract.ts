import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ProposedEdit, SessionStore, ToolCallRecord } from '../core/index.ts';

/** A message of session `s1` with every field set; an assistant answer unless overridden. */
export function sampleMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 'm2',
    sessionId: 's1',
    role: 'assistant',
    content: '',
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
    ...overrides,
  };
}

/** A tool call with every field set, returning two documents, so round trips are checked. */
export function sampleToolCall(overrides: Partial<ToolCallRecord> = {}): ToolCallRecord {
  return {
    id: 'call-1',
    name: 'search',
    input: { query: 'pump flow', limit: 5, kind: null },
    ok: true,
    summary: '2 results',
    documents: [
      { documentId: 'd1', path: 'notes/A.md', title: 'A' },
      { documentId: 'd2', path: 'pdfs/B.pdf', title: 'B — datasheet' },
    ],
    ...overrides,
  };
}

/** An edit to store, with every field set so round trips are checked. */
export function sampleProposedEdit(overrides: Partial<ProposedEdit> = {}): ProposedEdit {
  return {
    id: 'e1',
    sessionId: 's1',
    messageId: 'm2',
    documentId: 'd1',
    path: 'notes/A.md',
    tool: 'edit_section',
    action: 'write',
    reference: '[[A]]',
    baseHash: 'a'.repeat(64),
    newContent: '# A\n\nnew\n',
    diff: '--- a\n+++ b\n',
    status: 'proposed',
    versionId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * The session behaviour every SessionStore adapter owes (rename, agent edits by id), as one suite:
 * run it against each adapter so they cannot drift apart. The store must hold session `s1`.
 */
export function describeSessionStore(
  name: string,
  open: () => Promise<{ store: SessionStore; cleanup(): Promise<void> }>,
) {
  describe(`SessionStore contract: ${name}`, () => {
    let store: SessionStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
      await store.createSession({
        id: 's1',
        workspaceId: 'default',
        userId: 'local',
        title: 'First',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      });
    });
    afterEach(async () => {
      await cleanup();
    });

    it('renames a session, and says when there is none', async () => {
      expect(await store.renameSession('s1', 'Pump notes')).toBe(true);
      expect((await store.getSession('s1'))?.title).toBe('Pump notes');
      expect(await store.renameSession('nope', 'x')).toBe(false);
    });

    it("searches one user's titles and messages, ignoring case, newest activity first", async () => {
      const session = (id: string, title: string, userId = 'local', workspaceId = 'default') =>
        store.createSession({
          id,
          workspaceId,
          userId,
          title,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        });
      const turn = (sessionId: string, n: number, question: string, answer: string, day: number) =>
        store.appendTurn(
          sampleMessage({
            id: `${sessionId}-q${n}`,
            sessionId,
            role: 'user',
            content: question,
            createdAt: `2026-01-0${day}T00:00:00.000Z`,
          }),
          sampleMessage({
            id: `${sessionId}-a${n}`,
            sessionId,
            content: answer,
            createdAt: `2026-01-0${day}T00:00:01.000Z`,
          }),
        );
      await session('s2', 'Strainer questions');
      await session('s3', 'Budget');
      await session('other', 'Strainer too', 'someone-else');
      await session('elsewhere', 'Strainer again', 'local', 'second');
      await turn('s1', 1, 'What clogs the intake?', 'Silt clogs the STRAINER [1].', 2);
      await turn('s1', 2, 'And the strainer mesh?', 'A finer mesh.', 3);
      await turn('s2', 1, 'Hello', 'Hi.', 4);
      await turn('s3', 1, 'Réunion d’ÉTÉ?', 'Oui.', 5);
      await turn('other', 1, 'strainer', 'strainer', 6);
      const search = (text: string, limit = 20) =>
        store.searchSessions({ workspaceId: 'default', userId: 'local', text, limit });

      const hits = await search('strainer');
      expect(hits.map((h) => h.session.id)).toEqual(['s2', 's1']);
      // A title match has no message; a message match names the earliest matching one.
      expect(hits[0]).toMatchObject({ message: null, matches: 0 });
      expect(hits[0]?.session).toMatchObject({ title: 'Strainer questions', messageCount: 2 });
      expect(hits[1]).toMatchObject({
        matches: 2,
        message: {
          id: 's1-a1',
          role: 'assistant',
          content: 'Silt clogs the STRAINER [1].',
          createdAt: '2026-01-02T00:00:01.000Z',
        },
      });
      expect((await search('été')).map((h) => h.session.id)).toEqual(['s3']);
      expect((await search('[1]')).map((h) => h.message?.id)).toEqual(['s1-a1']);
      expect(await search('strainer', 1)).toHaveLength(1);
      expect(await search('nowhere')).toEqual([]);
    });

    it('round-trips an edit and lists a session’s edits oldest first', async () => {
      const first = sampleProposedEdit();
      const second = sampleProposedEdit({
        id: 'e2',
        action: 'insert',
        status: 'applied',
        versionId: 'v1',
        createdAt: '2026-01-01T00:00:01.000Z',
        updatedAt: '2026-01-01T00:00:01.000Z',
      });
      await store.addProposedEdit(second);
      await store.addProposedEdit(first);
      expect(await store.getProposedEdit('e1')).toEqual(first);
      expect(await store.getProposedEdit('nope')).toBeNull();
      expect(await store.listProposedEdits('s1')).toEqual([first, second]);
      expect(await store.listProposedEdits('other')).toEqual([]);
    });

    it('changes status only from the allowed states (compare-and-set)', async () => {
      await store.addProposedEdit(sampleProposedEdit());
      const applied = await store.updateProposedEditStatus('e1', {
        status: 'applied',
        versionId: 'v9',
        updatedAt: '2026-01-02T00:00:00.000Z',
        from: ['proposed'],
      });
      expect(applied).toMatchObject({
        status: 'applied',
        versionId: 'v9',
        updatedAt: '2026-01-02T00:00:00.000Z',
      });
      expect(
        await store.updateProposedEditStatus('e1', {
          status: 'discarded',
          updatedAt: '2026-01-03T00:00:00.000Z',
          from: ['proposed'],
        }),
      ).toBeNull();
      const undone = await store.updateProposedEditStatus('e1', {
        status: 'undone',
        updatedAt: '2026-01-04T00:00:00.000Z',
      });
      expect(undone).toMatchObject({ status: 'undone', versionId: 'v9' });
      expect(await store.getProposedEdit('e1')).toEqual(undone);
      expect(
        await store.updateProposedEditStatus('nope', { status: 'stale', updatedAt: 'x' }),
      ).toBeNull();
    });

    it('lists a document’s edits of every session, oldest first, and stores rolled_back', async () => {
      await store.createSession({
        id: 's2',
        workspaceId: 'default',
        userId: 'bob',
        title: 'Second',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      });
      const mine = sampleProposedEdit({ status: 'applied', versionId: 'v1' });
      const theirs = sampleProposedEdit({
        id: 'e2',
        sessionId: 's2',
        createdAt: '2026-01-01T00:00:01.000Z',
      });
      const elsewhere = sampleProposedEdit({ id: 'e3', documentId: 'd2' });
      for (const edit of [theirs, elsewhere, mine]) await store.addProposedEdit(edit);
      expect(await store.listDocumentEdits('d1')).toEqual([mine, theirs]);
      expect(await store.listDocumentEdits('none')).toEqual([]);
      const rolledBack = await store.updateProposedEditStatus('e1', {
        status: 'rolled_back',
        updatedAt: '2026-01-02T00:00:00.000Z',
        from: ['applied'],
      });
      expect(rolledBack).toMatchObject({ status: 'rolled_back', versionId: 'v1' });
      expect(await store.getProposedEdit('e1')).toEqual(rolledBack);
    });

    it('deletes a session’s edits with the session', async () => {
      await store.addProposedEdit(sampleProposedEdit());
      await store.deleteSession('s1');
      expect(await store.getProposedEdit('e1')).toBeNull();
    });

    it('saves a streaming answer as it grows, and never over its final write', async () => {
      const question = sampleMessage({ id: 'm1', role: 'user', content: 'Why?' });
      const answer = sampleMessage({ status: 'streaming' });
      await store.appendTurn(question, answer);
      expect(await store.saveProgress({ ...answer, content: 'Because' })).toBe(true);
      expect((await store.listMessages('s1'))[1]).toMatchObject({
        status: 'streaming',
        content: 'Because',
      });
      const final = { ...answer, status: 'complete' as const, content: 'Because it is.' };
      await store.updateMessage(final);
      // A save that lands after the turn ended changes nothing.
      expect(await store.saveProgress({ ...answer, content: 'Because it' })).toBe(false);
      expect((await store.listMessages('s1'))[1]).toEqual(final);
    });

    it('keeps tool calls in order with their summary and returned documents, replaced on each save', async () => {
      const question = sampleMessage({ id: 'm1', role: 'user', content: 'Flow?' });
      const search = sampleToolCall();
      const refused = sampleToolCall({
        id: 'call-2',
        name: 'edit_section',
        input: { path: 'A', section: 'Flow', content: 'x' },
        ok: false,
        summary: 'refused: the user did not reference this document in this message',
        documents: [],
      });
      await store.appendTurn(question, sampleMessage({ status: 'streaming' }));
      await store.saveProgress(sampleMessage({ status: 'streaming', toolCalls: [search] }));
      expect((await store.listMessages('s1'))[1]?.toolCalls).toEqual([search]);
      await store.saveProgress(
        sampleMessage({ status: 'streaming', toolCalls: [search, refused] }),
      );
      const final = sampleMessage({ content: 'Done.', toolCalls: [search, refused] });
      await store.updateMessage(final);
      const [storedQuestion, answer] = await store.listMessages('s1');
      expect(storedQuestion?.toolCalls).toEqual([]);
      expect(answer).toEqual(final);
      // A late save is refused and leaves the final tool calls alone.
      expect(await store.saveProgress(sampleMessage({ status: 'streaming', toolCalls: [] }))).toBe(
        false,
      );
      expect((await store.listMessages('s1'))[1]?.toolCalls).toEqual([search, refused]);
      await store.deleteSession('s1');
      expect(await store.listMessages('s1')).toEqual([]);
    });

    it('marks answers left streaming as interrupted because the server stopped, with their text', async () => {
      await store.appendTurn(
        sampleMessage({ id: 'm1', role: 'user', content: 'Why?' }),
        sampleMessage({ status: 'streaming' }),
      );
      await store.saveProgress(
        sampleMessage({
          status: 'streaming',
          content: 'Half an ans',
          toolCalls: [sampleToolCall()],
        }),
      );
      await store.appendTurn(
        sampleMessage({ id: 'm3', role: 'user', content: 'And?' }),
        sampleMessage({ id: 'm4', status: 'interrupted', reason: 'stopped', content: 'Sto' }),
      );
      // A server checking while it serves leaves its own answers alone: it is still writing them.
      expect(
        await store.interruptAbandoned('2026-01-02T00:00:00.000Z', { whileServing: true }),
      ).toEqual([]);
      const marked = await store.interruptAbandoned('2026-01-02T00:00:00.000Z');
      expect(marked.map((m) => m.id)).toEqual(['m2']);
      expect(marked[0]?.toolCalls).toEqual([sampleToolCall()]);
      const [question, answer, , stopped] = await store.listMessages('s1');
      expect(question).toMatchObject({ content: 'Why?', status: 'complete' });
      expect(answer).toMatchObject({
        status: 'interrupted',
        reason: 'server_stopped',
        error: 'the server stopped before the answer finished',
        content: 'Half an ans',
        toolCalls: [sampleToolCall()],
        updatedAt: '2026-01-02T00:00:00.000Z',
      });
      expect(stopped).toMatchObject({ status: 'interrupted', reason: 'stopped', content: 'Sto' });
      expect(await store.saveProgress(sampleMessage({ status: 'streaming', content: 'x' }))).toBe(
        false,
      );
      expect(await store.interruptAbandoned('2026-01-03T00:00:00.000Z')).toEqual([]);
    });

    it('runs exclusive work once, passing on its result or its error, and frees the key after', async () => {
      expect(await store.exclusive('file:/a.md', async () => 7)).toBe(7);
      await expect(
        store.exclusive('file:/a.md', async () => {
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await store.exclusive('file:/a.md', async () => 'again')).toBe('again');
    });
  });
}
