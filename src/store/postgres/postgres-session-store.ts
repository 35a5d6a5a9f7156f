import {
  type AuditEvent,
  type ChatMessage,
  type DocumentVersion,
  deserializeMessage,
  INTERRUPT_MESSAGES,
  type ProposedEdit,
  type ProposedEditUpdate,
  readToolCallDocuments,
  type Session,
  type SessionSearch,
  type SessionSearchHit,
  type SessionStore,
  serializeMessage,
  type ToolCallRecord,
} from '../../core/index.ts';
import { recordedUser, versionFromRow } from '../session-rows.ts';

import { thisProcess, type WriterProcess } from '../sqlite/sqlite-session-store.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { searchPostgresSessions } from './search-sessions.ts';

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
  grounded: boolean;
  schema_version: number;
  payload: string;
  created_at: string;
  updated_at: string;
}

interface ToolCallRow {
  message_id: string;
  call_id: string;
  name: string;
  input: string;
  ok: boolean;
  summary: string;
  documents: string;
}

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

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const writerOf = (payload: string): string | null => {
  const parsed = parse(payload) as { writer?: unknown } | null;
  return typeof parsed?.writer === 'string' ? parsed.writer : null;
};

const SESSION_SELECT = `SELECT s.id, s.workspace_id, s.user_id, s.title, s.created_at, s.updated_at,
    COUNT(m.id) AS message_count, MAX(m.created_at) AS last_message_at
  FROM sessions s LEFT JOIN messages m ON m.ws = s.ws AND m.session_id = s.id`;

/** Sessions, messages with their tool calls, versions, audit events and edits of one workspace in PostgreSQL. */
export class PostgresSessionStore implements SessionStore {
  private readonly db: PostgresDatabase;
  private readonly writer: WriterProcess;
  /** Whether the writer of a streaming answer still runs: asked of the database unless a test says. */
  private readonly isRunning: (id: string) => Promise<boolean>;
  private readonly announced: Promise<void>;

  /**
   * Shares the handle of the document store; `writer` names this process in the answers it
   * streams. Without one, this process announces itself in the database, so a server on another
   * host can tell its answers are still being written.
   */
  constructor(db: PostgresDatabase, options: { readonly writer?: WriterProcess } = {}) {
    this.db = db;
    const custom = options.writer;
    this.writer = custom ?? thisProcess();
    if (custom) {
      this.isRunning = async (id) => custom.isRunning(id);
      this.announced = Promise.resolve();
    } else {
      const self = this.writer.id;
      // An answer written by this process itself counts as left behind (the port's contract).
      this.isRunning = async (id) => id !== self && (await db.isAlive(id));
      this.announced = db.announce(self);
      this.announced.catch(() => undefined);
    }
  }

