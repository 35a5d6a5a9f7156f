import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  type Actor,
  authorizeEdit,
  authorizeEditAction,
  type DocumentStore,
  type ProposedEdit,
  type Reference,
  RoleForbiddenError,
  type SessionStore,
} from '../core/index.ts';
import { EditNotFoundError, EditStaleError, EditStateError } from './edit-errors.ts';
import { FileChangedError, recordedUser, restoreVersion } from './restore-version.ts';
import { commitEdit, editableFile, refuseEdit, sha256, withFileLock } from './write-edit.ts';

/** Why an applied edit cannot be undone once something else has written the file. */
const CHANGED_AFTER =
  'changed after this edit (a later edit or a change by hand); roll back from its versions instead';

/** What acting on a stored edit needs: who acts, the workspace, its stores, and how to re-index. */
export interface EditActionOptions {
  readonly root: string;
  readonly store: DocumentStore;
  readonly sessions: SessionStore;
  readonly editId: string;
  /** Who acts: the edit's own user (a member or admin) or an admin; never a viewer. */
  readonly actor: Actor;
  /** Brings the index up to date after a file was written. */
  readonly reindex: () => Promise<void>;
  readonly now?: () => Date;
  readonly newId?: () => string;
}

async function loadEdit(sessions: SessionStore, editId: string): Promise<ProposedEdit> {
  const edit = await sessions.getProposedEdit(editId);
  if (!edit) throw new EditNotFoundError(editId);
  return edit;
}

/**
 * Checks, where the action executes, that the actor may act on the edit — its session's user (not
 * a viewer) or an admin; a refusal is audited with the user and thrown as `forbidden_role`.
 */
async function authorizeAction(
  options: Pick<EditActionOptions, 'sessions' | 'actor'>,
  edit: ProposedEdit,
  attempt: 'apply' | 'discard' | 'undo',
  now: () => Date,
  newId: () => string,
): Promise<void> {
  const owner = (await options.sessions.getSession(edit.sessionId))?.userId ?? null;
  try {
    authorizeEditAction(options.actor, attempt, owner);
  } catch (error) {
    if (!(error instanceof RoleForbiddenError)) throw error;
    await refuseEdit(
      { sessions: options.sessions, now, newId, actor: options.actor },
      { ...edit, reason: error.message, editId: edit.id, attempt },
      error,
    );
  }
}

/**
 * The user's references of the turn that made an edit — the user message stored just before the
 * assistant message — with the permissions (inferred or chosen in the UI) they had then. Applying
 * later is judged by exactly what the user said in that turn, nothing newer.
 */
export async function turnReferences(
  sessions: SessionStore,
  edit: Pick<ProposedEdit, 'sessionId' | 'messageId'>,
): Promise<readonly Reference[]> {
  const messages = await sessions.listMessages(edit.sessionId);
  const at = messages.findIndex((m) => m.id === edit.messageId);
  const user = at > 0 ? messages[at - 1] : undefined;
  return user?.role === 'user' ? user.references : [];
}

/**
 * Writes a proposed edit once the user applies it: permission is checked again against the turn's
 * references, and the file must still be exactly the text the diff was made from (else the edit is
 * marked `stale` and refused); then the same write path as any edit (versions, atomic write, audit,
 * re-index), and the edit is marked `applied` with its version.
 */
export async function applyProposedEdit(options: EditActionOptions): Promise<ProposedEdit> {
  const { sessions, editId } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const edit = await loadEdit(sessions, editId);
  await authorizeAction(options, edit, 'apply', now, newId);
  if (edit.status !== 'proposed')
    throw new EditStateError('edit_not_proposed', edit.id, edit.status);
  const decision = authorizeEdit(
    edit.documentId,
    edit.action,
    await turnReferences(sessions, edit),
    'agent',
  );
  if (!decision.ok)
    return refuseEdit(
      { sessions, now, newId, actor: options.actor },
      { ...edit, reason: decision.reason, editId: edit.id, attempt: 'apply' },
    );
  const stale = async (why?: string): Promise<never> => {
    await sessions.updateProposedEditStatus(edit.id, {
      status: 'stale',
      updatedAt: now().toISOString(),
      from: ['proposed'],
    });
    throw new EditStaleError(edit.id, edit.path, why);
  };
  const doc = await options.store.getDocument(edit.documentId);
  const file =
    doc && doc.status !== 'deleted'
      ? await editableFile(options.root, doc.path).catch((error: unknown) => {
          if ((error as { code?: unknown }).code === 'ENOENT') return null;
          throw error;
        })
      : null;
  if (!doc || !file) return stale('no longer exists');
  return withFileLock(sessions, file, async () => {
    // Claimed before anything is written: a discard (or another apply) racing this one now fails
    // instead of leaving a written file under a "discarded" edit.
    const claimed = await sessions.updateProposedEditStatus(edit.id, {
      status: 'applied',
      versionId: null,
      updatedAt: now().toISOString(),
      from: ['proposed'],
    });
    if (!claimed) {
      const current = await loadEdit(sessions, editId);
      throw new EditStateError('edit_not_proposed', edit.id, current.status);
    }
    const release = (status: 'proposed' | 'stale') =>
      sessions.updateProposedEditStatus(edit.id, {
        status,
        updatedAt: now().toISOString(),
        from: ['applied'],
      });
    const raw = await readFile(file, 'utf8');
    if (sha256(raw) !== edit.baseHash) {
      await release('stale');
      throw new EditStaleError(edit.id, edit.path);
    }
    let versionId: string;
    try {
      versionId = await commitEdit(
        { sessions, now, newId, reindex: options.reindex, actor: options.actor },
        {
          editId: edit.id,
          documentId: doc.id,
          path: doc.path,
          file,
          tool: edit.tool,
          action: edit.action,
          reference: decision.reference.raw,
          sessionId: edit.sessionId,
          messageId: edit.messageId,
          before: raw,
          after: edit.newContent,
        },
      );
    } catch (error) {
      // Written or not decides what the edit is: a file that holds the new text stays applied.
      const after = await readFile(file, 'utf8').catch(() => raw);
      if (after !== edit.newContent) await release('proposed');
      throw error;
    }
    const applied = await sessions.updateProposedEditStatus(edit.id, {
      status: 'applied',
      versionId,
      updatedAt: now().toISOString(),
      from: ['applied'],
    });
    if (!applied) throw new EditStateError('edit_not_applied', edit.id, 'applied');
    return applied;
  });
}

