import type { Citation } from '../citations/check-citations.ts';
import type { ClaimSummary } from '../citations/claim-types.ts';
import type { Reference } from '../references/reference.ts';
import {
  type ChatMessage,
  type InterruptReason,
  MESSAGE_SCHEMA_VERSION,
  type MessageStatus,
} from './message.ts';
import { readToolCalls } from './read-tool-calls.ts';

/**
 * The parts of a message stored as JSON beside its columns. Its tool calls are stored apart, one
 * row each (see {@link MessageRow}); only messages stored before schema 4 carry them here.
 */
export interface MessagePayload {
  readonly references: readonly Reference[];
  readonly citations: readonly Citation[];
  readonly invalidMarkers: ChatMessage['invalidMarkers'];
  readonly claims?: ChatMessage['claims'];
  readonly claimSummary?: ChatMessage['claimSummary'];
  /** Only in messages stored before schema 4. */
  readonly toolCalls?: unknown;
  readonly context: unknown;
  readonly error: string | null;
  /** Absent on messages stored before reasons were kept. */
  readonly reason?: InterruptReason | null;
}

/** A stored message row, as any store adapter keeps it. */
export interface MessageRow {
  readonly id: string;
  readonly sessionId: string;
  readonly role: string;
  readonly content: string;
  readonly status: string;
  readonly grounded: boolean;
  readonly schemaVersion: number;
  readonly payload: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * Turns a message into a row for storage, at the current schema version; its `toolCalls` are not
 * in the row, and the adapter stores them apart (one row per call, in order).
 */
export function serializeMessage(message: ChatMessage): MessageRow {
  const payload: MessagePayload = {
    references: message.references,
    citations: message.citations,
    invalidMarkers: message.invalidMarkers,
    claims: message.claims,
    claimSummary: message.claimSummary,
    context: message.context,
    error: message.error,
    reason: message.reason,
  };
  return {
    id: message.id,
    sessionId: message.sessionId,
    role: message.role,
    content: message.content,
    status: message.status,
    grounded: message.grounded,
    schemaVersion: MESSAGE_SCHEMA_VERSION,
    payload: JSON.stringify(payload),
    createdAt: message.createdAt,
    updatedAt: message.updatedAt,
  };
}

const STATUSES: readonly MessageStatus[] = ['streaming', 'complete', 'interrupted', 'failed'];
const REASONS: readonly InterruptReason[] = ['stopped', 'server_stopped'];

const isSummary = (value: unknown): value is ClaimSummary =>
  typeof value === 'object' && value !== null && typeof (value as ClaimSummary).claims === 'number';

const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/**
 * Reads a stored row of any schema version: version 1 rows (sessions saved before references and
 * citations existed) load with empty lists, version 2 rows (before claims were checked) with no
 * claims, a null summary ("not checked") and citations without a support verdict, and version 3
 * rows with the tool calls of their payload (without documents), so old sessions still open and
 * continue. From version 4 the adapter supplies the tool calls it stores apart.
 */
export function deserializeMessage(row: MessageRow): ChatMessage {
  let payload: Partial<MessagePayload> = {};
  try {
    const parsed: unknown = JSON.parse(row.payload || '{}');
    if (parsed && typeof parsed === 'object') payload = parsed as Partial<MessagePayload>;
  } catch {
    payload = { error: 'stored message payload was unreadable' };
  }
  return {
    id: row.id,
    sessionId: row.sessionId,
    role: row.role === 'assistant' ? 'assistant' : 'user',
    content: row.content,
    status: (STATUSES as readonly string[]).includes(row.status)
      ? (row.status as MessageStatus)
      : 'complete',
    grounded: row.grounded,
    references: asArray(payload.references),
    citations: asArray<Citation>(payload.citations).map((c) => ({
      ...c,
      support: c.support ?? null,
    })),
    invalidMarkers: asArray(payload.invalidMarkers),
    claims: row.schemaVersion >= 3 ? asArray(payload.claims) : [],
    claimSummary:
      row.schemaVersion >= 3 && isSummary(payload.claimSummary) ? payload.claimSummary : null,
    toolCalls: readToolCalls(payload.toolCalls),
    context: payload.context ?? null,
    error: typeof payload.error === 'string' ? payload.error : null,
    reason: (REASONS as readonly unknown[]).includes(payload.reason)
      ? (payload.reason as InterruptReason)
      : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
