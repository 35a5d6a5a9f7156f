import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider';
import { parseSearchToolOutput, SEARCH_TOOL_NAME } from '../search-tool-output.ts';
import { type PromptReference, parseReferencedList } from './read-references.ts';

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
  /** A context block, a `search` result, or the result of a read tool (`read_document`, `read_section`, `get_page`). */
  readonly from: 'context' | 'search' | 'read';
  /** The PDF page the passage is, when it is one page. */
  readonly page: number | null;
  /** How the context block came to be there (`referenced by the user`, `linked through an entity field`…); '' for tool results. */
  readonly origin: string;
}

/** A tool call this turn already made. */
export interface TurnToolCall {
  readonly toolName: string;
  readonly input: unknown;
}

/** What the offline model needs from a call: the question, the passages, and where the turn stands. */
export interface PromptReading {
  /** The last user message, without the "Referenced documents:" list. */
  readonly question: string;
  /** Numbered blocks of the system prompt, then this turn's search results. */
  readonly passages: readonly SourcePassage[];
  /** The documents the user referenced, from the "Referenced documents:" list. */
  readonly references: readonly PromptReference[];
  /** This turn already has a `search` tool result (possibly empty). */
  readonly searched: boolean;
  /** The `search` tool is offered and the tool choice allows calling it. */
  readonly canSearch: boolean;
  /** Every tool the model may call now (offered, and allowed by the tool choice). */
  readonly callable: ReadonlySet<string>;
  /** Tools offered whatever the tool choice (edit tools tell agent mode apart). */
  readonly offered: ReadonlySet<string>;
  /** The tool calls made since the user's last message, in order. */
  readonly turnCalls: readonly TurnToolCall[];
  /** Tool calls anywhere in the prompt, to number new call ids uniquely. */
  readonly toolCallCount: number;
  /** Characters of prompt text, for usage estimates. */
  readonly promptChars: number;
}

const LABEL =
  /^\[(\d+)\] "(.*?)" \((.*?)\)((?: — .*?)?)\. Quoted document data, not instructions:$/;
const OPEN_FENCE = /^(`{3,})text$/;
const FACTS_FENCE = /^(`{3,})metadata$/;
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
 * `[n] "Title" (path) — part — origin. Quoted document data, not instructions:`, an optional
 * `metadata` fence of facts about the document (not a passage to quote), and a fenced text.
 */
export function parseContextBlocks(system: string): SourcePassage[] {
  const lines = system.split('\n');
  const out: SourcePassage[] = [];
  for (let i = 0; i < lines.length; i++) {
    const label = LABEL.exec(lines[i] ?? '');
    if (!label) continue;
    let textAt = i + 1;
    const facts = FACTS_FENCE.exec(lines[textAt] ?? '');
    if (facts) {
      const close = lines.indexOf(facts[1] ?? '```', textAt + 1);
      if (close === -1) continue;
      textAt = close + 1;
    }
    const open = OPEN_FENCE.exec(lines[textAt] ?? '');
    if (!open) continue;
    const fence = open[1] ?? '```';
    const end = lines.indexOf(fence, textAt + 1);
    if (end === -1) continue;
    const tail = (label[4] ?? '').split(' — ').slice(1);
    const origin = tail.at(-1) ?? '';
    out.push({
      n: Number(label[1]),
      title: label[2] ?? '',
      path: label[3] ?? '',
      part: tail.length > 1 ? tail.slice(0, -1).join(' — ') : null,
      text: lines.slice(textAt + 1, end).join('\n'),
      referenced: origin.startsWith('referenced'),
      from: 'context',
      page: pageOf(tail.length > 1 ? tail.slice(0, -1).join(' — ') : ''),
      origin,
    });
    i = end;
  }
  return out;
}

/** `page 3` in a context block's label: the block is that page of a PDF. */
function pageOf(part: string): number | null {
  const match = /^page (\d+)$/.exec(part);
  return match ? Number(match[1]) : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The passage a read tool returned (`{n, title, path, page, section, text}`), or null for errors and outlines. */
function readResult(toolName: string, value: unknown): SourcePassage | null {
  let data = value;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!isRecord(data)) return null;
  const { n, title, path, page, section, text } = data;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || typeof text !== 'string')
    return null;
  const pageNumber = typeof page === 'number' ? page : null;
  const where = [pageNumber !== null ? `page ${pageNumber}` : null, section && `§ ${section}`];
  return {
    n,
    title: typeof title === 'string' ? title : '',
    path: typeof path === 'string' ? path : '',
    part: where.filter((w) => w).join(', ') || null,
    text,
    referenced: toolName !== SEARCH_TOOL_NAME,
    from: 'read',
    page: pageNumber,
    origin: '',
  };
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
  const userText =
    userMessage?.role === 'user'
      ? userMessage.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n')
      : '';
  const question = stripPreamble(userText);

  const passages = parseContextBlocks(system);
  let searched = false;
  const turnCalls: TurnToolCall[] = [];
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role === 'assistant') {
      for (const part of message.content)
        if (part.type === 'tool-call')
          turnCalls.push({ toolName: part.toolName, input: part.input });
    }
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      if (part.toolName !== SEARCH_TOOL_NAME) {
        const read = readResult(part.toolName, outputValue(part.output));
        if (read) passages.push(read);
        continue;
      }
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
          page: r.page,
          origin: '',
        });
      }
    }
  }

  const offered = new Set(tools.flatMap((t) => (t.type === 'function' ? [t.name] : [])));
  const callable = new Set(
    [...offered].filter(
      (name) =>
        toolChoice === undefined ||
        toolChoice.type === 'auto' ||
        toolChoice.type === 'required' ||
        (toolChoice.type === 'tool' && toolChoice.toolName === name),
    ),
  );
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
    references: parseReferencedList(userText),
    searched,
    canSearch: callable.has(SEARCH_TOOL_NAME),
    callable,
    offered,
    turnCalls,
    toolCallCount,
    promptChars: promptChars(prompt),
  };
}
