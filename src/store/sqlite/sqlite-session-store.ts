import { hostname } from 'node:os';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import {
  type AuditEvent,
  type ChatMessage,
  type DocumentVersion,
  deserializeMessage,
  INTERRUPT_MESSAGES,
  type MessageRow,
  type ProposedEdit,
  type ProposedEditUpdate,
  type Session,
  type SessionSearch,
  type SessionSearchHit,
  type SessionStore,
  serializeMessage,
} from '../../core/index.ts';
import { recordedUser, versionFromRow } from '../session-rows.ts';
import { inTransaction, PreparedStatements } from './prepared-statements.ts';
import { searchSqliteSessions } from './search-sessions.ts';
import { readMessageToolCalls, readSessionToolCalls, writeToolCalls } from './tool-call-rows.ts';

interface SessionRow {
  id: string;
  workspace_id: string;
  user_id: string;
  title: string;
  created_at: string;
  updated_at: string;
  message_count: number;
  last_message_at: string | null;
}

interface StoredMessageRow {
  id: string;
  session_id: string;
  role: string;
  content: string;
  status: string;
  grounded: number;
  schema_version: number;
  payload: string;
  created_at: string;
  updated_at: string;
}

const toSession = (row: SessionRow): Session => ({
  id: row.id,
  workspaceId: row.workspace_id,
  userId: row.user_id,
  title: row.title,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  messageCount: row.message_count,
  lastMessageAt: row.last_message_at,
});

