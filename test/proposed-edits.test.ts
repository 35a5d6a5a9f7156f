import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyProposedEdit,
  discardProposedEdit,
  type EditActionOptions,
  runTurn,
  type TurnOptions,
  undoAppliedEdit,
} from '../src/chat/index.ts';
import {
  FootnoteError,
  gptTokenCounter,
  LOCAL_USER,
  loadReferenceCatalog,
  memoizeTokenCounter,
} from '../src/core/index.ts';
import { SqliteSessionStore, SqliteStore } from '../src/store/index.ts';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';
import { scriptedModel } from '../src/testing/scripted-model.ts';
import { indexWorkspace } from '../src/workspace/index.ts';

let sample: ReturnType<typeof copySampleWorkspace>;
let store: SqliteStore;
let sessions: SqliteSessionStore;
const tokenCounter = memoizeTokenCounter(gptTokenCounter);
const design = 'notes/projects/Pump Design.md';
const newText = 'We chose the six-vane closed impeller after the February rig tests.';

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

const reindex = async () => {
  await indexWorkspace(sample.workspace, store);
};
const file = (path = design) => readFileSync(join(sample.workspace, path), 'utf8');

/** One agent turn whose model edits the Impeller section of Pump Design (to `content`). */
const editTurn = async (message: string, over: Partial<TurnOptions> = {}, content = newText) =>
  runTurn({
    root: sample.workspace,
    store,
    sessions,
    catalog: await loadReferenceCatalog(store),
    model: scriptedModel([
      {
        toolCalls: [
          {
            name: 'edit_section',
            input: { path: design, section: 'Impeller', content },
          },
        ],
      },
      { text: 'Here is the change.' },
    ]),
    tokenCounter,
    message,
    mode: 'agent',
    reindex,
    ...over,
  });

const act = (editId: string): EditActionOptions => ({
  root: sample.workspace,
  store,
  sessions,
  editId,
  actor: LOCAL_USER,
  reindex,
});

/** The stable code of what `work` throws. */
const codeOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return FootnoteError.isInstance(error) ? error.code : String(error);
  }
  return 'no error';
};

