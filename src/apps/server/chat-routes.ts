import {
  findEditedTurn,
  findRetriedTurn,
  QuestionNotEditableError,
  runTurn,
} from '../../chat/index.ts';
import {
  authorizeWrite,
  type PermissionOverride,
  previousAnswerSources,
  resolveReferences,
  type Session,
  suggestReferences,
} from '../../core/index.ts';
import {
  ChatBody,
  editJson,
  hasNoControlCharacters,
  MAX_MESSAGE_CHARS,
  messageJson,
  ResolveBody,
  referenceJson,
  SuggestQuery,
  UseChatBody,
} from '../../protocol/index.ts';
import type { RouteKit } from './create-server.ts';
import { HttpError, parseInput } from './http-error.ts';
import { requestedModel } from './model-routes.ts';
import { streamTurn } from './stream-turn.ts';
import { SuggestSnippets } from './suggest-snippets.ts';
import type { WorkspaceHandle } from './workspace-handle.ts';

/** A chat request in one shape, whichever body the client sent. */
interface ChatRequest {
  readonly sessionId: string | null;
  /** A client chat id (useChat) to use for a new session. */
  readonly chatId: string | null;
  readonly message: string;
  readonly mode: 'chat' | 'agent';
  readonly model: string | undefined;
  readonly currentPath: string | null;
  readonly pinned: readonly string[] | undefined;
  readonly permissions: readonly PermissionOverride[] | undefined;
  readonly dryRun: boolean;
  /** An answer of the session to write again in place (Retry), instead of a new turn. */
  readonly retry: string | null;
  /** The session's last question to replace with `message` (Edit and resend). */
  readonly edit: string | null;
}

/** Reads either Footnote's body or the AI SDK `useChat` body; only the last user message is taken. */
function readChatRequest(body: unknown): ChatRequest {
  const isUseChat = typeof body === 'object' && body !== null && 'messages' in body;
  if (isUseChat) {
    const parsed = parseInput(UseChatBody, body, 'body');
    const last = [...parsed.messages].reverse().find((m) => m.role === 'user');
    const text = last?.parts
      .filter((p) => p.type === 'text')
      .map((p) => p.text ?? '')
      .join('');
    if (!text?.trim())
      throw new HttpError(
        400,
        'invalid_request',
        'body messages: the last user message has no text',
        { field: 'messages' },
      );
    if (!hasNoControlCharacters(text))
      throw new HttpError(
        400,
        'invalid_request',
        'body messages: the last user message has a control character (other than tabs and line breaks)',
        { field: 'messages' },
      );
    return {
      sessionId: null,
      chatId: parsed.id,
      message: text,
      mode: parsed.mode ?? 'chat',
      model: parsed.model,
      currentPath: parsed.currentPath ?? null,
      pinned: parsed.pinned,
      permissions: parsed.permissions,
      dryRun: parsed.dryRun ?? false,
      // The AI SDK's regenerate(): `trigger` says so, `messageId` names the answer.
      retry: parsed.trigger === 'regenerate-message' ? (parsed.messageId ?? null) : null,
      // The AI SDK's sendMessage({ text, messageId }): the user message it replaces.
      edit: parsed.trigger === 'submit-message' ? (parsed.messageId ?? null) : null,
    };
  }
  const parsed = parseInput(ChatBody, body, 'body');
  return {
    sessionId: parsed.sessionId ?? null,
    chatId: null,
    message: parsed.message,
    mode: parsed.mode ?? 'chat',
    model: parsed.model,
    currentPath: parsed.currentPath ?? null,
    pinned: parsed.pinned,
    permissions: parsed.permissions,
    dryRun: parsed.dryRun ?? false,
    retry: parsed.retry ?? null,
    edit: parsed.edit ?? null,
  };
}

/**
 * The session with this id when it belongs to this user in this workspace; any other id — unknown,
 * another user's, another workspace's — is answered alike, as not found.
 */
async function ownSession(ws: WorkspaceHandle, userId: string, id: string): Promise<Session> {
  const session = await ws.sessions.getSession(id);
  if (!session || session.userId !== userId || session.workspaceId !== ws.id)
    throw new HttpError(404, 'not_found', `session ${id} not found`);
  return session;
}

