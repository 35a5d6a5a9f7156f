import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createTwoFilesPatch } from 'diff';
import { type DocumentStore, FootnoteError, type SessionStore } from '../core/index.ts';
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

/** Restores a document to one of its stored versions; the restore itself becomes a version, and is audited. */
export async function rollbackDocument(options: {
  readonly root: string;
  readonly store: DocumentStore;
  readonly sessions: SessionStore;
  readonly path: string;
  readonly versionId: string;
  readonly dryRun?: boolean;
  readonly reindex: () => Promise<void>;
  /** Roll back only if the file's sha256 is still this (checked under the file lock). */
  readonly expectedHash?: string;
  /** The applied agent edit this rollback undoes, recorded on the audit event. */
  readonly undoes?: {
    readonly editId: string;
    readonly sessionId: string;
    readonly messageId: string;
  };
}): Promise<{
  readonly diff: string;
  readonly applied: boolean;
  readonly versionId: string | null;
}> {
  const doc = await options.store.getDocumentByPath(options.path);
  const version = doc ? await options.sessions.getVersion(options.versionId) : null;
  if (!doc || !version || version.documentId !== doc.id)
    throw new VersionNotFoundError(options.path, options.versionId);
  const file = await resolveRealInside(options.root, doc.path);
  return withFileLock(file, async () => {
    const current = await readFile(file, 'utf8');
    if (options.expectedHash && sha256(current) !== options.expectedHash)
      throw new FileChangedError(doc.path);
    const diff = createTwoFilesPatch(
      doc.path,
      doc.path,
      current,
      version.content,
      'current',
      `version ${version.id}`,
    );
    if (options.dryRun) return { diff, applied: false, versionId: null };
    const when = new Date().toISOString();
    // The file changed since Footnote last wrote it (a hand edit): keep that text too.
    await keepUnversionedText(options.sessions, {
      documentId: doc.id,
      path: doc.path,
      text: current,
      id: randomUUID,
      when,
      note: () => 'before rollback (changed outside Footnote)',
    });
    await writeFileAtomic(file, version.content);
    const restored = randomUUID();
    await options.sessions.addVersion({
      id: restored,
      documentId: doc.id,
      path: doc.path,
      content: version.content,
      contentHash: sha256(version.content),
      reference: null,
      note: `rollback to ${version.id}`,
      createdAt: when,
    });
    await options.sessions.addAuditEvent({
      id: randomUUID(),
      kind: 'rollback',
      sessionId: options.undoes?.sessionId ?? null,
      messageId: options.undoes?.messageId ?? null,
      documentId: doc.id,
      path: doc.path,
      detail: {
        to: version.id,
        version: restored,
        ...(options.undoes && { undoes: options.undoes.editId }),
      },
      createdAt: when,
    });
    await options.reindex();
    return { diff, applied: true, versionId: restored };
  });
}
