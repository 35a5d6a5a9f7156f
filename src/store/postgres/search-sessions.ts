import type { Session, SessionSearch, SessionSearchHit } from '../../core/index.ts';
import type { PostgresDatabase } from './postgres-database.ts';

interface HitRow {
  id: string;
  workspace_id: string;
  user_id: string;
  title: string;
  created_at: string;
  updated_at: string;
  message_count: string | number;
  last_message_at: string | null;
  m_id: string | null;
  m_role: string | null;
  m_content: string | null;
  m_created_at: string | null;
  matches: string | number;
}

// As in SQLite: the earliest matching message of each session and how many match; sessions whose
// title or a message matches, most recently active first. lower() folds every script here.
const SEARCH = `
  WITH owned AS (
    SELECT s.ws, s.id, s.workspace_id, s.user_id, s.title, s.created_at, s.updated_at,
      (SELECT COUNT(*) FROM messages x WHERE x.ws = s.ws AND x.session_id = s.id) AS message_count,
      (SELECT MAX(x.created_at) FROM messages x WHERE x.ws = s.ws AND x.session_id = s.id)
        AS last_message_at
    FROM sessions s WHERE s.ws = $1 AND s.workspace_id = $2 AND s.user_id = $3
  ),
  found AS (
    SELECT m.session_id, m.id, m.role, m.content, m.created_at,
      ROW_NUMBER() OVER (PARTITION BY m.session_id ORDER BY m.seq) AS nth,
      COUNT(*) OVER (PARTITION BY m.session_id) AS matches
    FROM messages m JOIN owned o ON o.ws = m.ws AND o.id = m.session_id
    WHERE strpos(lower(m.content), lower($4)) > 0
  )
  SELECT o.id, o.workspace_id, o.user_id, o.title, o.created_at, o.updated_at, o.message_count,
    o.last_message_at, f.id AS m_id, f.role AS m_role, f.content AS m_content,
    f.created_at AS m_created_at, COALESCE(f.matches, 0) AS matches
  FROM owned o LEFT JOIN found f ON f.session_id = o.id AND f.nth = 1
  WHERE f.id IS NOT NULL OR strpos(lower(o.title), lower($4)) > 0
  ORDER BY COALESCE(o.last_message_at, o.created_at) DESC, o.id COLLATE "C"
  LIMIT $5`;

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

/** Searches one user's conversation titles and messages in PostgreSQL (see `SessionStore.searchSessions`). */
export async function searchPostgresSessions(
  db: PostgresDatabase,
  search: SessionSearch,
): Promise<SessionSearchHit[]> {
  const { rows } = await db.query<HitRow>(SEARCH, [
    db.ws,
    search.workspaceId,
    search.userId,
    search.text,
    search.limit,
  ]);
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