  /** Work on `key` never overlaps across the servers sharing the database (an advisory lock). */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.db.exclusive(key, work);
  }

  private get ws() {
    return this.db.ws;
  }

  /** The stored payload; a streaming answer's also names its writer, for {@link interruptAbandoned}. */
  private payloadOf(message: ChatMessage, payload: string): string {
    if (message.status !== 'streaming') return payload;
    return JSON.stringify({ ...(JSON.parse(payload) as object), writer: this.writer.id });
  }

  async createSession(session: Omit<Session, 'messageCount' | 'lastMessageAt'>): Promise<Session> {
    await this.db.query(
      `INSERT INTO sessions (ws, id, workspace_id, user_id, title, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        this.ws,
        session.id,
        session.workspaceId,
        session.userId,
        session.title,
        session.createdAt,
        session.updatedAt,
      ],
    );
    return { ...session, messageCount: 0, lastMessageAt: null };
  }

  async getSession(id: string): Promise<Session | null> {
    const { rows } = await this.db.query<SessionRow>(
      `${SESSION_SELECT} WHERE s.ws = $1 AND s.id = $2 GROUP BY s.ws, s.id`,
      [this.ws, id],
    );
    return rows[0] ? toSession(rows[0]) : null;
  }

  async listSessions(filter: { workspaceId: string; userId: string }): Promise<Session[]> {
    const { rows } = await this.db.query<SessionRow>(
      `${SESSION_SELECT} WHERE s.ws = $1 AND s.workspace_id = $2 AND s.user_id = $3
       GROUP BY s.ws, s.id ORDER BY s.updated_at DESC, s.id COLLATE "C"`,
      [this.ws, filter.workspaceId, filter.userId],
    );
    return rows.map(toSession);
  }

  async searchSessions(search: SessionSearch): Promise<SessionSearchHit[]> {
    return searchPostgresSessions(this.db, search);
  }

  async renameSession(id: string, title: string): Promise<boolean> {
    const result = await this.db.query(
      'UPDATE sessions SET title = $2, updated_at = $3 WHERE ws = $1 AND id = $4',
      [this.ws, title, new Date().toISOString(), id],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async deleteSession(id: string): Promise<boolean> {
    const result = await this.db.query('DELETE FROM sessions WHERE ws = $1 AND id = $2', [
      this.ws,
      id,
    ]);
    return (result.rowCount ?? 0) > 0;
  }

  async appendTurn(user: ChatMessage, assistant: ChatMessage): Promise<void> {
    await this.announced;
    await this.db.transaction(async () => {
      // The session row is locked first, so turns appended by several servers get distinct seqs.
      await this.db.query('SELECT 1 FROM sessions WHERE ws = $1 AND id = $2 FOR UPDATE', [
        this.ws,
        user.sessionId,
      ]);
      const { rows } = await this.db.query<{ next: number }>(
        'SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM messages WHERE ws = $1 AND session_id = $2',
        [this.ws, user.sessionId],
      );
      const next = rows[0]?.next ?? 1;
      for (const [i, message] of [user, assistant].entries()) {
        const row = serializeMessage(message);
        await this.db.query(
          `INSERT INTO messages (ws, id, session_id, seq, role, content, status, grounded,
             schema_version, payload, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            this.ws,
            row.id,
            row.sessionId,
            next + i,
            row.role,
            row.content,
            row.status,
            row.grounded,
            row.schemaVersion,
            this.payloadOf(message, row.payload),
            row.createdAt,
            row.updatedAt,
          ],
        );
        await this.writeToolCalls(message.id, message.toolCalls);
      }
      await this.db.query('UPDATE sessions SET updated_at = $2 WHERE ws = $1 AND id = $3', [
        this.ws,
        assistant.updatedAt,
        user.sessionId,
      ]);
    });
  }

  async updateMessage(message: ChatMessage): Promise<void> {
    const row = serializeMessage(message);
    await this.db.transaction(async () => {
      await this.db.query(
        `UPDATE messages SET content = $2, status = $3, grounded = $4, schema_version = $5,
           payload = $6, updated_at = $7
         WHERE ws = $1 AND id = $8 AND session_id = $9`,
        [
          this.ws,
          row.content,
          row.status,
          row.grounded,
          row.schemaVersion,
          row.payload,
          row.updatedAt,
          row.id,
          row.sessionId,
        ],
      );
      await this.writeToolCalls(message.id, message.toolCalls);
      await this.db.query('UPDATE sessions SET updated_at = $2 WHERE ws = $1 AND id = $3', [
        this.ws,
        row.updatedAt,
        row.sessionId,
      ]);
    });
  }

  async saveProgress(message: ChatMessage): Promise<boolean> {
    const streaming = { ...message, status: 'streaming' as const };
    const row = serializeMessage(streaming);
    return this.db.transaction(async () => {
      const result = await this.db.query(
        `UPDATE messages SET content = $2, grounded = $3, schema_version = $4, payload = $5,
           updated_at = $6
         WHERE ws = $1 AND id = $7 AND session_id = $8 AND status = 'streaming'`,
        [
          this.ws,
          row.content,
          row.grounded,
          row.schemaVersion,
          this.payloadOf(streaming, row.payload),
          row.updatedAt,
          row.id,
          row.sessionId,
        ],
      );
      if ((result.rowCount ?? 0) === 0) return false;
      await this.writeToolCalls(message.id, message.toolCalls);
      return true;
    });
  }

  async interruptAbandoned(
    updatedAt: string,
    options: { readonly whileServing?: boolean } = {},
  ): Promise<ChatMessage[]> {
    const own = options.whileServing ? this.writer.id : null;
    // Asked once per writer: the answers of one server share its answer.
    const running = new Map<string, Promise<boolean>>();
    const isRunning = (writer: string) => {
      if (writer === own) return Promise.resolve(true);
      const known = running.get(writer) ?? this.isRunning(writer);
      running.set(writer, known);
      return known;
    };
    return this.db.transaction(async () => {
      const { rows } = await this.db.query<StoredMessageRow>(
        `SELECT * FROM messages WHERE ws = $1 AND status = 'streaming'
         ORDER BY session_id COLLATE "C", seq FOR UPDATE`,
        [this.ws],
      );
      const interrupted: ChatMessage[] = [];
      for (const stored of rows) {
        const writer = writerOf(stored.payload);
        if (writer && (await isRunning(writer))) continue;
        const calls = await this.readToolCalls({ messageId: stored.id });
        const message: ChatMessage = {
          ...this.toMessage(stored, calls.get(stored.id)),
          status: 'interrupted',
          reason: 'server_stopped',
          error: INTERRUPT_MESSAGES.server_stopped,
          updatedAt,
        };
        const row = serializeMessage(message);
        await this.db.query(
          `UPDATE messages SET status = $2, payload = $3, updated_at = $4
           WHERE ws = $1 AND id = $5 AND status = 'streaming'`,
          [this.ws, row.status, row.payload, row.updatedAt, row.id],
        );
        interrupted.push(message);
      }
      return interrupted;
    });
  }

  async listMessages(sessionId: string): Promise<ChatMessage[]> {
    const { rows } = await this.db.query<StoredMessageRow>(
      'SELECT * FROM messages WHERE ws = $1 AND session_id = $2 ORDER BY seq',
      [this.ws, sessionId],
    );
    const calls = await this.readToolCalls({ sessionId });
    return rows.map((r) => this.toMessage(r, calls.get(r.id)));
  }

  /** A stored message with its tool calls: those stored apart, else the ones an older payload holds. */
  private toMessage(row: StoredMessageRow, toolCalls: ToolCallRecord[] | undefined): ChatMessage {
    const message = deserializeMessage({
      id: row.id,
      sessionId: row.session_id,
      role: row.role,
      content: row.content,
      status: row.status,
      grounded: row.grounded,
      schemaVersion: row.schema_version,
      payload: row.payload,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
    return toolCalls && toolCalls.length > 0 ? { ...message, toolCalls } : message;
  }

  /** Replaces a message's stored tool calls, in order; called inside the message's transaction. */
  private async writeToolCalls(messageId: string, calls: readonly ToolCallRecord[]) {
    await this.db.query('DELETE FROM tool_calls WHERE ws = $1 AND message_id = $2', [
      this.ws,
      messageId,
    ]);
    if (calls.length === 0) return;
    await this.db.query(
      `INSERT INTO tool_calls (ws, message_id, ordinal, call_id, name, input, ok, summary, documents)
       SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::boolean[],
         $8::text[], $9::text[])`,
      [
        this.ws,
        messageId,
        calls.map((_, i) => i),
        calls.map((c) => c.id),
        calls.map((c) => c.name),
        calls.map((c) => JSON.stringify(c.input ?? null)),
        calls.map((c) => c.ok),
        calls.map((c) => c.summary),
        calls.map((c) => JSON.stringify(c.documents)),
      ],
    );
  }

  /** The stored tool calls of one message or of a whole session, by message id, each in call order. */
  private async readToolCalls(
    of: { messageId: string } | { sessionId: string },
  ): Promise<Map<string, ToolCallRecord[]>> {
    const { rows } = await this.db.query<ToolCallRow>(
      'messageId' in of
        ? 'SELECT * FROM tool_calls WHERE ws = $1 AND message_id = $2 ORDER BY ordinal'
        : `SELECT t.* FROM tool_calls t JOIN messages m ON m.ws = t.ws AND m.id = t.message_id
           WHERE t.ws = $1 AND m.session_id = $2 ORDER BY t.message_id, t.ordinal`,
      [this.ws, 'messageId' in of ? of.messageId : of.sessionId],
    );
    const byMessage = new Map<string, ToolCallRecord[]>();
    for (const row of rows) {
      const call: ToolCallRecord = {
        id: row.call_id,
        name: row.name,
        input: parse(row.input),
        ok: row.ok,
        summary: row.summary,
        documents: readToolCallDocuments(parse(row.documents)),
      };
      const list = byMessage.get(row.message_id);
      if (list) list.push(call);
      else byMessage.set(row.message_id, [call]);
    }
    return byMessage;
  }

  async addVersion(version: DocumentVersion): Promise<void> {
    await this.db.query(
      `INSERT INTO versions (ws, id, document_id, path, content, content_hash, reference, note,
         user_id, user_name, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        this.ws,
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
      ],
    );
  }

  async listVersions(documentId: string): Promise<DocumentVersion[]> {
    const { rows } = await this.db.query(
      'SELECT * FROM versions WHERE ws = $1 AND document_id = $2 ORDER BY created_at, seq',
      [this.ws, documentId],
    );
    return rows.map((r) => versionFromRow(r));
  }

  async getVersion(id: string): Promise<DocumentVersion | null> {
    const { rows } = await this.db.query('SELECT * FROM versions WHERE ws = $1 AND id = $2', [
      this.ws,
      id,
    ]);
    return rows[0] ? versionFromRow(rows[0]) : null;
  }

  async addAuditEvent(event: AuditEvent): Promise<void> {
    await this.db.query(
      `INSERT INTO audit_events (ws, id, kind, user_id, user_name, session_id, message_id,
         document_id, path, detail, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        this.ws,
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
      ],
    );
  }

  async listAuditEvents(
    filter: { documentId?: string; sessionId?: string } = {},
  ): Promise<AuditEvent[]> {
    const { rows } = await this.db.query(
      `SELECT * FROM audit_events WHERE ws = $1
         AND ($2::text IS NULL OR document_id = $2) AND ($3::text IS NULL OR session_id = $3)
       ORDER BY created_at, seq`,
      [this.ws, filter.documentId ?? null, filter.sessionId ?? null],
    );
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
    await this.db.query(
      `INSERT INTO proposed_edits (ws, id, session_id, message_id, document_id, path, tool, action,
         reference, base_hash, new_content, diff, status, version_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        this.ws,
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
      ],
    );
  }

  async getProposedEdit(id: string): Promise<ProposedEdit | null> {
    const { rows } = await this.db.query<ProposedEditRow>(
      'SELECT * FROM proposed_edits WHERE ws = $1 AND id = $2',
      [this.ws, id],
    );
    return rows[0] ? toProposedEdit(rows[0]) : null;
  }

  async listProposedEdits(sessionId: string): Promise<ProposedEdit[]> {
    const { rows } = await this.db.query<ProposedEditRow>(
      'SELECT * FROM proposed_edits WHERE ws = $1 AND session_id = $2 ORDER BY created_at, seq',
      [this.ws, sessionId],
    );
    return rows.map(toProposedEdit);
  }

  async listDocumentEdits(documentId: string): Promise<ProposedEdit[]> {
    const { rows } = await this.db.query<ProposedEditRow>(
      'SELECT * FROM proposed_edits WHERE ws = $1 AND document_id = $2 ORDER BY created_at, seq',
      [this.ws, documentId],
    );
    return rows.map(toProposedEdit);
  }

  async updateProposedEditStatus(
    id: string,
    update: ProposedEditUpdate,
  ): Promise<ProposedEdit | null> {
    return this.db.transaction(async () => {
      const { rows } = await this.db.query<ProposedEditRow>(
        'SELECT * FROM proposed_edits WHERE ws = $1 AND id = $2 FOR UPDATE',
        [this.ws, id],
      );
      const row = rows[0];
      if (!row) return null;
      if (update.from && !update.from.includes(row.status as ProposedEdit['status'])) return null;
      const versionId = update.versionId === undefined ? row.version_id : update.versionId;
      await this.db.query(
        'UPDATE proposed_edits SET status = $2, version_id = $3, updated_at = $4 WHERE ws = $1 AND id = $5',
        [this.ws, update.status, versionId, update.updatedAt, id],
      );
      return toProposedEdit({
        ...row,
        status: update.status,
        version_id: versionId,
        updated_at: update.updatedAt,
      });
    });
  }
}
