import type { Citation } from '../citations/check-citations.ts';
import type { Claim, ClaimSummary } from '../citations/claim-types.ts';
import type { Reference } from '../references/reference.ts';
import type { ProposedEdit, ProposedEditUpdate } from './proposed-edit.ts';
import type { SessionSearch, SessionSearchHit } from './search-sessions.ts';

/**
 * Version of the stored message format; older rows are upgraded when read. 4: tool calls are
 * stored apart from the message, each with a result summary and the documents it returned.
 */
export const MESSAGE_SCHEMA_VERSION = 4;

/**
 * Where a message is: `streaming` while its answer is being written (stored as it grows), then
 * answered in full, cut off (see {@link InterruptReason}), or failed.
 */
export type MessageStatus = 'streaming' | 'complete' | 'interrupted' | 'failed';

/**
 * Why an answer was cut off: `stopped` — its client stopped it (Stop, Ctrl-C, a dropped
 * connection); `server_stopped` — the server shut down or crashed before it finished.
 */
export type InterruptReason = 'stopped' | 'server_stopped';

/** The words stored as an interrupted answer's `error`, by reason. */
export const INTERRUPT_MESSAGES: Readonly<Record<InterruptReason, string>> = {
  stopped: 'the answer was stopped before it finished',
  server_stopped: 'the server stopped before the answer finished',
};

/** A marker in the answer text that points nowhere: kept as text, never rendered as a link. */
export interface InvalidMarker {
  readonly raw: string;
  readonly start: number;
  readonly end: number;
}

/** A document a tool call returned (read, found, listed, edited or offered as a candidate). */
export interface ToolCallDocument {
  readonly documentId: string;
  readonly path: string;
  readonly title: string;
}

/** A tool the model called during the turn, with what it gave back. */
export interface ToolCallRecord {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  readonly ok: boolean;
  /**
   * What the result was, in a few words, never binary data: `5 results`, `read notes/x.md lines
   * 1–40`, `refused: …`, `failed: …`.
   */
  readonly summary: string;
  /** The documents it returned, in order, at most {@link MAX_TOOL_CALL_DOCUMENTS}; empty on calls stored before they were kept. */
  readonly documents: readonly ToolCallDocument[];
}

/** Most documents kept per tool call (a listing can return a hundred; the summary gives the count). */
export const MAX_TOOL_CALL_DOCUMENTS = 20;

