import { randomUUID } from 'node:crypto';
import { type LanguageModel, type ModelMessage, stepCountIs, streamText } from 'ai';
import type {
  Actor,
  AssembledContext,
  ChatMessage,
  ChatMode,
  ChunkVectorStore,
  ContextSource,
  DocumentStore,
  HistoryMessage,
  Page,
  PermissionOverride,
  Reference,
  ReferenceCatalog,
  Session,
  SessionStore,
  SummaryLookup,
  TextEmbedder,
  TokenCounter,
  ToolCallRecord,
} from '../core/index.ts';
import {
  authorizeWrite,
  citationsWithClaims,
  FootnoteError,
  INTERRUPT_MESSAGES,
  previousAnswerSources,
  summarizeClaims,
} from '../core/index.ts';
import type { ClaimVerifier } from './claim-verifier.ts';
import { DocumentSummaries } from './document-summaries.ts';
import { editedTurnOf, QuestionNotEditableError } from './edit-question.ts';
import { interruptReasonOf } from './interrupt-reason.ts';
import { type NumberedCitations, numberCitations } from './number-citations.ts';
import { prepareContext } from './prepare-context.ts';
import { recordResolutions } from './record-resolutions.ts';
import { ReferenceTracker } from './reference-tracker.ts';
import { StreamRenumberer } from './renumber-stream.ts';
import { AnswerNotFoundError, findRetriedTurn, restartTurn } from './retry-answer.ts';
import { SourceRegistry } from './source-registry.ts';
import { StreamSaver } from './stream-saver.ts';
import { summarizeReferences } from './summarize-references.ts';
import {
  type EditRecord,
  editTools,
  readTools,
  ToolCallLog,
  type ToolContext,
} from './tools/index.ts';

/** The session asked for does not exist for this user and workspace (or at all: they look the same). */
export class SessionNotFoundError extends FootnoteError {
  readonly sessionId: string;

  constructor(sessionId: string) {
    super('session_not_found', `no session ${sessionId}`);
    this.name = 'SessionNotFoundError';
    this.sessionId = sessionId;
  }
}

/** What happens during a turn, in order, for whoever shows it (terminal, HTTP stream). */
export type TurnEvent =
  | { readonly type: 'start'; readonly sessionId: string; readonly messageId: string }
  | { readonly type: 'references'; readonly references: readonly Reference[] }
  | { readonly type: 'text-delta'; readonly text: string }
  | {
      readonly type: 'tool-call';
      readonly id: string;
      readonly name: string;
      readonly input: unknown;
    }
  | {
      readonly type: 'tool-result';
      readonly id: string;
      readonly name: string;
      readonly ok: boolean;
      readonly summary: string;
    }
  | { readonly type: 'edit'; readonly edit: EditRecord }
  | {
      readonly type: 'finish';
      readonly message: ChatMessage;
      readonly sources: readonly ContextSource[];
    };

/** Everything one turn needs; the apps build it, the engine never reaches for globals. */
export interface TurnOptions {
  readonly root: string;
  readonly store: DocumentStore;
  /** Chunk vectors and the embedding model: with both, retrieval and `search` are hybrid, else lexical. */
  readonly vectors?: ChunkVectorStore | null;
  readonly embedder?: TextEmbedder | null;
  readonly sessions: SessionStore;
  readonly catalog: ReferenceCatalog;
  readonly model: LanguageModel;
  readonly tokenCounter: TokenCounter;
  readonly message: string;
  readonly sessionId?: string | null;
  /**
   * The id of an answer of the session to write again in place (Retry, regenerate): its question is
   * asked again as it was stored (`message` is not used), with the messages before it as history,
   * and the stored question and answer are overwritten rather than a turn added.
   */
  readonly retry?: string;
  /**
   * The id of the session's last question to replace with `message` (Edit and resend): it is
   * asked with the messages before it as history, and the stored question and its answer are
   * overwritten in place. {@link QuestionNotEditableError} when it is not the last question or its
   * answer's edits were applied.
   */
  readonly edit?: string;
  /** With no `sessionId`: the id to give the new session (a client's chat id), else a random one. */
  readonly newSessionId?: string;
  readonly workspaceId?: string;
  readonly userId?: string;
  /**
   * Who the turn is for, with their role: agent mode and every agent edit are checked against it
   * where they execute, and edits are recorded with it. Unset, the caller is trusted as the local
   * user (an admin with the id and name `userId`).
   */
  readonly actor?: Actor;
  readonly mode?: ChatMode;
  readonly currentPath?: string | null;
  readonly pinned?: readonly string[];
  /**
   * Permissions the user chose (in the UI) for referenced targets, by path, in agent mode; they
   * replace the ones inferred from verbs and are stored with the user message, so applying a
   * proposed edit later checks the same thing.
   */
  readonly permissions?: readonly PermissionOverride[];
  /** Store agent edits as proposals to apply later instead of writing them. */
  readonly dryRun?: boolean;
  /** Most model steps (each tool round trip is one). @default 8 */
  readonly maxSteps?: number;
  readonly contextWindow?: number;
  readonly answerReserve?: number;
  /** Earlier messages of the session sent at most, the newest. @default 10 */
  readonly historyMessages?: number;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: TurnEvent) => void;
  /**
   * One-line summaries beside references and in the referenced-documents list, e.g.
   * `DocumentSummaries.lookup(modelSummarizer(model))`. @default first paragraphs, cached in the store
   */
  readonly summaries?: SummaryLookup;
  /** Revises the lexical claim verdicts (e.g. `modelVerifier`); unset keeps them. */
  readonly verifier?: ClaimVerifier;
  /** Brings the index up to date after an edit wrote a file. */
  readonly reindex: () => Promise<void>;
  readonly now?: () => Date;
  readonly newId?: () => string;
}