describe('proposed edits', () => {
  it('stores a dry run as a proposal, applies it through the versioned write path, and undoes it', async () => {
    const before = file();
    const { edits, assistant, session } = await editTurn('Rewrite [[Pump Design#Impeller]]', {
      dryRun: true,
    });
    expect(edits).toHaveLength(1);
    const [proposal] = edits;
    expect(proposal).toMatchObject({
      status: 'proposed',
      versionId: null,
      sessionId: session.id,
      messageId: assistant.id,
      path: design,
      action: 'write',
      reference: '[[Pump Design#Impeller]]',
    });
    expect(file()).toBe(before);
    expect(assistant.toolCalls[0]).toMatchObject({ ok: true });
    expect(await sessions.listProposedEdits(session.id)).toEqual(edits);

    const applied = await applyProposedEdit(act(proposal?.id ?? ''));
    expect(applied).toMatchObject({ id: proposal?.id, status: 'applied' });
    expect(applied.versionId).toEqual(expect.any(String));
    expect(file()).toContain(`## Impeller\n\n${newText}\n`);
    const doc = await store.getDocumentByPath(design);
    expect(doc?.body).toContain(newText);
    const versions = await sessions.listVersions(doc?.id ?? '');
    expect(versions.map((v) => [v.note, v.id === applied.versionId])).toEqual([
      ['original, before the first edit', false],
      ['edit_section via [[Pump Design#Impeller]]', true],
    ]);
    const local = { id: 'local', name: 'local' };
    expect(await sessions.listAuditEvents({ documentId: doc?.id })).toMatchObject([
      { kind: 'edit_proposed', user: local, detail: { editId: proposal?.id } },
      {
        kind: 'edit',
        user: local,
        detail: { editId: proposal?.id, versionId: applied.versionId },
      },
    ]);
    expect(versions.map((v) => v.user)).toEqual([null, local]);

    const undone = await undoAppliedEdit(act(proposal?.id ?? ''));
    expect(undone).toMatchObject({ status: 'undone', versionId: applied.versionId });
    expect(file()).toBe(before);
    expect((await sessions.listAuditEvents({ documentId: doc?.id })).at(-1)).toMatchObject({
      kind: 'rollback',
      user: local,
      sessionId: session.id,
      detail: { undoes: proposal?.id },
    });
    expect(await codeOf(undoAppliedEdit(act(proposal?.id ?? '')))).toBe('edit_not_applied');
    expect(await codeOf(applyProposedEdit(act(proposal?.id ?? '')))).toBe('edit_not_proposed');
  });

  it('refuses to apply when the file changed since the preview, marks it stale and keeps the hand edit', async () => {
    const { edits } = await editTurn('Rewrite [[Pump Design#Impeller]]', { dryRun: true });
    const id = edits[0]?.id ?? '';
    const handEdited = `${file()}\nA line typed by hand.\n`;
    writeFileSync(join(sample.workspace, design), handEdited);
    expect(await codeOf(applyProposedEdit(act(id)))).toBe('edit_stale');
    expect(file()).toBe(handEdited);
    expect((await sessions.getProposedEdit(id))?.status).toBe('stale');
    expect(await codeOf(applyProposedEdit(act(id)))).toBe('edit_not_proposed');
    expect(await codeOf(discardProposedEdit(act(id)))).toBe('edit_not_proposed');
  });

  it('discards only a proposed edit, writing nothing; unknown ids are not found', async () => {
    const before = file();
    const { edits } = await editTurn('Rewrite [[Pump Design#Impeller]]', { dryRun: true });
    const id = edits[0]?.id ?? '';
    expect(await discardProposedEdit(act(id))).toMatchObject({ id, status: 'discarded' });
    expect(file()).toBe(before);
    expect(await codeOf(discardProposedEdit(act(id)))).toBe('edit_not_proposed');
    expect(await codeOf(applyProposedEdit(act(id)))).toBe('edit_not_proposed');
    expect(await codeOf(applyProposedEdit(act('nope')))).toBe('edit_not_found');
    expect(await codeOf(undoAppliedEdit(act('nope')))).toBe('edit_not_found');
  });

  it('checks permission again on apply, against the references stored with the user message', async () => {
    const before = file();
    const { edits, user } = await editTurn('Rewrite [[Pump Design#Impeller]]', { dryRun: true });
    await sessions.updateMessage({
      ...user,
      references: user.references.map((r) => ({ ...r, permission: 'read' as const })),
    });
    const id = edits[0]?.id ?? '';
    expect(await codeOf(applyProposedEdit(act(id)))).toBe('edit_refused');
    expect(file()).toBe(before);
    expect((await sessions.getProposedEdit(id))?.status).toBe('proposed');
    expect((await sessions.listAuditEvents({ sessionId: user.sessionId })).at(-1)).toMatchObject({
      kind: 'edit_refused',
      detail: { editId: id },
    });
  });

  it('applies the same proposal once when asked twice at the same time', async () => {
    const { edits } = await editTurn('Rewrite [[Pump Design#Impeller]]', { dryRun: true });
    const id = edits[0]?.id ?? '';
    const outcomes = await Promise.allSettled([
      applyProposedEdit(act(id)),
      applyProposedEdit(act(id)),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const failed = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect((failed.reason as FootnoteError).code).toBe('edit_not_proposed');
    expect((await sessions.getProposedEdit(id))?.status).toBe('applied');
  });

  it('records an edit written at once as applied, and undo keeps a hand edit made before it', async () => {
    // A first edit stores the original; a hand edit follows; the next edit must keep that text.
    await editTurn('Rewrite [[Pump Design#Impeller]]');
    const afterFirst = file();
    writeFileSync(join(sample.workspace, design), `${afterFirst}\nA line typed by hand.\n`);
    await reindex();
    const second = await editTurn('Rewrite [[Pump Design#Impeller]]', {}, 'Short.');
    const [edit] = second.edits;
    expect(edit).toMatchObject({ status: 'applied', versionId: expect.any(String) });
    expect(await sessions.getProposedEdit(edit?.id ?? '')).toMatchObject({ status: 'applied' });
    const doc = await store.getDocumentByPath(design);
    expect((await sessions.listVersions(doc?.id ?? '')).map((v) => v.note)).toEqual([
      'original, before the first edit',
      'edit_section via [[Pump Design#Impeller]]',
      'before edit (changed outside Footnote)',
      'edit_section via [[Pump Design#Impeller]]',
    ]);
    await undoAppliedEdit(act(edit?.id ?? ''));
    expect(file()).toBe(`${afterFirst}\nA line typed by hand.\n`);
  });

  it('refuses to undo an edit that a later change has built on, and loses nothing', async () => {
    const first = await editTurn('Rewrite [[Pump Design#Impeller]]');
    const [edit] = first.edits;
    const changedLater = `${file()}\nA later line typed by hand.\n`;
    writeFileSync(join(sample.workspace, design), changedLater);
    await reindex();
    expect(await codeOf(undoAppliedEdit(act(edit?.id ?? '')))).toBe('edit_stale');
    expect(file()).toBe(changedLater);
    expect(await sessions.getProposedEdit(edit?.id ?? '')).toMatchObject({ status: 'applied' });
  });
});

describe('edits racing each other', () => {
  it('an apply and a discard at once: one wins, and the file agrees with the status', async () => {
    const before = file();
    const [proposal] = (await editTurn('Rewrite [[Pump Design#Impeller]]', { dryRun: true })).edits;
    const id = proposal?.id ?? '';
    const outcomes = await Promise.allSettled([
      applyProposedEdit(act(id)),
      discardProposedEdit({ sessions, editId: id, actor: LOCAL_USER }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const stored = await sessions.getProposedEdit(id);
    if (stored?.status === 'applied') {
      expect(file()).toContain(newText);
      expect(stored.versionId).toEqual(expect.any(String));
    } else {
      expect(stored?.status).toBe('discarded');
      expect(file()).toBe(before);
    }
  });

  it('undoing an edit while a later one on the same file is applied never loses the later one', async () => {
    const [first] = (await editTurn('Rewrite [[Pump Design#Impeller]]')).edits;
    const later = await editTurn('Rewrite [[Pump Design#Impeller]]', { dryRun: true }, 'Later.');
    const [second] = later.edits;
    const [applied, undone] = await Promise.allSettled([
      applyProposedEdit(act(second?.id ?? '')),
      undoAppliedEdit(act(first?.id ?? '')),
    ]);
    const secondNow = await sessions.getProposedEdit(second?.id ?? '');
    const firstNow = await sessions.getProposedEdit(first?.id ?? '');
    if (applied.status === 'fulfilled') {
      expect(undone.status).toBe('rejected');
      expect(file()).toContain('Later.');
      expect(secondNow?.status).toBe('applied');
      expect(firstNow?.status).toBe('applied');
    } else {
      expect(undone.status).toBe('fulfilled');
      expect(file()).not.toContain('Later.');
      expect(file()).not.toContain(newText);
      expect(secondNow?.status).toBe('stale');
    }
  });
});

describe('several previews of one document in one turn', () => {
  const twoEdits = (second: { name: string; input: Record<string, unknown> }) =>
    runTurn({
      root: sample.workspace,
      store,
      sessions,
      catalog: currentCatalog(),
      model: scriptedModel([
        {
          toolCalls: [
            {
              name: 'edit_section',
              input: { path: design, section: 'Impeller', content: newText },
            },
          ],
        },
        { toolCalls: [second] },
        { text: 'Done.' },
      ]),
      tokenCounter,
      message: 'Rewrite [[Pump Design]]',
      mode: 'agent',
      dryRun: true,
      reindex,
    });
  let catalog: Awaited<ReturnType<typeof loadReferenceCatalog>>;
  const currentCatalog = () => catalog;
  beforeEach(async () => {
    catalog = await loadReferenceCatalog(store);
  });

  it('refuses a second section edit, saying to send the whole text instead', async () => {
    const result = await twoEdits({
      name: 'edit_section',
      input: { path: design, section: 'Impeller', content: 'Other words.' },
    });
    expect(result.edits.map((e) => e.status)).toEqual(['proposed']);
    expect(result.assistant.toolCalls.map((t) => t.ok)).toEqual([true, false]);
  });

  it('lets a whole-body rewrite replace the earlier preview', async () => {
    const result = await twoEdits({
      name: 'write_content',
      input: { path: design, content: '# Pump Design\n\nAll new.\n' },
    });
    expect(result.edits.map((e) => [e.tool, e.status])).toEqual([
      ['edit_section', 'discarded'],
      ['write_content', 'proposed'],
    ]);
    const [, rewrite] = result.edits;
    const applied = await applyProposedEdit(act(rewrite?.id ?? ''));
    expect(applied.status).toBe('applied');
    expect(file()).toContain('All new.');
  });
});

describe('permission overrides', () => {
  it('an override to read refuses an edit the verb alone would allow', async () => {
    const before = file();
    const { edits, user, assistant } = await editTurn('Rewrite [[Pump Design#Impeller]]', {
      permissions: [{ path: design, permission: 'read' }],
    });
    expect(user.references[0]).toMatchObject({ permission: 'read' });
    expect(edits).toEqual([]);
    expect(assistant.toolCalls[0]).toMatchObject({
      ok: false,
      summary: expect.stringMatching(/^refused: .*read permission/),
    });
    expect(file()).toBe(before);
  });

  it('an override to write allows an edit whose verb alone gives read, and is stored for apply', async () => {
    const plain = await editTurn('What does [[Pump Design#Impeller]] say?', { dryRun: true });
    expect(plain.user.references[0]).toMatchObject({ permission: 'read' });
    expect(plain.edits).toEqual([]);

    const { edits, user } = await editTurn('What does [[Pump Design#Impeller]] say?', {
      dryRun: true,
      permissions: [{ path: design, permission: 'write' }],
    });
    expect(user.references[0]).toMatchObject({ permission: 'write' });
    const stored = await sessions.listMessages(user.sessionId);
    expect(stored[0]?.references[0]).toMatchObject({ permission: 'write' });
    expect(edits[0]).toMatchObject({ status: 'proposed' });
    expect(await applyProposedEdit(act(edits[0]?.id ?? ''))).toMatchObject({ status: 'applied' });
    expect(file()).toContain(newText);
  });

  it('leaves chat mode read-only whatever is chosen', async () => {
    const { user } = await editTurn('Rewrite [[Pump Design#Impeller]]', {
      mode: 'chat',
      permissions: [{ path: design, permission: 'write' }],
    });
    expect(user.references[0]).toMatchObject({ permission: 'read' });
  });
});
