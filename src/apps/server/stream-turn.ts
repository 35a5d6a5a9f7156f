import { createUIMessageStream, type UIMessageStreamWriter } from 'ai';
import type { TurnEvent } from '../../chat/index.ts';
import { FootnoteError } from '../../core/index.ts';
import { editJson, messageJson, referenceJson } from '../../protocol/index.ts';

const mediaTypeOf = (path: string) =>
  /\.pdf$/i.test(path)
    ? 'application/pdf'
    : /\.(md|markdown|mdx)$/i.test(path)
      ? 'text/markdown'
      : 'text/plain';

/**
 * Turns the events of one chat turn into the AI SDK's UI message stream, so `useChat` and
 * `readUIMessageStream` read it unchanged: `start` (with the session and message ids),
 * `data-references`, text and tool parts as they happen (`data-edit` with each agent edit, as
 * `editJson`), one `source-document` per source,
 * `data-citations` (the final text, citations, claims and their summary), `finish`.
 */
export function streamTurn(
  run: (onEvent: (event: TurnEvent) => void) => Promise<unknown>,
): ReadableStream {
  return createUIMessageStream({
    execute: async ({ writer }: { writer: UIMessageStreamWriter }) => {
      let textId: string | null = null;
      let parts = 0;
      const closeText = () => {
        if (textId) writer.write({ type: 'text-end', id: textId });
        textId = null;
      };
      let ids: { sessionId: string; messageId: string } | null = null;
      await run((event) => {
        switch (event.type) {
          case 'start':
            ids = { sessionId: event.sessionId, messageId: event.messageId };
            writer.write({ type: 'start', messageId: event.messageId, messageMetadata: ids });
            break;
          case 'references':
            writer.write({
              type: 'data-references',
              data: { references: event.references.map(referenceJson) },
            });
            break;
          case 'text-delta':
            if (!textId) {
              textId = `text-${++parts}`;
              writer.write({ type: 'text-start', id: textId });
            }
            writer.write({ type: 'text-delta', id: textId, delta: event.text });
            break;
          case 'tool-call':
            closeText();
            writer.write({
              type: 'tool-input-available',
              toolCallId: event.id,
              toolName: event.name,
              input: event.input,
            });
            break;
          case 'tool-result':
            if (event.ok)
              writer.write({
                type: 'tool-output-available',
                toolCallId: event.id,
                output: { summary: event.summary },
              });
            else
              writer.write({
                type: 'tool-output-error',
                toolCallId: event.id,
                errorText: event.summary,
              });
            break;
          case 'edit':
            // The id lets clients replace the part when the same edit is reported again.
            writer.write({ type: 'data-edit', id: event.edit.id, data: editJson(event.edit) });
            break;
          case 'finish': {
            closeText();
            for (const source of event.sources) {
              writer.write({
                type: 'source-document',
                sourceId: `source-${source.n}`,
                mediaType: mediaTypeOf(source.path),
                title: source.title,
                filename: source.path,
              });
            }
            const message = messageJson(event.message);
            writer.write({
              type: 'data-citations',
              data: {
                // The final text: its markers carry the final numbers, which the streamed text
                // (written before sources were renumbered) may not.
                content: message.content,
                citations: message.citations,
                grounded: message.grounded,
                invalidMarkers: message.invalidMarkers,
                claims: message.claims,
                claimSummary: message.claimSummary,
                status: message.status,
              },
            });
            writer.write({
              type: 'finish',
              messageMetadata: { ...(ids ?? {}), status: event.message.status },
            });
            break;
          }
        }
      });
    },
    // Only Footnote's own errors are worded for users; anything else stays on the server.
    onError: (error) => (FootnoteError.isInstance(error) ? error.message : 'the turn failed'),
  });
}
