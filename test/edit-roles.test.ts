import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyEdit,
  applyProposedEdit,
  discardProposedEdit,
  type EditActionOptions,
  rollbackDocument,
  runTurn,
  type ToolContext,
  type TurnOptions,
  undoAppliedEdit,
} from '../src/chat/index.ts';
import {
  type Actor,
  FootnoteError,
  gptTokenCounter,
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

const alice: Actor = { id: 'alice', name: 'alice', role: 'member' };
const bob: Actor = { id: 'bob', name: 'bob', role: 'member' };
const vera: Actor = { id: 'vera', name: 'vera', role: 'viewer' };
const root: Actor = { id: 'root', name: 'root', role: 'admin' };

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
const file = () => readFileSync(join(sample.workspace, design), 'utf8');
const documentId = async () => (await store.getDocumentByPath(design))?.id ?? '';

/** One agent turn of `actor` whose model rewrites the Impeller section (to `content`). */
const editTurn = async (actor: Actor, content: string, over: Partial<TurnOptions> = {}) =>
  runTurn({
    root: sample.workspace,
    store,
    sessions,
    catalog: await loadReferenceCatalog(store),
    model: scriptedModel([
      {
        toolCalls: [
          { name: 'edit_section', input: { path: design, section: 'Impeller', content } },
        ],
      },
      { text: 'Done.' },
    ]),
    tokenCounter,
    message: 'Rewrite [[Pump Design#Impeller]]',
    mode: 'agent',
    userId: actor.id,
    actor,
    reindex,
    ...over,
  });

const act = (editId: string, actor: Actor): EditActionOptions => ({
  root: sample.workspace,
  store,
  sessions,
  editId,
  actor,
  reindex,
});

const rollback = (versionId: string, actor: Actor, dryRun = false) =>
  rollbackDocument({
    root: sample.workspace,
    store,
    sessions,
    path: design,
    versionId,
    actor,
    dryRun,
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

describe('viewers write nowhere', () => {
  it('an agent turn of a viewer is refused before anything is stored', async () => {
    const before = file();
    expect(await codeOf(editTurn(vera, 'Viewer text.'))).toBe('forbidden_role');
    expect(await sessions.listSessions({ workspaceId: 'default', userId: 'vera' })).toEqual([]);
    expect(file()).toBe(before);
    // Chat mode stays open to a viewer.
    const chat = await editTurn(vera, 'x', { mode: 'chat' });
    expect(chat.assistant.status).toBe('complete');
  });

  it('the edit tool itself refuses a viewer, and audits it with the user', async () => {
    const before = file();
    const doc = await store.getDocumentByPath(design);
    if (!doc) throw new Error('sample document missing');
    const turn = await editTurn(alice, 'x', { mode: 'chat' });
    // The tool's context as the engine builds it, for a viewer (the engine refuses earlier).
    const context = {
      root: sample.workspace,
      sessions,
      references: turn.user.references.map((r) => ({ ...r, permission: 'write' as const })),
      mode: 'agent',
      actor: vera,
      dryRun: false,
      sessionId: turn.session.id,
      messageId: turn.assistant.id,
      now: () => new Date(),
      newId: () => crypto.randomUUID(),
      onEdit: () => undefined,
      reindex,
    } as unknown as ToolContext;
    const attempt = applyEdit(context, {
      tool: 'write_content',
      doc,
      action: 'write',
      change: (raw) => `${raw}\nViewer text.\n`,
    });
    expect(await codeOf(attempt)).toBe('forbidden_role');
    expect(file()).toBe(before);
    expect((await sessions.listAuditEvents({ documentId: doc.id })).at(-1)).toMatchObject({
      kind: 'edit_refused',
      user: { id: 'vera', name: 'vera' },
      detail: { tool: 'write_content', reason: expect.stringContaining('viewer "vera"') },
    });
  });

  it('a viewer cannot apply, discard or undo (even an edit of their own from before)', async () => {
    const proposal = (await editTurn(alice, 'Proposed.', { dryRun: true })).edits[0];
    const written = (await editTurn(alice, 'Written.')).edits[0];
    const before = file();
    // Alice's role becomes viewer: her own edits are out of her reach too.
    const demoted: Actor = { ...alice, role: 'viewer' };
    expect(await codeOf(applyProposedEdit(act(proposal?.id ?? '', demoted)))).toBe(
      'forbidden_role',
    );
    expect(await codeOf(discardProposedEdit(act(proposal?.id ?? '', demoted)))).toBe(
      'forbidden_role',
    );
    expect(await codeOf(undoAppliedEdit(act(written?.id ?? '', demoted)))).toBe('forbidden_role');
    expect(file()).toBe(before);
    expect((await sessions.getProposedEdit(proposal?.id ?? ''))?.status).toBe('proposed');
    expect((await sessions.getProposedEdit(written?.id ?? ''))?.status).toBe('applied');
    const refusals = (await sessions.listAuditEvents({ documentId: await documentId() })).filter(
      (e) => e.kind === 'edit_refused',
    );
    expect(refusals.map((e) => [e.user?.id, e.detail.attempt])).toEqual([
      ['alice', 'apply'],
      ['alice', 'discard'],
      ['alice', 'undo'],
    ]);
    const [original] = await sessions.listVersions(await documentId());
    expect(await codeOf(rollback(original?.id ?? '', vera))).toBe('forbidden_role');
    expect(await codeOf(rollback(original?.id ?? '', vera, true))).toBe('forbidden_role');
    expect(file()).toBe(before);
  });
});

describe('members act on their own edits; admins on anyone’s', () => {
  it('a member cannot apply, discard or undo another member’s edit; an admin can', async () => {
    const proposal = (await editTurn(alice, 'Proposed.', { dryRun: true })).edits[0];
    const id = proposal?.id ?? '';
    expect(await codeOf(applyProposedEdit(act(id, bob)))).toBe('forbidden_role');
    expect(await codeOf(discardProposedEdit(act(id, bob)))).toBe('forbidden_role');
    expect((await sessions.getProposedEdit(id))?.status).toBe('proposed');
    const applied = await applyProposedEdit(act(id, root));
    expect(applied.status).toBe('applied');
    expect(await codeOf(undoAppliedEdit(act(id, bob)))).toBe('forbidden_role');
    expect((await undoAppliedEdit(act(id, root))).status).toBe('undone');
    const events = await sessions.listAuditEvents({ documentId: await documentId() });
    expect(events.map((e) => [e.kind, e.user?.name])).toEqual([
      ['edit_proposed', 'alice'],
      ['edit_refused', 'bob'],
      ['edit_refused', 'bob'],
      ['edit', 'root'],
      ['edit_refused', 'bob'],
      ['rollback', 'root'],
    ]);
  });

  it('discarding is audited with the user', async () => {
    const proposal = (await editTurn(alice, 'Proposed.', { dryRun: true })).edits[0];
    await discardProposedEdit(act(proposal?.id ?? '', alice));
    expect(
      (await sessions.listAuditEvents({ documentId: await documentId() })).at(-1),
    ).toMatchObject({
      kind: 'edit_discarded',
      user: { id: 'alice', name: 'alice' },
      detail: { editId: proposal?.id },
    });
  });
});

describe('rollback by role', () => {
  it('a member cannot roll back another member’s edit: 403, file and edit state unchanged, audited', async () => {
    const edit = (await editTurn(alice, 'Alice wrote this.')).edits[0];
    const [original] = await sessions.listVersions(await documentId());
    const before = file();
    expect(await codeOf(rollback(original?.id ?? '', bob))).toBe('forbidden_role');
    expect(await codeOf(rollback(original?.id ?? '', bob, true))).toBe('forbidden_role');
    expect(file()).toBe(before);
    expect((await sessions.getProposedEdit(edit?.id ?? ''))?.status).toBe('applied');
    expect(await sessions.listVersions(await documentId())).toHaveLength(2);
    expect(
      (await sessions.listAuditEvents({ documentId: await documentId() })).at(-1),
    ).toMatchObject({
      kind: 'rollback_refused',
      user: { id: 'bob', name: 'bob' },
      detail: { to: original?.id, role: 'member', reason: expect.stringContaining('another user') },
    });
  });

  it('an admin rolls back anyone’s edit, which then shows rolled_back; the version records the admin', async () => {
    const first = (await editTurn(alice, 'Alice wrote this.')).edits[0];
    const second = (await editTurn(bob, 'Bob wrote this.')).edits[0];
    const [original] = await sessions.listVersions(await documentId());
    const result = await rollback(original?.id ?? '', root);
    expect(result).toMatchObject({ applied: true, rolledBack: [first?.id, second?.id] });
    expect(file()).toBe(original?.content);
    expect((await sessions.getProposedEdit(first?.id ?? ''))?.status).toBe('rolled_back');
    expect((await sessions.getProposedEdit(second?.id ?? ''))?.status).toBe('rolled_back');
    const versions = await sessions.listVersions(await documentId());
    expect(versions.at(-1)).toMatchObject({
      id: result.versionId,
      user: { id: 'root', name: 'root' },
    });
    expect(
      (await sessions.listAuditEvents({ documentId: await documentId() })).at(-1),
    ).toMatchObject({
      kind: 'rollback',
      user: { id: 'root', name: 'root' },
      detail: { to: original?.id, rolledBack: [first?.id, second?.id] },
    });
    // A rolled-back edit cannot be undone as if it were still in the file.
    expect(await codeOf(undoAppliedEdit(act(first?.id ?? '', root)))).toBe('edit_not_applied');
  });

  it('a member rolls back their own edits; not over another’s, nor over a change by hand', async () => {
    const mine = (await editTurn(alice, 'Alice one.')).edits[0];
    const mineAgain = (await editTurn(alice, 'Alice two.')).edits[0];
    const versions = await sessions.listVersions(await documentId());
    const afterFirst = versions.find((v) => v.id === mine?.versionId);
    // Back to her first edit: only her second is taken out.
    const own = await rollback(afterFirst?.id ?? '', alice);
    expect(own.rolledBack).toEqual([mineAgain?.id]);
    expect(file()).toContain('Alice one.');
    expect((await sessions.getProposedEdit(mine?.id ?? ''))?.status).toBe('applied');
    // Back past her rollback too: still all hers.
    const [original] = versions;
    expect((await rollback(original?.id ?? '', alice)).rolledBack).toEqual([mine?.id]);
    // Bob edits on top; Alice may no longer restore anything before Bob's edit.
    const bobsEdit = (await editTurn(bob, 'Bob wrote this.')).edits[0];
    expect(await codeOf(rollback(afterFirst?.id ?? '', alice))).toBe('forbidden_role');
    // A change by hand is nobody's: restoring over it needs an admin.
    const bobsVersion = (await sessions.listVersions(await documentId())).at(-1);
    writeFileSync(join(sample.workspace, design), `${file()}\nTyped by hand.\n`);
    expect(await codeOf(rollback(bobsVersion?.id ?? '', bob))).toBe('forbidden_role');
    expect(file()).toContain('Typed by hand.');
    // Restoring the text the file already has takes nothing out: anyone who may write may, and
    // no edit changes state (here Bob's text was typed away by hand, not by Alice's restore).
    const beforeBob = (await sessions.listVersions(await documentId())).at(-2);
    writeFileSync(join(sample.workspace, design), beforeBob?.content ?? '');
    const noop = await rollback(beforeBob?.id ?? '', alice);
    expect(noop).toMatchObject({ applied: true, rolledBack: [] });
    expect((await sessions.getProposedEdit(bobsEdit?.id ?? ''))?.status).toBe('applied');
  });
});
