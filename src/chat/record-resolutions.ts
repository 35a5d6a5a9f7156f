import {
  type Reference,
  type ResolutionAuditContext,
  resolutionAuditEvents,
  type SessionStore,
} from '../core/index.ts';

/**
 * Audits every reference the user's message resolved (`reference_resolved`, with its outcome), so
 * the trail shows what each turn pointed at beside the edits it allowed.
 */
export async function recordResolutions(
  sessions: Pick<SessionStore, 'addAuditEvent'>,
  references: readonly Reference[],
  context: ResolutionAuditContext,
): Promise<void> {
  for (const event of resolutionAuditEvents(references, context))
    await sessions.addAuditEvent(event);
}
