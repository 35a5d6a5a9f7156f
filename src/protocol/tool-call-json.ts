import { z } from 'zod';
import type { ToolCallRecord } from '../core/index.ts';

/** A document a tool call returned, as the API sends it. */
export const ToolCallDocumentJson = z
  .object({ documentId: z.string(), path: z.string(), title: z.string() })
  .strict();

/**
 * The documented JSON shape of one tool call of an answer (`toolCalls` of a message): what the
 * model asked, whether it worked, a few words on the result (`5 results`, `read notes/x.md lines
 * 1–40`, `refused: …`) and the documents it returned (none on calls stored before they were kept).
 */
export const ToolCallJson = z
  .object({
    id: z.string(),
    name: z.string(),
    input: z.unknown(),
    ok: z.boolean(),
    summary: z.string(),
    documents: z.array(ToolCallDocumentJson),
  })
  .strict();

/** One tool call as the API sends it. */
export type ToolCallJson = z.infer<typeof ToolCallJson>;

/** Maps a stored tool call to its wire shape, field for field. */
export function toolCallJson(call: ToolCallRecord): ToolCallJson {
  return {
    id: call.id,
    name: call.name,
    input: call.input,
    ok: call.ok,
    summary: call.summary,
    documents: call.documents.map((d) => ({
      documentId: d.documentId,
      path: d.path,
      title: d.title,
    })),
  };
}
