import { createHash, randomUUID } from 'node:crypto';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type Actor, createKeyedQueue, type EditAction, type SessionStore } from '../core/index.ts';
import { resolveInside, resolveRealInside } from '../workspace/index.ts';
import { EditRefusedError } from './edit-errors.ts';

/** Hex SHA-256 of a text: how versions and proposals tell whether a file is still what they saw. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Writes a file so that readers see the old or the new content, never half of it. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.footnote-${randomUUID()}.tmp`);
  try {
    await writeFile(temp, content, 'utf8');
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

const fileQueue = createKeyedQueue();

/** The key edits of `file` (a real path) are serialized under, among the processes sharing a store. */
export const fileLockKey = (file: string) => `file:${file}`;

/**
 * Runs `work` after every earlier write to the same file, so two edits never both read the old
 * text: in this process first, then among the processes sharing `sessions` (on PostgreSQL an
 * advisory lock on the workspace and file, so two servers never interleave their read-check-write).
 */
export const withFileLock = <T>(
  sessions: Pick<SessionStore, 'exclusive'>,
  file: string,
  work: () => Promise<T>,
): Promise<T> => fileQueue.run(file, () => sessions.exclusive(fileLockKey(file), work));

/** The real file behind a document path, refusing one that is a link to another file (edit that instead). */
export async function editableFile(root: string, path: string): Promise<string> {
  const file = await resolveRealInside(root, path);
  const literal = await resolveRealInside(root, '.').then((real) => resolveInside(real, path));
  if (file !== literal)
    throw new EditRefusedError(`${path} is a link to another file; edit that file instead`);
  return file;
}

/**
 * Stores a file's current text as a version unless it already is the newest one, so a write that
 * follows never loses it: the original before the first edit, or a change made by hand since.
 */
export async function keepUnversionedText(
  sessions: SessionStore,
  current: {
    readonly documentId: string;
    readonly path: string;
    readonly text: string;
    readonly id: () => string;
    readonly when: string;
    /** The version's note; `first` when the document has no version yet. */
    readonly note: (first: boolean) => string;
  },
): Promise<void> {
  const newest = (await sessions.listVersions(current.documentId)).at(-1);
  if (newest?.content === current.text) return;
  await sessions.addVersion({
    id: current.id(),
    documentId: current.documentId,
    path: current.path,
    content: current.text,
    contentHash: sha256(current.text),
    reference: null,
    note: current.note(newest === undefined),
    // Text from outside Footnote (the original, a change by hand): no user wrote it through us.
    user: null,
    createdAt: current.when,
  });
}

/** A refused edit, as it is audited. */
export interface EditRefusal {
  readonly sessionId: string;
  readonly messageId: string;
  readonly documentId: string;
  readonly path: string;
  readonly tool: string;
  readonly action: EditAction;
  readonly reason: string;
  /** The stored edit being acted on, when the refusal is of an action on a stored edit. */
  readonly editId?: string;
  /** Which action on the stored edit was refused. */
  readonly attempt?: 'apply' | 'discard' | 'undo';
}

/**
 * Audits why an edit (or an action on a stored edit) was refused, with the user, then refuses it
 * with `error` (an {@link EditRefusedError} of the reason by default): no refusal goes unrecorded.
 */
export async function refuseEdit(
  writer: Pick<EditWriter, 'sessions' | 'now' | 'newId' | 'actor'>,
  refusal: EditRefusal,
  error: Error = new EditRefusedError(refusal.reason),
): Promise<never> {
  const { sessionId, messageId, documentId, path, tool, action, reason, editId, attempt } = refusal;
  await writer.sessions.addAuditEvent({
    id: writer.newId(),
    kind: 'edit_refused',
    user: { id: writer.actor.id, name: writer.actor.name },
    sessionId,
    messageId,
    documentId,
    path,
    detail: { tool, action, reason, ...(editId && { editId }), ...(attempt && { attempt }) },
    createdAt: writer.now().toISOString(),
  });
  throw error;
}

/** What the write path needs from its caller: who writes, where versions and audit events go, clocks and ids. */
export interface EditWriter {
  /** The user the write is for: recorded on the version and the audit event. */
  readonly actor: Actor;
  readonly sessions: SessionStore;
  readonly now: () => Date;
  readonly newId: () => string;
  /** Brings the index up to date after the file was written. */
  readonly reindex: () => Promise<void>;
}

/** One allowed change of one file, from `before` (the text on disk now) to `after`. */
export interface EditWrite {
  readonly editId: string;
  readonly documentId: string;
  readonly path: string;
  /** The real file, from {@link editableFile}. */
  readonly file: string;
  readonly tool: string;
  readonly action: EditAction;
  /** The user's reference, as written, that allowed the edit. */
  readonly reference: string;
  readonly sessionId: string;
  readonly messageId: string;
  readonly before: string;
  readonly after: string;
}

/**
 * The one way an agent edit reaches the disk, whether applied at once or from a proposal: the
 * text it replaces is kept as a version (the original before the first edit, or a hand edit since
 * the last one), the file is written atomically, the new
 * text becomes a version recording the reference that allowed it, an audit event is stored and the
 * workspace re-indexed. Call it under {@link withFileLock}, after reading `before` there.
 * Returns the id of the new version.
 */
export async function commitEdit(writer: EditWriter, write: EditWrite): Promise<string> {
  const { sessions } = writer;
  const when = writer.now().toISOString();
  // The text being replaced is kept, so undo returns to exactly it: the original before the first
  // edit, or a hand edit made since Footnote last wrote the file.
  await keepUnversionedText(sessions, {
    documentId: write.documentId,
    path: write.path,
    text: write.before,
    id: writer.newId,
    when,
    note: (first) =>
      first ? 'original, before the first edit' : 'before edit (changed outside Footnote)',
  });
  await writeFileAtomic(write.file, write.after);
  const versionId = writer.newId();
  await sessions.addVersion({
    id: versionId,
    documentId: write.documentId,
    path: write.path,
    content: write.after,
    contentHash: sha256(write.after),
    reference: { raw: write.reference, messageId: write.messageId, sessionId: write.sessionId },
    note: `${write.tool} via ${write.reference}`,
    user: { id: writer.actor.id, name: writer.actor.name },
    createdAt: when,
  });
  await sessions.addAuditEvent({
    id: writer.newId(),
    kind: 'edit',
    user: { id: writer.actor.id, name: writer.actor.name },
    sessionId: write.sessionId,
    messageId: write.messageId,
    documentId: write.documentId,
    path: write.path,
    detail: {
      tool: write.tool,
      action: write.action,
      reference: write.reference,
      versionId,
      editId: write.editId,
    },
    createdAt: when,
  });
  await writer.reindex();
  return versionId;
}
