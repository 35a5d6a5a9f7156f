import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { FootnoteError } from '../core/errors.ts';

/** One tool call a scripted step makes. */
export interface ScriptedToolCall {
  readonly name: string;
  /** The tool input; serialized to JSON as a provider would send it. */
  readonly input: unknown;
  /** @default `call-<step>-<index>` */
  readonly id?: string;
}

/** What the scripted model does on one call (one step of a turn). */
export interface ScriptedStep {
  /** Text to stream: a string (streamed word by word) or the exact deltas. */
  readonly text?: string | readonly string[];
  readonly reasoning?: string;
  readonly toolCalls?: readonly ScriptedToolCall[];
  /** @default 'tool-calls' when the step calls tools, else 'stop' */
  readonly finishReason?: LanguageModelV3FinishReason['unified'];
  readonly usage?: { readonly inputTokens?: number; readonly outputTokens?: number };
  /** Pause before each stream part after the first, so tests can abort mid-stream. @default 0 */
  readonly delayMs?: number;
  /** Fail the step: the stream emits an `error` part after its text; `doGenerate` rejects. */
  readonly error?: unknown;
}

/** Options of {@link scriptedModel}. */
export interface ScriptedModelOptions {
  readonly provider?: string;
  readonly modelId?: string;
}

/** A scripted model was called more often than its script has steps. */
export class ScriptExhaustedError extends FootnoteError {
  readonly call: number;

  constructor(call: number, steps: number) {
    super('script_exhausted', `scripted model called ${call} times but scripts ${steps} steps`);
    this.name = 'ScriptExhaustedError';
    this.call = call;
  }
}

/** Splits text into word-sized deltas (each word keeps its following space), as providers stream it. */
const wordDeltas = (text: string): string[] => text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);

const deltasOf = (text: ScriptedStep['text']): readonly string[] =>
  text === undefined ? [] : typeof text === 'string' ? wordDeltas(text) : text;

const callIdOf = (call: ScriptedToolCall, step: number, index: number) =>
  call.id ?? `call-${step + 1}-${index + 1}`;

function usageOf(step: ScriptedStep): LanguageModelV3Usage {
  const input = step.usage?.inputTokens ?? 10;
  const output = step.usage?.outputTokens ?? Math.max(1, deltasOf(step.text).length);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

function finishOf(step: ScriptedStep): LanguageModelV3FinishReason {
  const unified = step.finishReason ?? (step.toolCalls?.length ? 'tool-calls' : 'stop');
  return { unified, raw: unified };
}

/** The V3 stream parts a provider would emit for `step` (the `stepIndex`-th call), in order. */
export function scriptedStreamParts(
  step: ScriptedStep,
  stepIndex = 0,
): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (step.reasoning) {
    const id = `reasoning-${stepIndex + 1}`;
    parts.push(
      { type: 'reasoning-start', id },
      { type: 'reasoning-delta', id, delta: step.reasoning },
      { type: 'reasoning-end', id },
    );
  }
  const deltas = deltasOf(step.text);
  if (deltas.length > 0) {
    const id = `text-${stepIndex + 1}`;
    parts.push({ type: 'text-start', id });
    for (const delta of deltas) parts.push({ type: 'text-delta', id, delta });
    parts.push({ type: 'text-end', id });
  }
  if (step.error !== undefined) {
    parts.push({ type: 'error', error: step.error });
  }
  (step.toolCalls ?? []).forEach((call, i) => {
    const id = callIdOf(call, stepIndex, i);
    const input = JSON.stringify(call.input ?? {});
    parts.push(
      { type: 'tool-input-start', id, toolName: call.name },
      { type: 'tool-input-delta', id, delta: input },
      { type: 'tool-input-end', id },
      { type: 'tool-call', toolCallId: id, toolName: call.name, input },
    );
  });
  parts.push({ type: 'finish', finishReason: finishOf(step), usage: usageOf(step) });
  return parts;
}

/** The content `doGenerate` returns for `step`. */
export function scriptedContent(step: ScriptedStep, stepIndex = 0): LanguageModelV3Content[] {
  const content: LanguageModelV3Content[] = [];
  if (step.reasoning) content.push({ type: 'reasoning', text: step.reasoning });
  const text = deltasOf(step.text).join('');
  if (text) content.push({ type: 'text', text });
  (step.toolCalls ?? []).forEach((call, i) => {
    content.push({
      type: 'tool-call',
      toolCallId: callIdOf(call, stepIndex, i),
      toolName: call.name,
      input: JSON.stringify(call.input ?? {}),
    });
  });
  return content;
}

/** A stream of `parts` that waits `delayMs` between parts and stops with the abort reason when aborted. */
function partStream(
  parts: readonly LanguageModelV3StreamPart[],
  delayMs: number,
  signal: AbortSignal | undefined,
): ReadableStream<LanguageModelV3StreamPart> {
  let next = 0;
  return new ReadableStream({
    async pull(controller) {
      if (next > 0 && delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (signal?.aborted) {
        controller.error(signal.reason);
        return;
      }
      const part = parts[next++];
      if (part) controller.enqueue(part);
      if (next >= parts.length) controller.close();
    },
  });
}

/**
 * An AI SDK mock model that plays `steps` in order, one per model call (streamed or not), so an
 * engine test can script "call `search`, then answer citing [1]" without a network. The returned
 * `MockLanguageModelV3` records every call's options in `doStreamCalls` / `doGenerateCalls`.
 *
 * @example scriptedModel([{ toolCalls: [{ name: 'search', input: { query: 'pump' } }] }, { text: 'It pumps [1].' }])
 */
export function scriptedModel(
  steps: readonly ScriptedStep[],
  options: ScriptedModelOptions = {},
): MockLanguageModelV3 {
  let calls = 0;
  const take = (): [ScriptedStep, number] => {
    const index = calls++;
    const step = steps[index];
    if (!step) throw new ScriptExhaustedError(index + 1, steps.length);
    return [step, index];
  };
  return new MockLanguageModelV3({
    provider: options.provider ?? 'scripted',
    modelId: options.modelId ?? 'scripted-model',
    doStream: async (call: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> => {
      call.abortSignal?.throwIfAborted();
      const [step, index] = take();
      return {
        stream: partStream(scriptedStreamParts(step, index), step.delayMs ?? 0, call.abortSignal),
      };
    },
    doGenerate: async (
      call: LanguageModelV3CallOptions,
    ): Promise<LanguageModelV3GenerateResult> => {
      call.abortSignal?.throwIfAborted();
      const [step, index] = take();
      if (step.error !== undefined) throw step.error;
      return {
        content: scriptedContent(step, index),
        finishReason: finishOf(step),
        usage: usageOf(step),
        warnings: [],
      };
    },
  });
}
