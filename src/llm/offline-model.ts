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
import { focusOf, hasTopic, leadSentences, pickSentences } from './offline/pick-sentences.ts';
import { type PromptReading, readPrompt } from './offline/read-prompt.ts';
import { NOT_FOUND_ANSWER, writeAnswer } from './offline/write-answer.ts';
import { SEARCH_TOOL_NAME } from './search-tool-output.ts';

/** Tunables of the offline model; the defaults are what `resolveModel` gives. */
export interface OfflineModelOptions {
  /** Results asked of the `search` tool. @default 8 */
  readonly searchLimit?: number;
  /** Pause between stream parts, to make streaming visible in demos and abortable in tests. @default 0 */
  readonly chunkDelayMs?: number;
  /** Minimum sentence score to quote (see `pickSentences`). @default 0.35 */
  readonly minScore?: number;
}

/** What one call decided: search first, or answer from what is there. */
type Plan =
  | { readonly kind: 'search'; readonly toolCallId: string; readonly input: string }
  | { readonly kind: 'answer'; readonly chunks: readonly string[] };

/** Longest query sent to `search` (the engine's tool accepts up to 500 characters). */
const MAX_QUERY_CHARS = 500;

/** The question as a search query: whitespace collapsed, cut at a word break to fit the tool's limit. */
function queryOf(question: string): string {
  const q = question.replace(/\s+/g, ' ').trim();
  if (q.length <= MAX_QUERY_CHARS) return q;
  const head = q.slice(0, MAX_QUERY_CHARS);
  const space = head.lastIndexOf(' ');
  return space > MAX_QUERY_CHARS / 2 ? head.slice(0, space) : head;
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
 * Footnote's built-in model, used when no LLM is configured: it first asks the `search` tool with
 * the user's question, then answers extractively — the sentences of the referenced and retrieved
 * sources that best match the question, each cited with the number it was given. Deterministic,
 * offline, and never cites a number it was not given.
 */
export class OfflineModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'footnote';
  readonly modelId = 'offline-extractive';
  readonly supportedUrls: Record<string, RegExp[]> = {};
  readonly #options: Required<OfflineModelOptions>;

  constructor(options: OfflineModelOptions = {}) {
    this.#options = { searchLimit: 8, chunkDelayMs: 0, minScore: 0.35, ...options };
  }

  /** Decides the call: search when the turn has not searched yet and may, else answer. */
  #plan(reading: PromptReading): Plan {
    if (reading.canSearch && !reading.searched && reading.question !== '') {
      return {
        kind: 'search',
        toolCallId: `offline-search-${reading.toolCallCount + 1}`,
        input: JSON.stringify({
          query: queryOf(focusOf(reading.question)),
          limit: this.#options.searchLimit,
        }),
      };
    }
    if (reading.question === '') return { kind: 'answer', chunks: [NOT_FOUND_ANSWER] };
    const lead = hasTopic(reading.question) ? null : leadSentences(reading.passages);
    const picked =
      lead && lead.picked.length > 0
        ? lead
        : pickSentences(reading.question, reading.passages, { minScore: this.#options.minScore });
    const searchResults = reading.passages.filter((p) => p.from === 'search');
    return { kind: 'answer', chunks: writeAnswer(picked, searchResults) };
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    options.abortSignal?.throwIfAborted();
    const reading = readPrompt(options);
    const plan = this.#plan(reading);
    let content: LanguageModelV3Content[];
    let outputChars: number;
    if (plan.kind === 'search') {
      content = [
        {
          type: 'tool-call',
          toolCallId: plan.toolCallId,
          toolName: SEARCH_TOOL_NAME,
          input: plan.input,
        },
      ];
      outputChars = plan.input.length;
    } else {
      const text = plan.chunks.join('');
      content = [{ type: 'text', text }];
      outputChars = text.length;
    }
    return {
      content,
      finishReason: plan.kind === 'search' ? TOOL_CALLS : STOP,
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
    if (plan.kind === 'search') {
      const id = plan.toolCallId;
      parts.push(
        { type: 'tool-input-start', id, toolName: SEARCH_TOOL_NAME },
        { type: 'tool-input-delta', id, delta: plan.input },
        { type: 'tool-input-end', id },
        { type: 'tool-call', toolCallId: id, toolName: SEARCH_TOOL_NAME, input: plan.input },
        {
          type: 'finish',
          finishReason: TOOL_CALLS,
          usage: usageOf(reading.promptChars, plan.input.length),
        },
      );
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
