import { randomUUID } from 'node:crypto';
import {
  type Actor,
  authorizeRollback,
  type DocumentStore,
  RoleForbiddenError,
  type SessionStore,
} from '../core/index.ts';
import { type RestoreResult, recordedUser, restoreVersion } from './restore-version.ts';

export { FileChangedError, type RestoreResult, VersionNotFoundError } from './restore-version.ts';

/**
 * Restores a document to one of its stored versions for `actor`: the restore itself becomes a
 * version and is audited, and the applied edits it takes out become `rolled_back`. Who may: an
 * admin always; a member only when every piece of text it takes out is their own (see
 * `authorizeRollback`); a viewer never. A refusal (dry runs too) is audited `rollback_refused`.
 */
export async function rollbackDocument(options: {
  readonly root: string;
  readonly store: DocumentStore;
  readonly sessions: SessionStore;
  readonly path: string;
  readonly versionId: string;
  readonly actor: Actor;
  readonly dryRun?: boolean;
  readonly reindex: () => Promise<void>;
}): Promise<RestoreResult> {
  const { actor, sessions } = options;
  return restoreVersion({
    ...options,
    authorize: async (discarded, { doc, version }) => {
      try {
        authorizeRollback(actor, discarded);
      } catch (error) {
        if (!(error instanceof RoleForbiddenError)) throw error;
        await sessions.addAuditEvent({
          id: randomUUID(),
          kind: 'rollback_refused',
          user: recordedUser(actor),
          sessionId: null,
          messageId: null,
          documentId: doc.id,
          path: doc.path,
          detail: { to: version.id, role: actor.role, reason: error.message },
          createdAt: new Date().toISOString(),
        });
        throw error;
      }
    },
  });
}
