import { z } from 'zod';

/** A user as a version names them: id and name at the time. */
const RecordedUserJson = z.object({ id: z.string(), name: z.string() }).strict();

/**
 * One stored version of a document as `GET …/documents/:docId/versions` lists it (never its
 * text). The session and message of an edit's version, and who wrote it, are given only to that
 * user and to admins; anyone else gets them as null.
 */
export const VersionJson = z
  .object({
    id: z.string(),
    documentId: z.string(),
    path: z.string(),
    contentHash: z.string(),
    /** The user's reference that allowed the edit (null for originals, hand changes, rollbacks). */
    reference: z
      .object({
        raw: z.string(),
        sessionId: z.string().nullable(),
        messageId: z.string().nullable(),
      })
      .strict()
      .nullable(),
    note: z.string(),
    /** Who wrote it through Footnote; null for text from outside Footnote, or not shown to you. */
    user: RecordedUserJson.nullable(),
    createdAt: z.string(),
  })
  .strict();

/** One version as the API sends it. */
export type VersionJson = z.infer<typeof VersionJson>;

/** The answer of `POST …/versions/:versionId/rollback`. */
export const RollbackResultJson = z
  .object({
    /** Unified diff from the current text to the version's. */
    diff: z.string(),
    /** False for a dry run. */
    applied: z.boolean(),
    /** The version the rollback created; null in a dry run. */
    versionId: z.string().nullable(),
    /** Ids of the applied edits whose text it took out; they are now `rolled_back`. */
    rolledBack: z.array(z.string()),
  })
  .strict();
