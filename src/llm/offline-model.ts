import { setTimeout as sleep } from 'node:timers/promises';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { asksToEdit } from '../core/references/asks-to-edit.ts';
import { entitySections, isEntityContext } from './offline/entity-passages.ts';
import {
  candidatesOf,
  leadSentences,
  pickAnswer,
  type ScoredSentence,
} from './offline/pick-sentences.ts';
import { type PlannedCall, planReads } from './offline/plan-reads.ts';
import { type PromptReading, readPrompt, type SourcePassage } from './offline/read-prompt.ts';
import { type Question, readQuestion } from './offline/read-question.ts';
import { CANNOT_EDIT_ANSWER, NOT_FOUND_ANSWER, writeAnswer } from './offline/write-answer.ts';
import { SEARCH_TOOL_NAME } from './search-tool-output.ts';

/** Tunables of the offline model; the defaults are what `resolveModel` gives. */
export interface OfflineModelOptions {
  /** Results asked of the `search` tool. @default 8 */
  readonly searchLimit?: number;
  /** Pause between stream parts, to make streaming visible in demos and abortable in tests. @default 0 */
  readonly chunkDelayMs?: number;
  /** Minimum sentence score to quote (see `scoreCandidates`). @default 0.45 */
  readonly minScore?: number;
}

/** One tool call as sent: its id, tool and JSON input. */
interface ToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: string;
}

/** What one call decided: call tools first, or answer from what is there. */
type Plan =
  | { readonly kind: 'tools'; readonly calls: readonly ToolCall[] }
  | { readonly kind: 'answer'; readonly chunks: readonly string[] };

/** The tools only agent mode offers; their presence means the user may be asking for an edit. */
const EDIT_TOOLS = ['edit_section', 'edit_metadata', 'write_content', 'insert_file'];

/**
 * The passages an answer is drawn from, in priority order: what the tools read of the named
 * documents, the named documents' context blocks not read again (the entity context cut into one
 * passage per entity), search results, the rest of the context. A context block of a document the
 * tools read is left out: the read passage (a PDF page, a section) is the one to cite.
 */
function answerPassages(reading: PromptReading): SourcePassage[] {
  const read = reading.passages.filter((p) => p.from === 'read');
  const readPaths = new Set(read.map((p) => p.path));
  const readEntities = new Set(
    read.filter((p) => p.path.startsWith('entities/')).map((p) => p.title),
  );
  const sections = reading.passages.flatMap((p) =>
    isEntityContext(p) ? entitySections(p, readEntities) : [],
  );
  const context = [
    ...sections,
    ...reading.passages.filter(
      (p) => p.from === 'context' && !isEntityContext(p) && !readPaths.has(p.path),
    ),
  ];
  const named = context.filter(
    (p) => p.origin.startsWith('referenced') || p.origin.startsWith('linked'),
  );
  const searched = reading.passages.filter((p) => p.from === 'search');
  const rest = context.filter((p) => !named.includes(p));
  return [...read, ...named, ...searched, ...rest];
}

/** The sentences answering the question, part by part, or the named documents' openings for a summary. */
function compose(
  question: Question,
  passages: readonly SourcePassage[],
  minScore: number,
  narrow: boolean,
): ScoredSentence[][] {
  const candidates = candidatesOf(passages);
  if (question.summarize && question.topic === '') {
    const lead = leadSentences(candidates);
    if (lead.length > 0) return [lead];
  }
  const parts = pickAnswer(question.parts, candidates, { minScore, entities: question.entities });
  if (narrow && parts.every((p) => p.length === 0)) {
    // Nothing matches the words asked, but the user named a block, section or page: say what it says.
    const lead = leadSentences(candidates, { maxSentences: 3 });
    if (lead.length > 0) return [lead];
  }
  return parts;
}

const STOP: LanguageModelV3FinishReason = { unified: 'stop', raw: 'stop' };
const TOOL_CALLS: LanguageModelV3FinishReason = { unified: 'tool-calls', raw: 'tool_calls' };

/** A rough token count (4 characters a token), so usage numbers are present and deterministic. */
const tokensOf = (chars: number) => Math.ceil(chars / 4);

