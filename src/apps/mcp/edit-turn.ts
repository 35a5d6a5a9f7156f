import { randomUUID } from 'node:crypto';
import {
  type EditRecord,
  editTools,
  ReferenceTracker,
  SourceRegistry,
  ToolCallLog,
  type ToolContext,
} from '../../chat/index.ts';
import { recordResolutions } from '../../chat/record-resolutions.ts';
import {
  authorizeWrite,
  type ChatMessage,
  resolveReferences,
  type Session,
} from '../../core/index.ts';
import type { McpContext } from './mcp-context.ts';
import { ownSession } from './read-session.ts';

/** The edit tools MCP offers in agent mode: the chat engine's own, run one at a time. */
export type EditToolName = keyof ReturnType<typeof editTools>;

/** What one MCP edit call asks for: the user's words (which scope it), the tool input, and whether to write. */
export interface EditCall {
  readonly tool: EditToolName;
  readonly request: string;
  readonly input: Record<string, unknown>;
  /** Write at once instead of storing a preview to apply later. */
  readonly apply: boolean;
  readonly sessionId: string | undefined;
}

/** The outcome: the stored edit, or the refusal the engine gave, with the session that records it. */
export type EditOutcome =
  | { readonly ok: true; readonly edit: EditRecord; readonly sessionId: string }
  | { readonly ok: false; readonly error: string; readonly sessionId: string };

const titleOf = (request: string) => {
  const line =
    request
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? 'Edit';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

const emptyMessage = (
  id: string,
  sessionId: string,
  at: string,
): Omit<ChatMessage, 'role' | 'content' | 'status'> => ({
  id,
  sessionId,
  grounded: false,
  references: [],
  citations: [],
  invalidMarkers: [],
  claims: [],
  claimSummary: null,
  toolCalls: [],
  context: null,
  error: null,
  reason: null,
  createdAt: at,
  updatedAt: at,
});

/**
 * Runs one agent edit tool of the chat engine as a turn without a model: the request is stored as
 * the user's message with its references resolved in agent mode (permissions read from its verbs),
 * and the engine's tool runs with exactly those references, so the check where the edit executes
 * is the chat's own (a target not referenced for writing is refused, and audited). The stored turn
 * is what a later `apply_edit` — or the web UI — judges a preview by.
 */
export async function runEditTurn(context: McpContext, call: EditCall): Promise<EditOutcome> {
  const ws = context.workspace;
  const now = context.now ?? (() => new Date());
  const newId = context.newId ?? randomUUID;
  authorizeWrite(context.actor, 'agent_mode');
  const existing = call.sessionId ? await ownSession(context, call.sessionId) : null;
  const lock = existing?.id ?? `new:${newId()}`;
  return ws.serialize(lock, async () => {
    const catalog = await ws.catalog();
    const references = resolveReferences(call.request, catalog, { mode: 'agent' });
    const at = now().toISOString();
    const session: Session =
      existing ??
      (await ws.sessions.createSession({
        id: newId(),
        workspaceId: ws.id,
        userId: context.actor.id,
        title: titleOf(call.request),
        createdAt: at,
        updatedAt: at,
      }));
    const user: ChatMessage = {
      ...emptyMessage(newId(), session.id, at),
      role: 'user',
      content: call.request,
      status: 'complete',
      references,
    };
    const assistant: ChatMessage = {
      ...emptyMessage(newId(), session.id, at),
      role: 'assistant',
      content: '',
      status: 'streaming',
    };
    await ws.sessions.appendTurn(user, assistant);
    await recordResolutions(ws.sessions, references, {
      sessionId: session.id,
      messageId: user.id,
      user: { id: context.actor.id, name: context.actor.name },
      createdAt: at,
      newId,
    });
    const edits: EditRecord[] = [];
    const log = new ToolCallLog();
    const toolContext: ToolContext = {
      root: ws.root,
      store: ws.store,
      sessions: ws.sessions,
      catalog,
      registry: new SourceRegistry([]),
      tracker: new ReferenceTracker(references),
      log,
      references,
      mode: 'agent',
      actor: context.actor,
      dryRun: !call.apply,
      sessionId: session.id,
      messageId: assistant.id,
      now,
      newId,
      onEdit: (edit) => edits.push(edit),
      reindex: () => ws.reindex(),
    };
    const tool = editTools(toolContext)[call.tool];
    const callId = newId();
    const output = (await tool.execute?.(call.input as never, {
      toolCallId: callId,
      messages: [],
    })) as { error: string } | { editId: string };
    const error = 'error' in output ? output.error : null;
    const edit = edits.at(-1) ?? null;
    const outcome = log.take(callId);
    await ws.sessions.updateMessage({
      ...assistant,
      content: error
        ? `The edit was refused: ${error}`
        : `${edit?.status === 'applied' ? 'Edited' : 'Proposed an edit to'} ${edit?.path}.`,
      status: 'complete',
      toolCalls: [
        {
          id: callId,
          name: call.tool,
          input: call.input,
          ok: !error,
          summary: outcome?.summary ?? error ?? '',
          documents: outcome?.documents ?? [],
        },
      ],
      updatedAt: now().toISOString(),
    });
    return error || !edit
      ? { ok: false, error: error ?? 'the edit was not made', sessionId: session.id }
      : { ok: true, edit, sessionId: session.id };
  });
}
