import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createTwoFilesPatch } from 'diff';
import {
  type Actor,
  type DiscardedText,
  type DocumentStore,
  type DocumentVersion,
  FootnoteError,
  type RecordedUser,
  type SessionStore,
  type StoredDocument,
} from '../core/index.ts';
import { resolveRealInside } from '../workspace/index.ts';
import { keepUnversionedText, sha256, withFileLock, writeFileAtomic } from './write-edit.ts';

/** The version asked for does not belong to that document. */
export class VersionNotFoundError extends FootnoteError {
  readonly versionId: string;

  constructor(path: string, versionId: string) {
    super('version_not_found', `no version ${versionId} of ${path}`);
    this.name = 'VersionNotFoundError';
    this.versionId = versionId;
  }
}

/** The file is no longer the text the caller expected (something wrote it meanwhile). */
export class FileChangedError extends FootnoteError {
  constructor(path: string) {
    super('file_changed', `${path} changed meanwhile`);
    this.name = 'FileChangedError';
  }
}

/** A user as versions and audit events record them. */
export const recordedUser = (actor: Actor): RecordedUser => ({ id: actor.id, name: actor.name });

/** What restoring a version did (or, in a dry run, would do). */
export interface RestoreResult {
  readonly diff: string;
  readonly applied: boolean;
  /** The version the restore created; null in a dry run. */
  readonly versionId: string | null;
  /** Ids of the applied edits whose text it took out of the document, now `rolled_back`. */
  readonly rolledBack: readonly string[];
}

/** Everything a restore needs; `authorize` decides, under the file lock, whether it may go ahead. */
export interface RestoreOptions {
  readonly root: string;
  readonly store: DocumentStore;
  readonly sessions: SessionStore;
  readonly path: string;
  readonly versionId: string;
  readonly actor: Actor;
  readonly dryRun?: boolean;
  readonly reindex: () => Promise<void>;
  /** Restore only if the file's sha256 is still this (checked under the file lock). */
  readonly expectedHash?: string;
  /** The applied agent edit this restore undoes (already marked `undone`), recorded on the audit event. */
  readonly undoes?: {
    readonly editId: string;
    readonly sessionId: string;
    readonly messageId: string;
  };
  /** Throws to refuse, given the text the restore would take out of the document and whose it is. */
  readonly authorize: (
    discarded: readonly DiscardedText[],
    target: { readonly doc: StoredDocument; readonly version: DocumentVersion },
  ) => Promise<void>;
}

/** The versions stored after `target`, oldest first. */
const laterThan = (versions: readonly DocumentVersion[], target: DocumentVersion) =>
  versions.slice(versions.findIndex((v) => v.id === target.id) + 1);

/**
 * Whose text a restore of `target` takes out: nothing when the file already is that text; else
 * every version stored after it (an edit's version is its writer's — for rows stored before users
 * were recorded, its session owner's —, a rollback's its user's, text kept from outside Footnote
 * nobody's), and the file itself when it differs from the newest version (a change by hand).
 */
async function discardedBy(
  sessions: SessionStore,
  versions: readonly DocumentVersion[],
  target: DocumentVersion,
  current: string,
): Promise<DiscardedText[]> {
  if (current === target.content) return [];
  const later = laterThan(versions, target);
  const owners = new Map<string, string | null>();
  const sessionOwner = async (sessionId: string) => {
    if (!owners.has(sessionId))
      owners.set(sessionId, (await sessions.getSession(sessionId))?.userId ?? null);
    return owners.get(sessionId) ?? null;
  };
  const discarded: DiscardedText[] = [];
  for (const v of later) {
    const ownerId =
      v.user?.id ?? (v.reference?.sessionId ? await sessionOwner(v.reference.sessionId) : null);
    discarded.push({ ownerId, what: `version ${v.id} (${v.note})` });
  }
  const newest = versions.at(-1);
  if (newest && current !== newest.content)
    discarded.push({ ownerId: null, what: 'the text on disk, changed since its newest version' });
  return discarded;
}

/**
 * Restores a document to one of its stored versions, under the file lock: asks `authorize`, keeps
 * any text changed outside Footnote as a version, writes the old text atomically as a new version
 * of the actor, marks the applied edits whose versions came after the restored one `rolled_back`,
 * audits a `rollback` with the actor and re-indexes. A dry run only answers the diff.
 */
export async function restoreVersion(options: RestoreOptions): Promise<RestoreResult> {
  const { sessions } = options;
  const doc = await options.store.getDocumentByPath(options.path);
  const version = doc ? await sessions.getVersion(options.versionId) : null;
  if (!doc || !version || version.documentId !== doc.id)
    throw new VersionNotFoundError(options.path, options.versionId);
  const file = await resolveRealInside(options.root, doc.path);
  return withFileLock(sessions, file, async () => {
    const current = await readFile(file, 'utf8');
    if (options.expectedHash && sha256(current) !== options.expectedHash)
      throw new FileChangedError(doc.path);
    const versions = await sessions.listVersions(doc.id);
    await options.authorize(await discardedBy(sessions, versions, version, current), {
      doc,
      version,
    });
    const diff = createTwoFilesPatch(
      doc.path,
      doc.path,
      current,
      version.content,
      'current',
      `version ${version.id}`,
    );
    if (options.dryRun) return { diff, applied: false, versionId: null, rolledBack: [] };
    const when = new Date().toISOString();
    // The file changed since Footnote last wrote it (a hand edit): keep that text too.
    await keepUnversionedText(sessions, {
      documentId: doc.id,
      path: doc.path,
      text: current,
      id: randomUUID,
      when,
      note: () => 'before rollback (changed outside Footnote)',
    });
    await writeFileAtomic(file, version.content);
    const restored = randomUUID();
    await sessions.addVersion({
      id: restored,
      documentId: doc.id,
      path: doc.path,
      content: version.content,
      contentHash: sha256(version.content),
      reference: null,
      note: `rollback to ${version.id}`,
      user: recordedUser(options.actor),
      createdAt: when,
    });
    // The edits whose text this takes out: the applied ones written after the restored version —
    // none when the file already held that text (whatever removed them, it was not this restore).
    const later = new Set(
      current === version.content ? [] : laterThan(versions, version).map((v) => v.id),
    );
    const rolledBack: string[] = [];
    for (const edit of await sessions.listDocumentEdits(doc.id)) {
      if (edit.status !== 'applied' || !edit.versionId || !later.has(edit.versionId)) continue;
      const marked = await sessions.updateProposedEditStatus(edit.id, {
        status: 'rolled_back',
        updatedAt: when,
        from: ['applied'],
      });
      if (marked) rolledBack.push(edit.id);
    }
    await sessions.addAuditEvent({
      id: randomUUID(),
      kind: 'rollback',
      user: recordedUser(options.actor),
      sessionId: options.undoes?.sessionId ?? null,
      messageId: options.undoes?.messageId ?? null,
      documentId: doc.id,
      path: doc.path,
      detail: {
        to: version.id,
        version: restored,
        ...(options.undoes && { undoes: options.undoes.editId }),
        ...(rolledBack.length > 0 && { rolledBack }),
      },
      createdAt: when,
    });
    await options.reindex();
    return { diff, applied: true, versionId: restored, rolledBack };
  });
}
