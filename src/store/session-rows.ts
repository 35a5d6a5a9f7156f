import type { DocumentVersion, RecordedUser } from '../core/index.ts';

/** The user recorded on a version or audit event row; null on rows stored before users were. */
export const recordedUser = (row: Record<string, unknown>): RecordedUser | null =>
  typeof row.user_id === 'string'
    ? { id: row.user_id, name: typeof row.user_name === 'string' ? row.user_name : row.user_id }
    : null;

/** A stored version as both stores keep it (same columns in SQLite and PostgreSQL). */
export function versionFromRow(row: Record<string, unknown>): DocumentVersion {
  return {
    id: String(row.id),
    documentId: String(row.document_id),
    path: String(row.path),
    content: String(row.content),
    contentHash: String(row.content_hash),
    reference: row.reference
      ? (JSON.parse(String(row.reference)) as DocumentVersion['reference'])
      : null,
    note: String(row.note),
    user: recordedUser(row),
    createdAt: String(row.created_at),
  };
}
