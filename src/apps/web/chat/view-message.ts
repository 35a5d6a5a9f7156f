import type { UIMessage } from 'ai';
import type {
  CitationJson,
  ClaimJson,
  ClaimSummaryJson,
  EditJson,
  MessageJson,
  ReferenceJson,
} from '../api/types.ts';

/** One tool call of an answer, as it happens: running, then done or failed. */
export interface ToolActivity {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  readonly state: 'running' | 'done' | 'error';
  /** A one-line result ("3 passages", "read notes/Design.md") or the error. */
  readonly summary: string | null;
}

/** A message as the web UI shows it, whether loaded from a session or arriving on the stream. */
export interface ViewMessage {
  readonly id: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly status: 'streaming' | 'complete' | 'interrupted' | 'failed';
  readonly references: readonly ReferenceJson[];
  /** Every numbered source the model saw; `cited` says whether the answer used it. */
  readonly citations: readonly CitationJson[];
  readonly invalidMarkers: MessageJson['invalidMarkers'];
  /** The answer's cited claims and how their sources back them (offsets index `content`). */
  readonly claims: readonly ClaimJson[];
  /** Claim counts by verdict; null when the claims were not checked (older or unfinished answers). */
  readonly claimSummary: ClaimSummaryJson;
  readonly grounded: boolean;
  readonly tools: readonly ToolActivity[];
  readonly edits: readonly EditJson[];
  readonly error: string | null;
  /** Why an interrupted answer stopped: its client, or the server (shut down or crashed). */
  readonly reason: MessageJson['reason'];
  readonly createdAt: string;
}

/** A stored message (session reload), with the edits its turn proposed or made. */
export function viewOfStored(message: MessageJson, edits: readonly EditJson[]): ViewMessage {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    status: message.status,
    references: message.references,
    citations: message.citations,
    invalidMarkers: message.invalidMarkers,
    // Messages stored before claims were checked may lack both fields.
    claims: message.claims ?? [],
    claimSummary: message.claimSummary ?? null,
    grounded: message.grounded,
    tools: message.toolCalls.map((call, i) => ({
      id: `${message.id}-tool-${i}`,
      name: call.name,
      input: call.input,
      state: call.ok ? 'done' : 'error',
      // Servers before tool calls kept a summary send none.
      summary: call.summary || null,
    })),
    edits: edits.filter((e) => e.messageId === message.id),
    error: message.error,
    // Servers before reasons were stored send none.
    reason: message.reason ?? null,
    createdAt: message.createdAt,
  };
}

/**
 * The `data-citations` part that ends an answer. `content` is the final text with its markers
 * renumbered as stored (the streamed text's numbers may differ); servers before claim checking
 * send neither it nor the claims.
 */
export interface CitationsData {
  citations: CitationJson[];
  grounded: boolean;
  invalidMarkers: MessageJson['invalidMarkers'];
  status: MessageJson['status'];
  content?: string;
  claims?: ClaimJson[];
  claimSummary?: ClaimSummaryJson;
}

/**
 * The assistant message so far, from the AI SDK's UI message (a snapshot of the server's stream):
 * text parts joined, tool parts as activity, and the `data-references`, `data-edit` and
 * `data-citations` parts Footnote adds.
 */
export function viewOfStreamed(message: UIMessage, done: boolean): ViewMessage {
  let content = '';
  let references: ReferenceJson[] = [];
  let citations: CitationsData | null = null;
  const tools: ToolActivity[] = [];
  const edits: EditJson[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') content += part.text;
    else if (part.type === 'data-references')
      references = (part.data as { references: ReferenceJson[] }).references;
    else if (part.type === 'data-citations') citations = part.data as CitationsData;
    else if (part.type === 'data-edit') {
      const edit = part.data as EditJson;
      const at = edits.findIndex((e) => e.id === edit.id);
      if (at >= 0) edits[at] = edit;
      else edits.push(edit);
    } else if (part.type === 'dynamic-tool' || part.type.startsWith('tool-')) {
      const tool = part as {
        type: string;
        toolCallId: string;
        toolName?: string;
        state: string;
        input?: unknown;
        output?: unknown;
        errorText?: string;
      };
      const name = tool.toolName ?? tool.type.slice('tool-'.length);
      const state =
        tool.state === 'output-available'
          ? 'done'
          : tool.state === 'output-error'
            ? 'error'
            : 'running';
      const summary =
        state === 'error'
          ? (tool.errorText ?? null)
          : state === 'done'
            ? ((tool.output as { summary?: string } | undefined)?.summary ?? null)
            : null;
      tools.push({ id: tool.toolCallId, name, input: tool.input, state, summary });
    }
  }
  const metadata = (message.metadata ?? {}) as { status?: MessageJson['status'] };
  const stored = citations?.status ?? metadata.status;
  return {
    id: message.id,
    role: 'assistant',
    // The final text replaces the streamed one, so the numbers on screen are the stored ones.
    content: typeof citations?.content === 'string' ? citations.content : content,
    // A stream that ended without saying how is one that was cut off.
    status: done ? (stored ?? 'interrupted') : 'streaming',
    references,
    citations: citations?.citations ?? [],
    invalidMarkers: citations?.invalidMarkers ?? [],
    claims: citations?.claims ?? [],
    claimSummary: citations?.claimSummary ?? null,
    grounded: citations?.grounded ?? false,
    tools,
    edits,
    error: null,
    reason: null,
    createdAt: new Date().toISOString(),
  };
}
