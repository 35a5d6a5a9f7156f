import { readFile } from 'node:fs/promises';
import { createTwoFilesPatch } from 'diff';
import {
  authorizeEdit,
  authorizeEmbed,
  authorizeWrite,
  type EditAction,
  type ProposedEdit,
  RoleForbiddenError,
  type StoredDocument,
} from '../../core/index.ts';
import { recordedUser } from '../restore-version.ts';
import { commitEdit, editableFile, refuseEdit, sha256, withFileLock } from '../write-edit.ts';
import { type EditRecord, type ToolContext, ToolInputError } from './tool-context.ts';

/** One edit a tool wants to make: which document, what kind of change, and how to compute it. */
export interface EditRequest {
  readonly tool: string;
  readonly doc: StoredDocument;
  readonly action: EditAction;
  /** The new file text, from the current file text and where the indexed body starts in it. */
  readonly change: (raw: string, bodyStart: number) => string;
  /** Documents the edit brings into `doc` (the file `insert_file` embeds): each must be referenced too. */
  readonly embeds?: readonly StoredDocument[];
}

/**
 * Where every agent edit starts: the user's role, the permission on the target and that anything
 * it embeds was referenced too are checked here, where it executes (never by the prompt); a refusal
 * is audited; otherwise a diff against the file on disk, stored with an id — as a proposal in a dry
 * run (written only when the user applies it), else written at once through {@link commitEdit}, the
 * one write path.
 */
export async function applyEdit(context: ToolContext, request: EditRequest): Promise<EditRecord> {
  const { doc, tool, action } = request;
  const refusal = {
    sessionId: context.sessionId,
    messageId: context.messageId,
    documentId: doc.id,
    path: doc.path,
    tool,
    action,
  };
  try {
    authorizeWrite(context.actor, 'edit');
  } catch (error) {
    if (!(error instanceof RoleForbiddenError)) throw error;
    return refuseEdit(context, { ...refusal, reason: error.message }, error);
  }
  const decision = authorizeEdit(doc.id, action, context.references, context.mode);
  if (!decision.ok) return refuseEdit(context, { ...refusal, reason: decision.reason });
  for (const embedded of request.embeds ?? []) {
    const embed = authorizeEmbed(embedded.id, embedded.path, context.references);
    if (!embed.ok) return refuseEdit(context, { ...refusal, reason: embed.reason });
  }
  const file = await editableFile(context.root, doc.path);
  return withFileLock(context.sessions, file, () =>
    recordEdit(context, request, file, decision.reference.raw),
  );
}

async function recordEdit(
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
  if (context.dryRun) await supersedePending(context, request);
  const next = request.change(raw, bodyStart);
  if (next === raw) throw new ToolInputError('the edit would not change anything');
  const id = context.newId();
  const when = context.now().toISOString();
  const versionId = context.dryRun
    ? null
    : await commitEdit(context, {
        editId: id,
        documentId: doc.id,
        path: doc.path,
        file,
        tool,
        action,
        reference,
        sessionId: context.sessionId,
        messageId: context.messageId,
        before: raw,
        after: next,
      });
  const edit: ProposedEdit = {
    id,
    sessionId: context.sessionId,
    messageId: context.messageId,
    documentId: doc.id,
    path: doc.path,
    tool,
    action,
    reference,
    baseHash: sha256(raw),
    newContent: next,
    diff: createTwoFilesPatch(doc.path, doc.path, raw, next, 'current', 'edited'),
    status: versionId ? 'applied' : 'proposed',
    versionId,
    createdAt: when,
    updatedAt: when,
  };
  await context.sessions.addProposedEdit(edit);
  // A written edit was audited by commitEdit; a proposal is audited here.
  if (!versionId) await auditProposal(context, edit, 'edit_proposed', {});
  context.onEdit(edit);
  return edit;
}

/**
 * Previews of one turn are each made from the file as it is, so two previews of one document
 * would conflict (applying one makes the other stale). A whole-body rewrite replaces the earlier
 * preview (it is discarded); any other second edit is refused with what to do instead.
 */
async function supersedePending(context: ToolContext, request: EditRequest): Promise<void> {
  const pending = (await context.sessions.listProposedEdits(context.sessionId)).filter(
    (e) =>
      e.messageId === context.messageId &&
      e.documentId === request.doc.id &&
      e.status === 'proposed',
  );
  if (pending.length === 0) return;
  if (request.tool !== 'write_content')
    throw new ToolInputError(
      `an edit to ${request.doc.path} is already waiting for the user's review in this turn; to change it further, send the whole new text with write_content, which replaces that preview`,
    );
  for (const earlier of pending) {
    const discarded = await context.sessions.updateProposedEditStatus(earlier.id, {
      status: 'discarded',
      updatedAt: context.now().toISOString(),
      from: ['proposed'],
    });
    if (discarded) {
      await auditProposal(context, discarded, 'edit_discarded', {
        reason: 'replaced by a later preview of the same turn',
      });
      context.onEdit(discarded);
    }
  }
}

/** Records a proposal stored, or discarded in favour of a later one, with the user of the turn. */
async function auditProposal(
  context: ToolContext,
  edit: ProposedEdit,
  kind: 'edit_proposed' | 'edit_discarded',
  extra: Readonly<Record<string, unknown>>,
): Promise<void> {
  await context.sessions.addAuditEvent({
    id: context.newId(),
    kind,
    user: recordedUser(context.actor),
    sessionId: edit.sessionId,
    messageId: edit.messageId,
    documentId: edit.documentId,
    path: edit.path,
    detail: {
      editId: edit.id,
      tool: edit.tool,
      action: edit.action,
      reference: edit.reference,
      ...extra,
    },
    createdAt: context.now().toISOString(),
  });
}