/** What a turn produced: the stored messages, the context the model saw and any edits. */
export interface TurnResult {
  readonly session: Session;
  readonly user: ChatMessage;
  readonly assistant: ChatMessage;
  readonly context: AssembledContext;
  readonly sources: readonly ContextSource[];
  readonly edits: readonly EditRecord[];
}

/** The checked citations with the verifier's verdicts; on a verifier failure the lexical ones stand. */
async function verifyClaims(
  checked: NumberedCitations,
  verifier: ClaimVerifier | undefined,
  signal: AbortSignal | undefined,
): Promise<NumberedCitations> {
  if (!verifier || checked.claims.length === 0) return checked;
  try {
    const claims = await verifier.verify(checked.claims, checked.sources, signal);
    return {
      ...checked,
      claims,
      citations: citationsWithClaims(checked.citations, claims),
      claimSummary: summarizeClaims(claims),
    };
  } catch {
    return checked;
  }
}

/** The pages of every PDF among the sources, so a quote can name its page. */
async function pdfPages(
  store: DocumentStore,
  sources: readonly ContextSource[],
): Promise<Map<string, readonly Page[]>> {
  const pages = new Map<string, readonly Page[]>();
  for (const source of sources) {
    if (source.kind !== 'pdf' || pages.has(source.documentId)) continue;
    const doc = await store.getDocument(source.documentId);
    if (doc) pages.set(source.documentId, doc.pages);
  }
  return pages;
}