function usageOf(inputChars: number, outputChars: number): LanguageModelV3Usage {
  const input = tokensOf(inputChars);
  const output = tokensOf(outputChars);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

/**
 * Footnote's built-in model, used when no LLM is configured. It reads what the message names with
 * the tools a real model would use (`get_page`, `read_section`, `read_document`), searches for the
 * rest, then answers extractively: sentences copied from those sources, chosen for the kind of
 * answer each part of the question wants, each cited with the number its source was given; or it
 * says plainly that the workspace does not answer. Deterministic, offline, and never cites a
 * number it was not given.
 */
export class OfflineModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'footnote';
  readonly modelId = 'offline-extractive';
  readonly supportedUrls: Record<string, RegExp[]> = {};
  readonly #options: Required<OfflineModelOptions>;

  constructor(options: OfflineModelOptions = {}) {
    this.#options = { searchLimit: 8, chunkDelayMs: 0, minScore: 0.45, ...options };
  }

  /**
   * Decides the call. First step of a turn: read what the message names (or search when it names
   * nothing). Later: answer when every part of the question is answered, else search once for the
   * topic words, then answer with what there is.
   */
  #plan(reading: PromptReading): Plan {
    if (reading.question === '') return { kind: 'answer', chunks: [NOT_FOUND_ANSWER] };
    if (EDIT_TOOLS.some((t) => reading.offered.has(t)) && asksToEdit(reading.question))
      return { kind: 'answer', chunks: [CANNOT_EDIT_ANSWER] };
    const question = readQuestion(reading.question, reading.references);
    const search: PlannedCall | null =
      reading.canSearch && !reading.searched && question.topic !== ''
        ? {
            toolName: SEARCH_TOOL_NAME,
            input: { query: question.topic, limit: this.#options.searchLimit },
          }
        : null;
    if (reading.turnCalls.length === 0) {
      const reads = planReads(reading);
      const first = reads.length > 0 ? reads : search ? [search] : [];
      if (first.length > 0) return this.#calls(reading, first);
    }
    const narrow = reading.references.some(
      (r) => r.parsed?.block || r.parsed?.heading || r.parsed?.page || r.sectionTitle,
    );
    const parts = compose(question, answerPassages(reading), this.#options.minScore, narrow);
    if (search && parts.some((p) => p.length === 0)) return this.#calls(reading, [search]);
    return {
      kind: 'answer',
      chunks: writeAnswer(parts, {
        summary: question.summarize && question.topic === '',
        partTexts: question.parts.map((p) => p.text),
      }),
    };
  }

  /** Tool calls with ids unique across the conversation. */
  #calls(reading: PromptReading, planned: readonly PlannedCall[]): Plan {
    return {
      kind: 'tools',
      calls: planned.map((call, i) => ({
        toolCallId: `offline-${call.toolName}-${reading.toolCallCount + i + 1}`,
        toolName: call.toolName,
        input: JSON.stringify(call.input),
      })),
    };
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    options.abortSignal?.throwIfAborted();
    const reading = readPrompt(options);
    const plan = this.#plan(reading);
    let content: LanguageModelV3Content[];
    let outputChars: number;
    if (plan.kind === 'tools') {
      content = plan.calls.map((call) => ({ type: 'tool-call' as const, ...call }));
      outputChars = plan.calls.reduce((sum, call) => sum + call.input.length, 0);
    } else {
      const text = plan.chunks.join('');
      content = [{ type: 'text', text }];
      outputChars = text.length;
    }
    return {
      content,
      finishReason: plan.kind === 'tools' ? TOOL_CALLS : STOP,
      usage: usageOf(reading.promptChars, outputChars),
      response: { modelId: this.modelId },
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const signal = options.abortSignal;
    signal?.throwIfAborted();
    const reading = readPrompt(options);
    const plan = this.#plan(reading);
    const parts: LanguageModelV3StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', modelId: this.modelId },
    ];
    if (plan.kind === 'tools') {
      for (const { toolCallId: id, toolName, input } of plan.calls) {
        parts.push(
          { type: 'tool-input-start', id, toolName },
          { type: 'tool-input-delta', id, delta: input },
          { type: 'tool-input-end', id },
          { type: 'tool-call', toolCallId: id, toolName, input },
        );
      }
      parts.push({
        type: 'finish',
        finishReason: TOOL_CALLS,
        usage: usageOf(
          reading.promptChars,
          plan.calls.reduce((sum, call) => sum + call.input.length, 0),
        ),
      });
    } else {
      const id = 'text-0';
      parts.push({ type: 'text-start', id });
      for (const delta of plan.chunks) parts.push({ type: 'text-delta', id, delta });
      parts.push(
        { type: 'text-end', id },
        {
          type: 'finish',
          finishReason: STOP,
          usage: usageOf(reading.promptChars, plan.chunks.join('').length),
        },
      );
    }

    const delay = this.#options.chunkDelayMs;
    let next = 0;
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      async pull(controller) {
        try {
          if (next > 0 && delay > 0) await sleep(delay, undefined, signal ? { signal } : {});
          signal?.throwIfAborted();
        } catch (error) {
          controller.error(signal?.aborted ? signal.reason : error);
          return;
        }
        const part = parts[next++];
        if (part) controller.enqueue(part);
        if (next >= parts.length) controller.close();
      },
    });
    return { stream };
  }
}

/** The offline model with default or given options; what `resolveModel` returns when no model is configured. */
export function createOfflineModel(options: OfflineModelOptions = {}): OfflineModel {
  return new OfflineModel(options);
}
