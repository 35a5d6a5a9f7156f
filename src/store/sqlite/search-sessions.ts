import type { DatabaseSync } from 'node:sqlite';
import {
  foldForSearch,
  type Session,
  type SessionSearch,
  type SessionSearchHit,
} from '../../core/index.ts';

interface HitRow {
  id: string;
  workspace_id: string;
  user_id: string;
  title: string;
  created_at: string;
  updated_at: string;
  message_count: number;
  last_message_at: string | null;
  m_id: string | null;
  m_role: string | null;
  m_content: string | null;
  m_created_at: string | null;
  matches: number;
}

/** Connections that have `footnote_fold`: SQLite's own `lower()` folds ASCII letters only. */
const folding = new WeakSet<DatabaseSync>();

function addFold(db: DatabaseSync): void {
  if (folding.has(db)) return;
  db.function('footnote_fold', { deterministic: true }, (text) =>
    typeof text === 'string' ? foldForSearch(text) : text,
  );
  folding.add(db);
}

// The earliest matching message of each session and how many match; sessions whose title or a
// message matches, most recently active first.
const SEARCH = `
  WITH owned AS (
    SELECT s.*,
      (SELECT COUNT(*) FROM messages x WHERE x.session_id = s.id) AS message_count,
      (SELECT MAX(x.created_at) FROM messages x WHERE x.session_id = s.id) AS last_message_at
    FROM sessions s WHERE s.workspace_id = :workspace AND s.user_id = :user
  ),
  found AS (
    SELECT m.session_id, m.id, m.role, m.content, m.created_at,
      ROW_NUMBER() OVER (PARTITION BY m.session_id ORDER BY m.seq) AS nth,
      COUNT(*) OVER (PARTITION BY m.session_id) AS matches
    FROM messages m JOIN owned o ON o.id = m.session_id
    WHERE instr(footnote_fold(m.content), :text) > 0
  )
  SELECT o.*, f.id AS m_id, f.role AS m_role, f.content AS m_content,
    f.created_at AS m_created_at, COALESCE(f.matches, 0) AS matches
  FROM owned o LEFT JOIN found f ON f.session_id = o.id AND f.nth = 1
  WHERE f.id IS NOT NULL OR instr(footnote_fold(o.title), :text) > 0
  ORDER BY COALESCE(o.last_message_at, o.created_at) DESC, o.id
  LIMIT :limit`;

/** A session as the store returns it, from a row of the search. */
const toSession = (row: HitRow): Session => ({
  id: row.id,
  workspaceId: row.workspace_id,
  userId: row.user_id,
  title: row.title,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  messageCount: Number(row.message_count),
  lastMessageAt: row.last_message_at,
});

/** Searches one user's conversation titles and messages in SQLite (see `SessionStore.searchSessions`). */
export function searchSqliteSessions(db: DatabaseSync, search: SessionSearch): SessionSearchHit[] {
  addFold(db);
  const rows = db.prepare(SEARCH).all({
    workspace: search.workspaceId,
    user: search.userId,
    text: foldForSearch(search.text),
    limit: search.limit,
  }) as unknown as HitRow[];
  return rows.map((row) => ({
    session: toSession(row),
    message:
      row.m_id === null
        ? null
        : {
            id: row.m_id,
            role: row.m_role === 'assistant' ? 'assistant' : 'user',
            content: row.m_content ?? '',
            createdAt: row.m_created_at ?? '',
          },
    matches: Number(row.matches),
  }));
}
