import type { StatementSync } from 'node:sqlite';
import { readToolCallDocuments, type ToolCallRecord } from '../../core/index.ts';

/** The prepared statement for an SQL text (the store's cache). */
type Sql = (text: string) => StatementSync;

interface ToolCallRow {
  message_id: string;
  call_id: string;
  name: string;
  input: string;
  ok: number;
  summary: string;
  documents: string;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Replaces a message's stored tool calls with `calls`, in order; run it inside the message's transaction. */
export function writeToolCalls(
  sql: Sql,
  messageId: string,
  calls: readonly ToolCallRecord[],
): void {
  sql('DELETE FROM tool_calls WHERE message_id = ?').run(messageId);
  const insert = sql(
    `INSERT INTO tool_calls (message_id, ordinal, call_id, name, input, ok, summary, documents)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  calls.forEach((call, i) => {
    insert.run(
      messageId,
      i,
      call.id,
      call.name,
      JSON.stringify(call.input ?? null),
      call.ok ? 1 : 0,
      call.summary,
      JSON.stringify(call.documents),
    );
  });
}

/** The stored tool calls of every message of a session, by message id, each list in call order. */
export function readSessionToolCalls(sql: Sql, sessionId: string): Map<string, ToolCallRecord[]> {
  const rows = sql(
    `SELECT t.* FROM tool_calls t JOIN messages m ON m.id = t.message_id
     WHERE m.session_id = ? ORDER BY t.message_id, t.ordinal`,
  ).all(sessionId) as unknown as ToolCallRow[];
  return groupByMessage(rows);
}

/** The stored tool calls of one message, in call order. */
export function readMessageToolCalls(sql: Sql, messageId: string): ToolCallRecord[] {
  const rows = sql('SELECT * FROM tool_calls WHERE message_id = ? ORDER BY ordinal').all(
    messageId,
  ) as unknown as ToolCallRow[];
  return groupByMessage(rows).get(messageId) ?? [];
}

function groupByMessage(rows: readonly ToolCallRow[]): Map<string, ToolCallRecord[]> {
  const byMessage = new Map<string, ToolCallRecord[]>();
  for (const row of rows) {
    const call: ToolCallRecord = {
      id: row.call_id,
      name: row.name,
      input: parse(row.input),
      ok: row.ok === 1,
      summary: row.summary,
      documents: readToolCallDocuments(parse(row.documents)),
    };
    const list = byMessage.get(row.message_id);
    if (list) list.push(call);
    else byMessage.set(row.message_id, [call]);
  }
  return byMessage;
}
