import { createHash, randomUUID } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import {
  authorizeEdit,
  createKeyedQueue,
  type EditAction,
  type StoredDocument,
} from '../../core/index.ts';
import { resolveInside, resolveRealInside } from '../../workspace/index.ts';
import { type EditRecord, type ToolContext, ToolInputError } from './tool-context.ts';

/** One edit a tool wants to make: which document, what kind of change, and how to compute it. */
export interface EditRequest {
  readonly tool: string;
  readonly doc: StoredDocument;
  readonly action: EditAction;
  /** The new file text, from the current file text and where the indexed body starts in it. */
  readonly change: (raw: string, bodyStart: number) => string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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

/** Runs `work` after every earlier write to the same file, so two edits never both read the old text. */
export const withFileLock = <T>(file: string, work: () => Promise<T>): Promise<T> =>
  fileQueue.run(file, work);

/**
 * The single path every agent edit takes: permission checked here, where it executes (never by the
 * prompt); a refusal is audited; otherwise a diff, and unless this is a dry run a version of the old
 * and new text, an atomic write, an audit event and a re-index.
 */
export async function applyEdit(context: ToolContext, request: EditRequest): Promise<EditRecord> {
  const { doc, tool, action } = request;
  const decision = authorizeEdit(doc.id, action, context.references, context.mode);
  if (!decision.ok) {
    await context.sessions.addAuditEvent({
      id: context.newId(),
      kind: 'edit_refused',
      sessionId: context.sessionId,
      messageId: context.messageId,
      documentId: doc.id,
      path: doc.path,
      detail: { tool, action, reason: decision.reason },
      createdAt: context.now().toISOString(),
    });
    throw new ToolInputError(`edit refused: ${decision.reason}`);
  }
  const file = await resolveRealInside(context.root, doc.path);
  if (
    file !==
    (await resolveRealInside(context.root, '.').then((root) => resolveInside(root, doc.path)))
  ) {
    throw new ToolInputError(`${doc.path} is a link to another file; edit that file instead`);
  }
  return withFileLock(file, () => writeEdit(context, request, file, decision.reference.raw));
}

async function writeEdit(
  context: ToolContext,
  request: EditRequest,
  file: string,
  reference: string,
): Promise<EditRecord> {
  const { doc, tool, action } = request;
  const raw = await readFile(file, 'utf8');
  const bodyStart = raw.length - doc.body.length;
  if (bodyStart < 0 || raw.slice(bodyStart) !== doc.body) {
    await context.reindex();
    throw new ToolInputError(
      `${doc.path} changed on disk since it was indexed; read it again before editing`,
    );
  }
  const next = request.change(raw, bodyStart);
  if (next === raw) throw new ToolInputError('the edit would not change anything');
  const diff = createTwoFilesPatch(doc.path, doc.path, raw, next, 'current', 'edited');
  if (context.dryRun) {
    const record = {
      tool,
      documentId: doc.id,
      path: doc.path,
      diff,
      applied: false,
      versionId: null,
      reference,
    };
    context.onEdit(record);
    return record;
  }
  const when = context.now().toISOString();
  if ((await context.sessions.listVersions(doc.id)).length === 0) {
    await context.sessions.addVersion({
      id: context.newId(),
      documentId: doc.id,
      path: doc.path,
      content: raw,
      contentHash: sha256(raw),
      reference: null,
      note: 'original, before the first edit',
      createdAt: when,
    });
  }
  await writeFileAtomic(file, next);
  const versionId = context.newId();
  await context.sessions.addVersion({
    id: versionId,
    documentId: doc.id,
    path: doc.path,
    content: next,
    contentHash: sha256(next),
    reference: { raw: reference, messageId: context.messageId, sessionId: context.sessionId },
    note: `${tool} via ${reference}`,
    createdAt: when,
  });
  await context.sessions.addAuditEvent({
    id: context.newId(),
    kind: 'edit',
    sessionId: context.sessionId,
    messageId: context.messageId,
    documentId: doc.id,
    path: doc.path,
    detail: { tool, action, reference, versionId },
    createdAt: when,
  });
  await context.reindex();
  const record = {
    tool,
    documentId: doc.id,
    path: doc.path,
    diff,
    applied: true,
    versionId,
    reference,
  };
  context.onEdit(record);
  return record;
}
