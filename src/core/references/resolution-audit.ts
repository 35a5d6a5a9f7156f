import type { AuditEvent, RecordedUser } from '../messages/message.ts';
import type { Reference } from './reference.ts';

/** Where a turn's resolutions are recorded: its session, the user message, who sent it, when. */
export interface ResolutionAuditContext {
  readonly sessionId: string;
  /** The user message whose references these are. */
  readonly messageId: string;
  readonly user: RecordedUser;
  readonly createdAt: string;
  readonly newId: () => string;
}

/**
 * One `reference_resolved` audit event per reference the user wrote in a chat message (seed 001:
 * log every resolution with its outcome), beside the edit, refusal and rollback events: what was
 * written, how it was written, what it resolved to (or its candidates), the outcome and the
 * permission it was given. Filed under the session and the user message; the document it found is
 * in `detail`. References found by tools are not resolutions and are left out.
 */
export function resolutionAuditEvents(
  references: readonly Reference[],
  context: ResolutionAuditContext,
): AuditEvent[] {
  return references
    .filter((r) => r.origin === 'user')
    .map((r) => {
      const t = r.target;
      return {
        id: context.newId(),
        kind: 'reference_resolved',
        user: context.user,
        sessionId: context.sessionId,
        messageId: context.messageId,
        // Filed under the turn, not the document: a document's own trail stays what was done to it.
        documentId: null,
        path: null,
        detail: {
          reference: r.raw,
          outcome: r.status,
          documentId: t?.documentId ?? null,
          path: t?.path ?? null,
          syntax: r.syntax,
          permission: r.permission,
          times: r.spans.length,
          ...(t && {
            part: {
              heading: t.heading,
              block: t.block,
              section: t.section,
              page: t.page,
              entity: t.entity,
              span: t.span ?? null,
            },
          }),
          ...(r.candidates.length > 0 && { candidates: r.candidates.map((c) => c.path) }),
          ...(r.suggestions.length > 0 && { suggestions: r.suggestions.map((s) => s.insert) }),
          ...(r.notes.length > 0 && { notes: r.notes }),
        },
        createdAt: context.createdAt,
      };
    });
}