/**
 * Throws a proposed edit away (audited `edit_discarded`); nothing is written. Only a `proposed`
 * edit can be discarded, by its user or an admin.
 */
export async function discardProposedEdit(
  options: Pick<EditActionOptions, 'sessions' | 'editId' | 'actor' | 'now' | 'newId'>,
): Promise<ProposedEdit> {
  const { sessions } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const edit = await loadEdit(sessions, options.editId);
  await authorizeAction(options, edit, 'discard', now, newId);
  const discarded = await sessions.updateProposedEditStatus(edit.id, {
    status: 'discarded',
    updatedAt: now().toISOString(),
    from: ['proposed'],
  });
  if (!discarded) {
    const current = await loadEdit(sessions, edit.id);
    throw new EditStateError('edit_not_proposed', edit.id, current.status);
  }
  await sessions.addAuditEvent({
    id: newId(),
    kind: 'edit_discarded',
    user: recordedUser(options.actor),
    sessionId: edit.sessionId,
    messageId: edit.messageId,
    documentId: edit.documentId,
    path: edit.path,
    detail: { editId: edit.id, tool: edit.tool, action: edit.action },
    createdAt: discarded.updatedAt,
  });
  return discarded;
}

/**
 * Takes an applied edit back: the document is rolled back to the version stored just before the
 * edit's version (a rollback keeps any later text as a version too, so nothing is lost) and the
 * edit is marked `undone`. Only an `applied` edit can be undone, once, by its user or an admin.
 */
export async function undoAppliedEdit(options: EditActionOptions): Promise<ProposedEdit> {
  const { sessions, editId } = options;
  const now = options.now ?? (() => new Date());
  const edit = await loadEdit(sessions, editId);
  await authorizeAction(options, edit, 'undo', now, options.newId ?? randomUUID);
  if (edit.status !== 'applied') throw new EditStateError('edit_not_applied', edit.id, edit.status);
  const doc = await options.store.getDocument(edit.documentId);
  const versions = doc ? await sessions.listVersions(doc.id) : [];
  const at = versions.findIndex((v) => v.id === edit.versionId);
  const previous = at > 0 ? versions[at - 1] : undefined;
  if (!doc || doc.status === 'deleted' || !previous)
    throw new EditStaleError(edit.id, edit.path, 'no longer has the version before this edit');
  // Undo only while the file is still what this edit wrote: rolling back past a later edit or a
  // hand edit would silently throw that change away.
  const written = versions[at]?.contentHash;
  const file = await editableFile(options.root, doc.path).catch(() => null);
  const raw = file ? await readFile(file, 'utf8').catch(() => null) : null;
  if (raw === null) throw new EditStaleError(edit.id, edit.path, 'no longer exists');
  if (sha256(raw) !== written) throw new EditStaleError(edit.id, edit.path, CHANGED_AFTER);
  // Claimed first, so two undos at once cannot both roll back.
  const undone = await sessions.updateProposedEditStatus(edit.id, {
    status: 'undone',
    updatedAt: now().toISOString(),
    from: ['applied'],
  });
  if (!undone) {
    const current = await loadEdit(sessions, editId);
    throw new EditStateError('edit_not_applied', edit.id, current.status);
  }
  try {
    // Authorized above as the edit's own (or an admin's): the file is still exactly this edit's
    // text, so the restore takes out nothing else.
    await restoreVersion({
      root: options.root,
      store: options.store,
      sessions,
      path: doc.path,
      versionId: previous.id,
      actor: options.actor,
      authorize: async () => undefined,
      reindex: options.reindex,
      undoes: { editId: edit.id, sessionId: edit.sessionId, messageId: edit.messageId },
      // Checked again under the file lock: an edit applied meanwhile must not be rolled away.
      ...(written && { expectedHash: written }),
    });
  } catch (error) {
    await sessions.updateProposedEditStatus(edit.id, {
      status: 'applied',
      updatedAt: edit.updatedAt,
      from: ['undone'],
    });
    if ((error as { code?: unknown }).code === 'ENOENT')
      throw new EditStaleError(edit.id, edit.path, 'no longer exists');
    if (error instanceof FileChangedError)
      throw new EditStaleError(edit.id, edit.path, CHANGED_AFTER);
    throw error;
  }
  return undone;
}