const titleOf = (message: string) => {
  const line =
    message
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? 'New chat';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

/** Whether a tool answered with an error; and, for a result no tool recorded, a line of it. */
const summarize = (output: unknown): { ok: boolean; summary: string } => {
  if (output && typeof output === 'object' && 'error' in output) {
    return { ok: false, summary: `failed: ${String((output as { error: unknown }).error)}` };
  }
  const text = JSON.stringify(output) ?? '';
  return { ok: true, summary: text.length > 160 ? `${text.slice(0, 159)}…` : text };
};

const isAbort = (error: unknown, signal?: AbortSignal) =>
  signal?.aborted === true ||
  (error instanceof Error && (error.name === 'AbortError' || error.name === 'ResponseAborted'));

/**
 * One chat turn: resolve and assemble (steps 1–2), run the model with tools until it answers or the
 * step limit (3), track what tools touched (4), number and check citations (5), and persist — the
 * user and assistant messages are written together before the model runs, the answer is saved as
 * it streams (`streaming`, a few hundred characters or half a second behind what was shown), and
 * it ends `complete`, `interrupted` (aborted, with the reason) or `failed` (model error), never
 * left as a gap (6).
 */
export async function runTurn(options: TurnOptions): Promise<TurnResult> {
  const {
    store,
    sessions,
    catalog,
    model,
    workspaceId = 'default',
    userId = 'local',
    mode = 'chat',
    maxSteps = 8,
    signal,
    onEvent,
  } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const actor: Actor = options.actor ?? { id: userId, name: userId, role: 'admin' };
  // Agent mode exists to edit: a viewer is refused before anything is stored.
  if (mode === 'agent') authorizeWrite(actor, 'agent_mode');

  // A client-chosen id for a new session may already exist (the client's second message): continue it.
  const existingId =
    options.sessionId ??
    (options.newSessionId && (await sessions.getSession(options.newSessionId))
      ? options.newSessionId
      : null);
  let session: Session | null = null;
  if (existingId) {
    session = await sessions.getSession(existingId);
    if (!session || session.workspaceId !== workspaceId || session.userId !== userId) {
      throw new SessionNotFoundError(existingId);
    }
  }
  const all = session ? await sessions.listMessages(session.id) : [];
  let retried = options.retry ? findRetriedTurn(all, options.retry) : null;
  if (options.retry && !retried) throw new AnswerNotFoundError(options.retry);
  if (options.edit) {
    if (!session) throw new QuestionNotEditableError(options.edit, 'not_found');
    retried = await editedTurnOf(sessions, session.id, options.edit);
  }
  // A retried turn sees the conversation as it was when its question was asked.
  const stored = retried ? retried.before : all;
  const message = retried && !options.edit ? retried.question.content : options.message;
  const history: HistoryMessage[] = stored
    .filter((m) => m.content.trim() !== '')
    .map((m) => ({ role: m.role, content: m.content }));

  const summaries = options.summaries ?? new DocumentSummaries({ cache: store }).lookup();
  const vectors = options.vectors ?? null;
  const embedder = options.embedder ?? null;
  const prepared = await prepareContext(store, catalog, message, {
    tokenCounter: options.tokenCounter,
    vectors,
    embedder,
    ...(signal && { signal }),
    currentPath: options.currentPath ?? null,
    mode,
    history,
    previousSources: previousAnswerSources(stored),
    ...(options.permissions && { permissions: options.permissions }),
    ...(options.pinned && { pinned: options.pinned }),
    ...(options.contextWindow && { contextWindow: options.contextWindow }),
    ...(options.answerReserve && { answerReserve: options.answerReserve }),
    ...(options.historyMessages !== undefined && { historyMessages: options.historyMessages }),
    summaries,
  });
  const { context, references } = prepared;
  if (!session) {
    // Created only once the context is ready, so a failure before this point leaves no empty session.
    const created = now().toISOString();
    session = await sessions.createSession({
      id: options.newSessionId ?? newId(),
      workspaceId,
      userId,
      title: titleOf(message),
      createdAt: created,
      updatedAt: created,
    });
  }

  const started = now().toISOString();
  const user: ChatMessage = {
    id: retried?.question.id ?? newId(),
    sessionId: session.id,
    role: 'user',
    content: message,
    status: 'complete',
    grounded: false,
    references,
    citations: [],
    invalidMarkers: [],
    claims: [],
    claimSummary: null,
    toolCalls: [],
    context: null,
    error: null,
    reason: null,
    createdAt: retried?.question.createdAt ?? started,
    updatedAt: started,
  };
  let assistant: ChatMessage = {
    ...user,
    id: retried?.answer.id ?? newId(),
    createdAt: retried?.answer.createdAt ?? started,
    role: 'assistant',
    content: '',
    status: 'streaming',
    references: [],
  };
  if (retried) await restartTurn(sessions, retried, user, assistant);
  else await sessions.appendTurn(user, assistant);
  // An edited first question renames a session still named after it.
  if (
    options.edit &&
    retried?.before.length === 0 &&
    session.title === titleOf(retried.question.content)
  )
    await sessions.renameSession(session.id, titleOf(message));
  let text = '';
  /** The text as shown (markers renumbered), which is what is saved while the answer streams. */
  let shownText = '';
  const toolCalls: ToolCallRecord[] = [];
  const streaming = assistant;
  const saver = new StreamSaver({
    save: (content) =>
      sessions.saveProgress({
        ...streaming,
        content,
        toolCalls: [...toolCalls],
        updatedAt: now().toISOString(),
      }),
  });
  let saved = false;
  try {
    onEvent?.({ type: 'start', sessionId: session.id, messageId: assistant.id });
    onEvent?.({ type: 'references', references });
    await recordResolutions(sessions, references, {
      sessionId: session.id,
      messageId: user.id,
      user: { id: actor.id, name: actor.name },
      createdAt: started,
      newId,
    });

    const registry = new SourceRegistry(context.sources);
    const tracker = new ReferenceTracker(references);
    const log = new ToolCallLog();
    const edits: EditRecord[] = [];
    const toolContext: ToolContext = {
      root: options.root,
      store,
      vectors,
      embedder,
      sessions,
      catalog,
      registry,
      tracker,
      log,
      references,
      mode,
      currentPath: options.currentPath ?? null,
      actor,
      dryRun: options.dryRun ?? false,
      sessionId: session.id,
      messageId: assistant.id,
      now,
      newId,
      onEdit: (edit) => {
        // A later preview may discard an earlier one of this turn: keep each edit once, as it is now.
        const at = edits.findIndex((e) => e.id === edit.id);
        if (at >= 0) edits[at] = edit;
        else edits.push(edit);
        onEvent?.({ type: 'edit', edit });
      },
      reindex: options.reindex,
    };
    const tools =
      mode === 'agent'
        ? { ...readTools(toolContext), ...editTools(toolContext) }
        : readTools(toolContext);
    const userTurn = context.preamble ? `${context.preamble}\n\n${message}` : message;
    const messages: ModelMessage[] = [
      ...context.history.map((m) => ({ role: m.role, content: m.content })),
      { role: 'user', content: userTurn },
    ];

    const inputs = new Map<string, { name: string; input: unknown }>();
    // Calls of one step run at once and finish in any order; they are stored in the order made.
    const callOrder = (id: string) => [...inputs.keys()].indexOf(id);
    const keep = (call: ToolCallRecord) => {
      toolCalls.push(call);
      toolCalls.sort((a, b) => callOrder(a.id) - callOrder(b.id));
    };
    const renumberer = new StreamRenumberer(() => registry.sources);
    let status: ChatMessage['status'] = 'complete';
    let error: string | null = null;
    try {
      const result = streamText({
        model,
        system: context.system,
        messages,
        tools,
        stopWhen: stepCountIs(maxSteps),
        ...(signal && { abortSignal: signal }),
      });
      for await (const part of result.fullStream) {
        switch (part.type) {
          case 'text-delta': {
            text += part.text;
            const shown = renumberer.push(part.text);
            if (shown) {
              shownText += shown;
              saver.update(shownText);
              onEvent?.({ type: 'text-delta', text: shown });
            }
            break;
          }
          case 'tool-call':
            inputs.set(part.toolCallId, { name: part.toolName, input: part.input });
            onEvent?.({
              type: 'tool-call',
              id: part.toolCallId,
              name: part.toolName,
              input: part.input,
            });
            break;
          case 'tool-result': {
            const { ok, summary: fallback } = summarize(part.output);
            const outcome = log.take(part.toolCallId);
            const summary = outcome?.summary ?? fallback;
            keep({
              id: part.toolCallId,
              name: part.toolName,
              input: part.input,
              ok,
              summary,
              documents: outcome?.documents ?? [],
            });
            onEvent?.({
              type: 'tool-result',
              id: part.toolCallId,
              name: part.toolName,
              ok,
              summary,
            });
            break;
          }
          case 'tool-error': {
            log.take(part.toolCallId);
            const summary = `failed: ${part.error instanceof Error ? part.error.message : String(part.error)}`;
            keep({
              id: part.toolCallId,
              name: part.toolName,
              input: part.input,
              ok: false,
              summary,
              documents: [],
            });
            onEvent?.({
              type: 'tool-result',
              id: part.toolCallId,
              name: part.toolName,
              ok: false,
              summary,
            });
            break;
          }
          case 'abort':
            status = 'interrupted';
            break;
          case 'error':
            throw part.error;
          default:
            break;
        }
      }
    } catch (caught) {
      status = isAbort(caught, signal) ? 'interrupted' : 'failed';
      if (status === 'failed') error = caught instanceof Error ? caught.message : String(caught);
    }
    if (signal?.aborted && status === 'complete') status = 'interrupted';
    const reason = status === 'interrupted' ? interruptReasonOf(signal) : null;
    if (reason) error = INTERRUPT_MESSAGES[reason];
    // No save of the streamed text may land after the final write below.
    await saver.finish();

    const rest = renumberer.flush();
    if (rest) onEvent?.({ type: 'text-delta', text: rest });
    const pages = await pdfPages(store, registry.sources);
    const checked = await verifyClaims(
      numberCitations(text, registry.sources, { pagesOf: (documentId) => pages.get(documentId) }),
      status === 'complete' ? options.verifier : undefined,
      signal,
    );
    assistant = {
      ...assistant,
      content: checked.text,
      status,
      error,
      reason,
      grounded: checked.grounded,
      references: await summarizeReferences(tracker.references, store, summaries),
      citations: checked.citations,
      invalidMarkers: checked.invalidMarkers,
      claims: checked.claims,
      claimSummary: checked.claimSummary,
      toolCalls,
      context: context.report,
      updatedAt: now().toISOString(),
    };
    await sessions.updateMessage(assistant);
    saved = true;
    onEvent?.({ type: 'finish', message: assistant, sources: checked.sources });
    return {
      session: { ...session, messageCount: session.messageCount + (retried ? 0 : 2) },
      user,
      assistant,
      context,
      sources: checked.sources,
      edits,
    };
  } finally {
    if (!saved) {
      // Whatever broke after the messages were written, the answer is marked, never left blank.
      await saver.finish();
      await sessions
        .updateMessage({
          ...assistant,
          content: text,
          toolCalls,
          status: 'failed',
          error: 'the turn failed before its answer was stored',
          reason: null,
          updatedAt: now().toISOString(),
        })
        .catch(() => undefined);
    }
  }
}
