import { z } from 'zod';
import { PROPOSED_EDIT_STATUSES, type ProposedEdit } from '../core/index.ts';

/**
 * The documented JSON shape of one agent edit (the `data-edit` stream part, `edits` of a session,
 * the answer of apply / discard / undo). The new file text and base hash stay on the server.
 */
export const EditJson = z
  .object({
    id: z.string(),
    sessionId: z.string(),
    messageId: z.string(),
    tool: z.string(),
    documentId: z.string(),
    path: z.string(),
    diff: z.string(),
    status: z.enum(PROPOSED_EDIT_STATUSES as [ProposedEdit['status'], ...ProposedEdit['status'][]]),
    versionId: z.string().nullable(),
    reference: z.string(),
    createdAt: z.string(),
  })
  .strict();

/** One agent edit as the API sends it. */
export type EditJson = z.infer<typeof EditJson>;

/** Maps a stored edit to its wire shape, field for field, so every surface sends the same thing. */
export function editJson(edit: ProposedEdit): EditJson {
  return {
    id: edit.id,
    sessionId: edit.sessionId,
    messageId: edit.messageId,
    tool: edit.tool,
    documentId: edit.documentId,
    path: edit.path,
    diff: edit.diff,
    status: edit.status,
    versionId: edit.versionId,
    reference: edit.reference,
    createdAt: edit.createdAt,
  };
}