/** One message of a session. */
export interface ChatMessage {
  readonly id: string;
  readonly sessionId: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly status: MessageStatus;
  readonly grounded: boolean;
  readonly references: readonly Reference[];
  readonly citations: readonly Citation[];
  readonly invalidMarkers: readonly InvalidMarker[];
  /** The answer's cited sentences and list items with a support verdict per source (assistant messages). */
  readonly claims: readonly Claim[];
  /** Claim counts by verdict; null when the message was stored before claims were checked ("not checked"). */
  readonly claimSummary: ClaimSummary | null;
  readonly toolCalls: readonly ToolCallRecord[];
  /** What the model was given (assistant messages); free-form JSON of the context report. */
  readonly context: unknown;
  readonly error: string | null;
  /** Why an `interrupted` answer stopped; null for every other status (and older answers). */
  readonly reason: InterruptReason | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A conversation: belongs to one workspace and one user. */
export interface Session {
  readonly id: string;
  readonly workspaceId: string;
  readonly userId: string;
  readonly title: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly messageCount: number;
  readonly lastMessageAt: string | null;
}

/** A stored version of a document, written before an agent edit changed it. */
export interface DocumentVersion {
  readonly id: string;
  readonly documentId: string;
  readonly path: string;
  /** The file's full text in this version. */
  readonly content: string;
  readonly contentHash: string;
  /** The reference that allowed the edit, as written, and where. */
  readonly reference: {
    readonly raw: string;
    readonly messageId: string | null;
    readonly sessionId: string | null;
  } | null;
  readonly note: string;
  /**
   * Who wrote this text through Footnote (the user of the edit or the rollback); null for text
   * kept from outside Footnote (the original, a change by hand) and for versions stored before
   * users were recorded.
   */
  readonly user: RecordedUser | null;
  readonly createdAt: string;
}

/** A user as recorded on a version or an audit event: their id and their name at the time. */
export interface RecordedUser {
  readonly id: string;
  readonly name: string;
}

/**
 * Something worth an audit trail: an edit (written), a refused edit or edit action, a rollback
 * (or an Undo, which is one), a refused rollback, a proposal stored, a proposal discarded, and
 * each reference a user's chat message resolved, with its outcome.
 */
export interface AuditEvent {
  readonly id: string;
  readonly kind:
    | 'edit'
    | 'edit_refused'
    | 'edit_proposed'
    | 'edit_discarded'
    | 'rollback'
    | 'rollback_refused'
    | 'reference_resolved';
  /** Who did it (or tried to); null only on events stored before users were recorded. */
  readonly user: RecordedUser | null;
  readonly sessionId: string | null;
  readonly messageId: string | null;
  readonly documentId: string | null;
  readonly path: string | null;
  readonly detail: Readonly<Record<string, unknown>>;
  readonly createdAt: string;
}

/** The persistence chat needs: sessions, messages, versions and audit events. */
export interface SessionStore {
  createSession(session: Omit<Session, 'messageCount' | 'lastMessageAt'>): Promise<Session>;
  getSession(id: string): Promise<Session | null>;
  listSessions(filter: {
    readonly workspaceId: string;
    readonly userId: string;
  }): Promise<Session[]>;
  /**
   * One user's sessions whose title or a message contains `search.text` (folded with
   * `foldForSearch`), most recently active first, each with its earliest matching message.
   */
  searchSessions(search: SessionSearch): Promise<SessionSearchHit[]>;
  /** Gives a session a new title (the UI's rename); false when there is no such session. */
  renameSession(id: string, title: string): Promise<boolean>;
  deleteSession(id: string): Promise<boolean>;
  /** Writes a turn's user and assistant messages together, in one transaction. */
  appendTurn(user: ChatMessage, assistant: ChatMessage): Promise<void>;
  /** Replaces a stored message (the assistant's, as its answer completes). */
  updateMessage(message: ChatMessage): Promise<void>;
  /**
   * Stores the text so far of an answer still `streaming` (and this process as its writer); does
   * nothing, and says false, once the stored answer has another status, so a save that lands late
   * never overwrites the end of a turn.
   */
  saveProgress(message: ChatMessage): Promise<boolean>;
  /**
   * Marks every answer left `streaming` by a process that is no longer running (a crash, a kill)
   * as `interrupted` with reason `server_stopped`, keeping its saved text; returns them. Call it
   * before this process starts any turn: answers it wrote itself count as left behind. With
   * `whileServing` (a server checking now and then for the answers of another one that died)
   * this process's own answers are still being written, and are left alone.
   */
  interruptAbandoned(
    updatedAt: string,
    options?: { readonly whileServing?: boolean },
  ): Promise<ChatMessage[]>;
  listMessages(sessionId: string): Promise<ChatMessage[]>;
  addVersion(version: DocumentVersion): Promise<void>;
  listVersions(documentId: string): Promise<DocumentVersion[]>;
  getVersion(id: string): Promise<DocumentVersion | null>;
  addAuditEvent(event: AuditEvent): Promise<void>;
  listAuditEvents(filter?: {
    readonly documentId?: string;
    readonly sessionId?: string;
  }): Promise<AuditEvent[]>;
  /** Stores an agent edit (proposed or applied) so it can be acted on by id later. */
  addProposedEdit(edit: ProposedEdit): Promise<void>;
  getProposedEdit(id: string): Promise<ProposedEdit | null>;
  /** The edits of a session, oldest first. */
  listProposedEdits(sessionId: string): Promise<ProposedEdit[]>;
  /** The edits of a document, in every session, oldest first (a rollback marks those it takes back). */
  listDocumentEdits(documentId: string): Promise<ProposedEdit[]>;
  /** Changes an edit's status; null when it does not exist or its status is not in `update.from`. */
  updateProposedEditStatus(id: string, update: ProposedEditUpdate): Promise<ProposedEdit | null>;
  /**
   * Runs `work` while no other process sharing this store runs work on `key` (the edits of one
   * file). On PostgreSQL, where several servers share the store, an advisory lock; a SQLite file
   * is served by one process, whose own queue is enough, so it just runs `work`.
   */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T>;
}
