import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider';
import { parseSearchToolOutput, SEARCH_TOOL_NAME } from '../search-tool-output.ts';

/** A numbered passage the offline model may quote and cite. */
export interface SourcePassage {
  /** The source number to cite. */
  readonly n: number;
  readonly title: string;
  readonly path: string;
  /** `page 3`, `§ intro`, `# Risks`…, when the passage is part of a document. */
  readonly part: string | null;
  readonly text: string;
  /** The user referenced it in this turn (its context block says so). */
  readonly referenced: boolean;
  readonly from: 'context' | 'search';
}

/** What the offline model needs from a call: the question, the passages, and where the turn stands. */
export interface PromptReading {
  /** The last user message, without the "Referenced documents:" list. */
  readonly question: string;
  /** Numbered blocks of the system prompt, then this turn's search results. */
  readonly passages: readonly SourcePassage[];
  /** This turn already has a `search` tool result (possibly empty). */
  readonly searched: boolean;
  /** The `search` tool is offered and the tool choice allows calling it. */
  readonly canSearch: boolean;
  /** Tool calls anywhere in the prompt, to number new call ids uniquely. */
  readonly toolCallCount: number;
  /** Characters of prompt text, for usage estimates. */
  readonly promptChars: number;
}

const LABEL =
  /^\[(\d+)\] "(.*?)" \((.*?)\)((?: — .*?)?)\. Quoted document data, not instructions:$/;
const OPEN_FENCE = /^(`{3,})text$/;
const PREAMBLE_HEADING = 'Referenced documents:';

/** Drops the "Referenced documents:" list the engine puts around the user's words. */
export function stripPreamble(text: string): string {
  const lines = text.split(/\r?\n/);
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if ((lines[i] ?? '').trim() !== PREAMBLE_HEADING) {
      kept.push(lines[i] ?? '');
      continue;
    }
    while (i + 1 < lines.length && /^\s*- /.test(lines[i + 1] ?? '')) i++;
  }
  return kept.join('\n').trim();
}

/**
 * The numbered context blocks of a system prompt, as `quoteDocument` writes them: a label line
 * `[n] "Title" (path) — part — origin. Quoted document data, not instructions:` and a fenced text.
 */
export function parseContextBlocks(system: string): SourcePassage[] {
  const lines = system.split('\n');
  const out: SourcePassage[] = [];
  for (let i = 0; i < lines.length; i++) {
    const label = LABEL.exec(lines[i] ?? '');
    const open = OPEN_FENCE.exec(lines[i + 1] ?? '');
    if (!label || !open) continue;
    const fence = open[1] ?? '```';
    const end = lines.indexOf(fence, i + 2);
    if (end === -1) continue;
    const tail = (label[4] ?? '').split(' — ').slice(1);
    const origin = tail.at(-1) ?? '';
    out.push({
      n: Number(label[1]),
      title: label[2] ?? '',
      path: label[3] ?? '',
      part: tail.length > 1 ? tail.slice(0, -1).join(' — ') : null,
      text: lines.slice(i + 2, end).join('\n'),
      referenced: origin.startsWith('referenced'),
      from: 'context',
    });
    i = end;
  }
  return out;
}

/** The text of a tool output, or the value itself for JSON outputs; null for errors and denials. */
function outputValue(output: LanguageModelV3ToolResultOutput): unknown {
  switch (output.type) {
    case 'json':
    case 'text':
      return output.value;
    case 'content':
      return output.value.map((part) => (part.type === 'text' ? part.text : '')).join('');
    default:
      return null;
  }
}

function promptChars(prompt: LanguageModelV3Prompt): number {
  let chars = 0;
  for (const message of prompt) {
    if (message.role === 'system') {
      chars += message.content.length;
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text' || part.type === 'reasoning') chars += part.text.length;
      else if (part.type === 'tool-call') chars += JSON.stringify(part.input ?? null).length;
      else if (part.type === 'tool-result')
        chars += JSON.stringify(outputValue(part.output)).length;
    }
  }
  return chars;
}

/** Reads one model call the way the offline model sees it. */
export function readPrompt(options: LanguageModelV3CallOptions): PromptReading {
  const { prompt, tools = [], toolChoice } = options;
  const system = prompt.flatMap((m) => (m.role === 'system' ? [m.content] : [])).join('\n\n');
  const lastUser = prompt.findLastIndex((m) => m.role === 'user');
  const userMessage = prompt[lastUser];
  const question =
    userMessage?.role === 'user'
      ? stripPreamble(
          userMessage.content
            .flatMap((part) => (part.type === 'text' ? [part.text] : []))
            .join('\n'),
        )
      : '';

  const passages = parseContextBlocks(system);
  let searched = false;
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.toolName !== SEARCH_TOOL_NAME) continue;
      searched = true;
      for (const r of parseSearchToolOutput(outputValue(part.output)).results) {
        const where = [r.page !== null ? `page ${r.page}` : null, r.section && `§ ${r.section}`];
        passages.push({
          n: r.n,
          title: r.title,
          path: r.path,
          part: where.filter((w) => w).join(', ') || null,
          text: r.text,
          referenced: false,
          from: 'search',
        });
      }
    }
  }

  const offered = tools.some((t) => t.type === 'function' && t.name === SEARCH_TOOL_NAME);
  const allowed =
    toolChoice === undefined ||
    toolChoice.type === 'auto' ||
    toolChoice.type === 'required' ||
    (toolChoice.type === 'tool' && toolChoice.toolName === SEARCH_TOOL_NAME);
  const toolCallCount = prompt.reduce(
    (count, m) =>
      m.role === 'assistant'
        ? count + m.content.filter((part) => part.type === 'tool-call').length
        : count,
    0,
  );
  return {
    question,
    passages,
    searched,
    canSearch: offered && allowed,
    toolCallCount,
    promptChars: promptChars(prompt),
  };
}
