import {
  MAX_TOOL_CALL_DOCUMENTS,
  RoleForbiddenError,
  type ToolCallDocument,
} from '../../core/index.ts';
import { EditRefusedError } from '../edit-errors.ts';
import { AmbiguousDocumentError, toolErrorMessage, toolErrorOutput } from './tool-context.ts';

/** What one tool call gave back, as it is stored with the call: a few words and the documents. */
export interface ToolOutcome {
  readonly summary: string;
  readonly documents: readonly ToolCallDocument[];
}

/** Longest stored summary; a refusal's reason is cut at a word past it. */
export const MAX_TOOL_SUMMARY_CHARS = 200;

/** A document as a tool call's outcome names it. */
export const documentOf = (doc: {
  readonly id: string;
  readonly path: string;
  readonly title: string;
}): ToolCallDocument => ({ documentId: doc.id, path: doc.path, title: doc.title });

const shorten = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= MAX_TOOL_SUMMARY_CHARS) return line;
  const cut = line.slice(0, MAX_TOOL_SUMMARY_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_TOOL_SUMMARY_CHARS / 2))}…`;
};

/** The numbers of the body lines a span covers: `lines 3–12` (`line 3` for one). */
export function lineRange(body: string, start: number, end: number): string {
  const lineAt = (offset: number) => {
    let line = 1;
    for (let at = body.indexOf('\n'); at !== -1 && at < offset; at = body.indexOf('\n', at + 1))
      line++;
    return line;
  };
  const first = lineAt(start);
  const last = lineAt(Math.max(start, end - 1));
  return first === last ? `line ${first}` : `lines ${first}–${last}`;
}

/** How a failed call is stored: `refused: …` for a permission or role refusal, `ambiguous: …` with the candidates, else `failed: …`. */
export function failureOutcome(error: unknown): ToolOutcome {
  if (error instanceof EditRefusedError)
    return {
      summary: shorten(`refused: ${error.message.replace(/^edit refused: /, '')}`),
      documents: [],
    };
  if (error instanceof RoleForbiddenError)
    return { summary: shorten(`refused: ${error.message}`), documents: [] };
  if (error instanceof AmbiguousDocumentError)
    return {
      summary: shorten(`ambiguous: ${error.message}`),
      documents: error.candidates.map((c) => ({
        documentId: c.documentId,
        path: c.path,
        title: c.title,
      })),
    };
  return { summary: shorten(`failed: ${toolErrorMessage(error)}`), documents: [] };
}

/**
 * The outcomes of one turn's tool calls, by call id: each tool records what it returned as it
 * answers, and the engine takes it when the result reaches the stream, to store with the call.
 */
export class ToolCallLog {
  readonly #byCall = new Map<string, ToolOutcome>();

  /** Keeps a call's outcome: the summary on one line, each document once, at most the kept number. */
  record(toolCallId: string, outcome: ToolOutcome): void {
    const seen = new Set<string>();
    const documents = outcome.documents.filter((d) => {
      if (seen.has(d.documentId)) return false;
      seen.add(d.documentId);
      return true;
    });
    this.#byCall.set(toolCallId, {
      summary: shorten(outcome.summary),
      documents: documents.slice(0, MAX_TOOL_CALL_DOCUMENTS),
    });
  }

  /** The outcome of a call, once (it is forgotten after). */
  take(toolCallId: string): ToolOutcome | undefined {
    const outcome = this.#byCall.get(toolCallId);
    this.#byCall.delete(toolCallId);
    return outcome;
  }
}

/** What a tool's work returns: the output the model reads, and the outcome stored with the call. */
export interface ToolAnswer<O> extends ToolOutcome {
  readonly output: O;
}

/**
 * Runs a tool's work for one call: records its outcome under the call id, and turns an expected
 * failure into an error the model can act on (also recorded) instead of a crashed turn.
 */
export const recorded =
  <I, O>(log: ToolCallLog, run: (input: I) => Promise<ToolAnswer<O>>) =>
  async (
    input: I,
    call: { readonly toolCallId: string },
  ): Promise<O | ReturnType<typeof toolErrorOutput>> => {
    try {
      const answer = await run(input);
      log.record(call.toolCallId, answer);
      return answer.output;
    } catch (error) {
      log.record(call.toolCallId, failureOutcome(error));
      return toolErrorOutput(error);
    }
  };
