import { MAX_TOOL_CALL_DOCUMENTS, type ToolCallDocument, type ToolCallRecord } from './message.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The well-formed documents of a stored list (those with an id and a path), at most the kept number. */
export function readToolCallDocuments(value: unknown): ToolCallDocument[] {
  if (!Array.isArray(value)) return [];
  const documents: ToolCallDocument[] = [];
  for (const item of value) {
    if (!isRecord(item) || !text(item.documentId) || !text(item.path)) continue;
    documents.push({
      documentId: text(item.documentId),
      path: text(item.path),
      title: text(item.title),
    });
    if (documents.length === MAX_TOOL_CALL_DOCUMENTS) break;
  }
  return documents;
}

/**
 * Reads the tool calls of a stored message however old: calls stored before documents were kept
 * load with none, a missing summary as empty, and entries without a name are left out.
 */
export function readToolCalls(value: unknown): ToolCallRecord[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, i): ToolCallRecord[] =>
    isRecord(item) && text(item.name)
      ? [
          {
            id: text(item.id) || `call-${i + 1}`,
            name: text(item.name),
            input: item.input ?? null,
            ok: item.ok === true,
            summary: text(item.summary),
            documents: readToolCallDocuments(item.documents),
          },
        ]
      : [],
  );
}