/** Chat (JSON or streamed), reference resolution and autocomplete. */
export function registerChatRoutes(kit: RouteKit): void {
  const { options } = kit;
  const limiter = kit.turnLimiter;

  kit.route('POST', '/api/workspaces/:workspaceId/chat', async (request, reply) => {
    const ws = kit.workspace(request);
    const chat = readChatRequest(request.body);
    if (chat.message.length > MAX_MESSAGE_CHARS) {
      throw new HttpError(
        413,
        'too_large',
        `body message: ${chat.message.length} characters; the limit is ${MAX_MESSAGE_CHARS}`,
        { field: 'message' },
      );
    }
    const user = request.footnoteUser;
    // Agent mode edits documents: a viewer (read and chat only) is refused up front, with
    // 403 forbidden_role; the engine and every edit tool check the role again where they write.
    if (chat.mode === 'agent') authorizeWrite(user, 'agent_mode');
    let sessionId = chat.sessionId;
    let newSessionId: string | undefined;
    if (chat.chatId) {
      const existing = await ws.sessions.getSession(chat.chatId);
      if (existing && (existing.userId !== user.id || existing.workspaceId !== ws.id))
        throw new HttpError(404, 'not_found', `session ${chat.chatId} not found`);
      if (existing) sessionId = existing.id;
      else newSessionId = chat.chatId;
    }
    if (sessionId) await ownSession(ws, user.id, sessionId);
    if (chat.retry !== null) {
      // Only an answer of this user's existing session can be written again.
      const messages = sessionId ? await ws.sessions.listMessages(sessionId) : [];
      if (!findRetriedTurn(messages, chat.retry))
        throw new HttpError(404, 'not_found', `answer ${chat.retry} not found in this session`, {
          field: 'messageId',
        });
    }
    if (chat.edit !== null) {
      // Checked before anything is stored, so a question that cannot be edited stays as it was.
      const [messages, edits] = sessionId
        ? await Promise.all([
            ws.sessions.listMessages(sessionId),
            ws.sessions.listProposedEdits(sessionId),
          ])
        : [[], []];
      const found = findEditedTurn(messages, chat.edit, edits);
      if (found === 'not_found')
        throw new HttpError(404, 'not_found', `question ${chat.edit} not found in this session`, {
          field: 'edit',
        });
      if (typeof found === 'string')
        throw new HttpError(
          409,
          'question_not_editable',
          QuestionNotEditableError.explain(chat.edit, found),
          { field: 'edit' },
        );
    }
    const allowed = (await limiter?.take(user.id)) ?? { ok: true };
    if (!allowed.ok) {
      throw new HttpError(
        429,
        'rate_limited',
        `too many chat turns; try again in ${allowed.retryAfterSeconds} s`,
        {
          headers: { 'retry-after': String(allowed.retryAfterSeconds) },
        },
      );
    }
    const model = options.model(requestedModel(options, chat.model));
    const controller = new AbortController();
    const lockKey = sessionId ?? newSessionId ?? `new:${Math.random()}`;
    const turn = (onEvent?: Parameters<typeof runTurn>[0]['onEvent']) => {
      const running = ws.serialize(lockKey, async () =>
        runTurn({
          root: ws.root,
          store: ws.store,
          vectors: ws.vectors,
          embedder: ws.embedder,
          sessions: ws.sessions,
          catalog: await ws.catalog(),
          model,
          tokenCounter: options.tokenCounter,
          message: chat.message,
          ...(chat.retry !== null && { retry: chat.retry }),
          ...(chat.edit !== null && { edit: chat.edit }),
          sessionId,
          ...(newSessionId && { newSessionId }),
          workspaceId: ws.id,
          userId: user.id,
          actor: user,
          mode: chat.mode,
          currentPath: chat.currentPath,
          ...(chat.pinned && { pinned: chat.pinned }),
          ...(chat.permissions && { permissions: chat.permissions }),
          dryRun: chat.dryRun,
          maxSteps: options.maxSteps ?? 8,
          ...(options.historyMessages !== undefined && {
            historyMessages: options.historyMessages,
          }),
          summaries: ws.summaries.lookup(options.summarizer?.(model)),
          signal: controller.signal,
          reindex: () => ws.reindex(),
          ...(onEvent && { onEvent }),
        }),
      );
      kit.track(controller, running);
      return running;
    };

    const wantsStream =
      (request.headers.accept ?? '').includes('text/event-stream') || chat.chatId !== null;
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    if (!wantsStream) {
      const result = await turn();
      return {
        sessionId: result.session.id,
        message: messageJson(result.assistant),
        context: result.context.report,
        edits: result.edits.map(editJson),
      };
    }
    const stream = streamTurn((onEvent) => turn(onEvent));
    reply.hijack();
    const { pipeUIMessageStreamToResponse } = await import('ai');
    pipeUIMessageStreamToResponse({ response: reply.raw, stream });
    return reply;
  });

  kit.route('POST', '/api/workspaces/:workspaceId/references/resolve', async (request) => {
    const ws = kit.workspace(request);
    const body = parseInput(ResolveBody, request.body, 'body');
    // `[n]` names a source of the session's previous answer; without a session there is none.
    const session = body.sessionId
      ? await ownSession(ws, request.footnoteUser.id, body.sessionId)
      : null;
    const previousSources = session
      ? previousAnswerSources(await ws.sessions.listMessages(session.id))
      : null;
    const references = resolveReferences(body.message, await ws.catalog(), {
      currentPath: body.currentPath ?? null,
      mode: body.mode ?? 'chat',
      previousSources,
    });
    return { references: references.map(referenceJson) };
  });

  // Per workspace, so each keeps its own cache of first paragraphs.
  const snippets = new WeakMap<WorkspaceHandle, SuggestSnippets>();
  kit.route('GET', '/api/workspaces/:workspaceId/suggest', async (request) => {
    const ws = kit.workspace(request);
    const query = parseInput(SuggestQuery, request.query, 'query');
    let snippetsOf = snippets.get(ws);
    if (!snippetsOf) {
      snippetsOf = new SuggestSnippets(ws.store);
      snippets.set(ws, snippetsOf);
    }
    const groups = suggestReferences(query.q, query.trigger, await ws.catalog(), {
      limit: query.limit,
    });
    return { groups: await snippetsOf.add(groups) };
  });
}