const toMessageRow = (row: StoredMessageRow): MessageRow => ({
  id: row.id,
  sessionId: row.session_id,
  role: row.role,
  content: row.content,
  status: row.status,
  grounded: row.grounded === 1,
  schemaVersion: row.schema_version,
  payload: row.payload,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

interface ProposedEditRow {
  id: string;
  session_id: string;
  message_id: string;
  document_id: string;
  path: string;
  tool: string;
  action: string;
  reference: string;
  base_hash: string;
  new_content: string;
  diff: string;
  status: string;
  version_id: string | null;
  created_at: string;
  updated_at: string;
}

const toProposedEdit = (row: ProposedEditRow): ProposedEdit => ({
  id: row.id,
  sessionId: row.session_id,
  messageId: row.message_id,
  documentId: row.document_id,
  path: row.path,
  tool: row.tool,
  action: row.action === 'insert' ? 'insert' : 'write',
  reference: row.reference,
  baseHash: row.base_hash,
  newContent: row.new_content,
  diff: row.diff,
  status: row.status as ProposedEdit['status'],
  versionId: row.version_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Which process writes the answers it streams, and whether the writer of another answer still runs. */
export interface WriterProcess {
  /** This process, as stored with each answer it streams. */
  readonly id: string;
  /** Whether the process stored as `id` is still running (this process's own id: no). */
  isRunning(id: string): boolean;
}

/**
 * This process as `host:pid`. Another writer is running when it is on this host and a signal 0
 * reaches its pid; a writer with this process's pid is an earlier process (a restarted container
 * gets the same pid), and one on another host cannot be asked — SQLite is not for shared drives.
 */
export function thisProcess(): WriterProcess {
  const host = hostname();
  return {
    id: `${host}:${process.pid}`,
    isRunning(id) {
      const at = id.lastIndexOf(':');
      const pid = Number(id.slice(at + 1));
      if (at < 0 || id.slice(0, at) !== host || !Number.isInteger(pid) || pid <= 0) return false;
      if (pid === process.pid) return false;
      try {
        process.kill(pid, 0);
        return true;
      } catch (error) {
        // EPERM: it runs, as another user.
        return (error as NodeJS.ErrnoException).code === 'EPERM';
      }
    },
  };
}

const writerOf = (payload: string): string | null => {
  try {
    const parsed = JSON.parse(payload) as { writer?: unknown };
    return typeof parsed.writer === 'string' ? parsed.writer : null;
  } catch {
    return null;
  }
};

const SESSION_SELECT = `SELECT s.*, COUNT(m.id) AS message_count, MAX(m.created_at) AS last_message_at
  FROM sessions s LEFT JOIN messages m ON m.session_id = s.id`;

/** Sessions, messages, versions and audit events in the workspace's SQLite file. */
export class SqliteSessionStore implements SessionStore {
  private readonly db: DatabaseSync;
  private readonly statements: PreparedStatements;
  private readonly writer: WriterProcess;

  /**
   * Shares the connection of the document store, so both write to one database file; `writer`
   * names this process in the answers it streams (tests pass another).
   */
  constructor(db: DatabaseSync, options: { readonly writer?: WriterProcess } = {}) {
    this.db = db;
    this.statements = new PreparedStatements(db);
    this.writer = options.writer ?? thisProcess();
  }

  /** The stored payload; a streaming answer's also names its writer, for {@link interruptAbandoned}. */
  private payloadOf(message: ChatMessage, payload: string): string {
    if (message.status !== 'streaming') return payload;
    return JSON.stringify({ ...(JSON.parse(payload) as object), writer: this.writer.id });
  }

  /** One process serves a SQLite file: the caller's in-process queue already orders the work. */
  exclusive<T>(_key: string, work: () => Promise<T>): Promise<T> {
    return work();
  }

  private sql(text: string): StatementSync {
    return this.statements.get(text);
  }

  private inTransaction<T>(work: () => T): T {
    return inTransaction(this.db, work);
  }

  async createSession(session: Omit<Session, 'messageCount' | 'lastMessageAt'>): Promise<Session> {
    this.sql(
      'INSERT INTO sessions (id, workspace_id, user_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(
      session.id,
      session.workspaceId,
      session.userId,
      session.title,
      session.createdAt,
      session.updatedAt,
    );
    return { ...session, messageCount: 0, lastMessageAt: null };
  }

  async getSession(id: string): Promise<Session | null> {
    const row = this.sql(`${SESSION_SELECT} WHERE s.id = ? GROUP BY s.id`).get(id) as
      | SessionRow
      | undefined;
    return row ? toSession(row) : null;
  }

  async listSessions(filter: { workspaceId: string; userId: string }): Promise<Session[]> {
    const rows = this.sql(
      `${SESSION_SELECT} WHERE s.workspace_id = ? AND s.user_id = ? GROUP BY s.id ORDER BY s.updated_at DESC, s.id`,
    ).all(filter.workspaceId, filter.userId) as unknown as SessionRow[];
    return rows.map(toSession);
  }

  async searchSessions(search: SessionSearch): Promise<SessionSearchHit[]> {
    return searchSqliteSessions(this.db, search);
  }

  async renameSession(id: string, title: string): Promise<boolean> {
    const result = this.sql('UPDATE sessions SET title = ?, updated_at = ? WHERE id = ?').run(
      title,
      new Date().toISOString(),
      id,
    );
    return Number(result.changes) > 0;
  }

  async deleteSession(id: string): Promise<boolean> {
    return this.inTransaction(
      () => Number(this.sql('DELETE FROM sessions WHERE id = ?').run(id).changes) > 0,
    );
  }

  async appendTurn(user: ChatMessage, assistant: ChatMessage): Promise<void> {
    this.inTransaction(() => {
      const { next } = this.sql(
        'SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM messages WHERE session_id = ?',
      ).get(user.sessionId) as { next: number };
      const insert = this.sql(
        `INSERT INTO messages (id, session_id, seq, role, content, status, grounded, schema_version, payload, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      [user, assistant].forEach((message, i) => {
        const row = serializeMessage(message);
        insert.run(
          row.id,
          row.sessionId,
          next + i,
          row.role,
          row.content,
          row.status,
          row.grounded ? 1 : 0,
          row.schemaVersion,
          this.payloadOf(message, row.payload),
          row.createdAt,
          row.updatedAt,
        );
        writeToolCalls(this.sql.bind(this), message.id, message.toolCalls);
      });
      this.sql('UPDATE sessions SET updated_at = ? WHERE id = ?').run(
        assistant.updatedAt,
        user.sessionId,
      );
    });
  }

  async updateMessage(message: ChatMessage): Promise<void> {
    const row = serializeMessage(message);
    this.inTransaction(() => {
      this.sql(
        `UPDATE messages SET content = ?, status = ?, grounded = ?, schema_version = ?, payload = ?, updated_at = ?
         WHERE id = ? AND session_id = ?`,
      ).run(
        row.content,
        row.status,
        row.grounded ? 1 : 0,
        row.schemaVersion,
        row.payload,
        row.updatedAt,
        row.id,
        row.sessionId,
      );
      writeToolCalls(this.sql.bind(this), message.id, message.toolCalls);
      this.sql('UPDATE sessions SET updated_at = ? WHERE id = ?').run(row.updatedAt, row.sessionId);
    });
  }

  async saveProgress(message: ChatMessage): Promise<boolean> {
    const row = serializeMessage({ ...message, status: 'streaming' });
    return this.inTransaction(() => {
      const result = this.sql(
        `UPDATE messages SET content = ?, grounded = ?, schema_version = ?, payload = ?, updated_at = ?
         WHERE id = ? AND session_id = ? AND status = 'streaming'`,
      ).run(
        row.content,
        row.grounded ? 1 : 0,
        row.schemaVersion,
        this.payloadOf({ ...message, status: 'streaming' }, row.payload),
        row.updatedAt,
        row.id,
        row.sessionId,
      );
      if (Number(result.changes) === 0) return false;
      writeToolCalls(this.sql.bind(this), message.id, message.toolCalls);
      return true;
    });
  }

  async interruptAbandoned(
    updatedAt: string,
    options: { readonly whileServing?: boolean } = {},
  ): Promise<ChatMessage[]> {
    const own = options.whileServing ? this.writer.id : null;
    return this.inTransaction(() => {
      const rows = this.sql(
        "SELECT * FROM messages WHERE status = 'streaming' ORDER BY session_id, seq",
      ).all() as unknown as StoredMessageRow[];
      const interrupted: ChatMessage[] = [];
      for (const stored of rows) {
        const writer = writerOf(stored.payload);
        if (writer && (writer === own || this.writer.isRunning(writer))) continue;
        const message: ChatMessage = {
          ...this.toMessage(stored, readMessageToolCalls(this.sql.bind(this), stored.id)),
          status: 'interrupted',
          reason: 'server_stopped',
          error: INTERRUPT_MESSAGES.server_stopped,
          updatedAt,
        };
        const row = serializeMessage(message);
        this.sql(
          `UPDATE messages SET status = ?, payload = ?, updated_at = ?
           WHERE id = ? AND status = 'streaming'`,
        ).run(row.status, row.payload, row.updatedAt, row.id);
        interrupted.push(message);
      }
      return interrupted;
    });
  }

  async listMessages(sessionId: string): Promise<ChatMessage[]> {
    const rows = this.sql('SELECT * FROM messages WHERE session_id = ? ORDER BY seq').all(
      sessionId,
    ) as unknown as StoredMessageRow[];
    const calls = readSessionToolCalls(this.sql.bind(this), sessionId);
    return rows.map((r) => this.toMessage(r, calls.get(r.id)));
  }

  /**
   * A stored message with its tool calls: those stored apart (schema 4 on), else the ones an older
   * payload still holds.
   */
  private toMessage(row: StoredMessageRow, toolCalls: ChatMessage['toolCalls'] | undefined) {
    const message = deserializeMessage(toMessageRow(row));
    return toolCalls && toolCalls.length > 0 ? { ...message, toolCalls } : message;
  }

  async addVersion(version: DocumentVersion): Promise<void> {
    this.sql(
      'INSERT INTO versions (id, document_id, path, content, content_hash, reference, note, user_id, user_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      version.id,
      version.documentId,
      version.path,
      version.content,
      version.contentHash,
      version.reference ? JSON.stringify(version.reference) : null,
      version.note,
      version.user?.id ?? null,
      version.user?.name ?? null,
      version.createdAt,
    );
  }

  async listVersions(documentId: string): Promise<DocumentVersion[]> {
    const rows = this.sql(
      'SELECT * FROM versions WHERE document_id = ? ORDER BY created_at, rowid',
    ).all(documentId);
    return rows.map((r) => versionFromRow(r as Record<string, unknown>));
  }

  async getVersion(id: string): Promise<DocumentVersion | null> {
    const row = this.sql('SELECT * FROM versions WHERE id = ?').get(id);
    return row ? versionFromRow(row as Record<string, unknown>) : null;
  }

  async addAuditEvent(event: AuditEvent): Promise<void> {
    this.sql(
      'INSERT INTO audit_events (id, kind, user_id, user_name, session_id, message_id, document_id, path, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      event.id,
      event.kind,
      event.user?.id ?? null,
      event.user?.name ?? null,
      event.sessionId,
      event.messageId,
      event.documentId,
      event.path,
      JSON.stringify(event.detail),
      event.createdAt,
    );
  }

  async listAuditEvents(
    filter: { documentId?: string; sessionId?: string } = {},
  ): Promise<AuditEvent[]> {
    const rows = this.sql(
      `SELECT * FROM audit_events WHERE (?1 IS NULL OR document_id = ?1) AND (?2 IS NULL OR session_id = ?2)
       ORDER BY created_at, rowid`,
    ).all(filter.documentId ?? null, filter.sessionId ?? null) as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      id: String(r.id),
      kind: r.kind as AuditEvent['kind'],
      user: recordedUser(r),
      sessionId: (r.session_id as string | null) ?? null,
      messageId: (r.message_id as string | null) ?? null,
      documentId: (r.document_id as string | null) ?? null,
      path: (r.path as string | null) ?? null,
      detail: JSON.parse(String(r.detail)) as Record<string, unknown>,
      createdAt: String(r.created_at),
    }));
  }

  async addProposedEdit(edit: ProposedEdit): Promise<void> {
    this.sql(
      `INSERT INTO proposed_edits (id, session_id, message_id, document_id, path, tool, action, reference,
         base_hash, new_content, diff, status, version_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      edit.id,
      edit.sessionId,
      edit.messageId,
      edit.documentId,
      edit.path,
      edit.tool,
      edit.action,
      edit.reference,
      edit.baseHash,
      edit.newContent,
      edit.diff,
      edit.status,
      edit.versionId,
      edit.createdAt,
      edit.updatedAt,
    );
  }

  async getProposedEdit(id: string): Promise<ProposedEdit | null> {
    const row = this.sql('SELECT * FROM proposed_edits WHERE id = ?').get(id) as
      | ProposedEditRow
      | undefined;
    return row ? toProposedEdit(row) : null;
  }

  async listProposedEdits(sessionId: string): Promise<ProposedEdit[]> {
    const rows = this.sql(
      'SELECT * FROM proposed_edits WHERE session_id = ? ORDER BY created_at, rowid',
    ).all(sessionId) as unknown as ProposedEditRow[];
    return rows.map(toProposedEdit);
  }

  async listDocumentEdits(documentId: string): Promise<ProposedEdit[]> {
    const rows = this.sql(
      'SELECT * FROM proposed_edits WHERE document_id = ? ORDER BY created_at, rowid',
    ).all(documentId) as unknown as ProposedEditRow[];
    return rows.map(toProposedEdit);
  }

  async updateProposedEditStatus(
    id: string,
    update: ProposedEditUpdate,
  ): Promise<ProposedEdit | null> {
    return this.inTransaction(() => {
      const row = this.sql('SELECT * FROM proposed_edits WHERE id = ?').get(id) as
        | ProposedEditRow
        | undefined;
      if (!row) return null;
      if (update.from && !update.from.includes(row.status as ProposedEdit['status'])) return null;
      const versionId = update.versionId === undefined ? row.version_id : update.versionId;
      this.sql(
        'UPDATE proposed_edits SET status = ?, version_id = ?, updated_at = ? WHERE id = ?',
      ).run(update.status, versionId, update.updatedAt, id);
      return toProposedEdit({
        ...row,
        status: update.status,
        version_id: versionId,
        updated_at: update.updatedAt,
      });
    });
  }
}
