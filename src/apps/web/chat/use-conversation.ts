import { readUIMessageStream, type UIMessage } from 'ai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, type WorkspaceApi } from '../api/client.ts';
import type { EditJson, TurnOptions } from '../api/types.ts';
import { type ViewMessage, viewOfStored, viewOfStreamed } from './view-message.ts';

const newId = () => crypto.randomUUID();

/** How often, and how far apart, a stopped turn's stored copy is read until it has caught up. */
const SETTLE_ATTEMPTS = 8;
const SETTLE_PAUSE_MS = 150;

/** The user message shown at once, before the server has stored it. */
const localUserMessage = (text: string): ViewMessage => ({
  id: `local-${newId()}`,
  role: 'user',
  content: text,
  status: 'complete',
  references: [],
  citations: [],
  invalidMarkers: [],
  claims: [],
  claimSummary: null,
  grounded: false,
  tools: [],
  edits: [],
  error: null,
  reason: null,
  createdAt: new Date().toISOString(),
});

const failedAnswer = (id: string, error: string, partial?: ViewMessage): ViewMessage => ({
  ...(partial ?? localUserMessage('')),
  id,
  role: 'assistant',
  status: partial?.content ? 'interrupted' : 'failed',
  error,
});

/**
 * How a stored turn was asked, for a retry after a reload: references granted write or insert
 * exist only in agent mode (whose edits the web UI always previews), with those permissions.
 */
export function optionsOf(question: ViewMessage): TurnOptions {
  const granted = question.references.filter(
    (r) => r.origin === 'user' && r.target && r.permission !== 'read',
  );
  if (granted.length === 0) return { mode: 'chat' };
  return {
    mode: 'agent',
    dryRun: true,
    permissions: granted.map((r) => ({ path: r.target?.path ?? '', permission: r.permission })),
  };
}

/** What one conversation looks like to the UI, and what it can do. */
export interface Conversation {
  readonly sessionId: string;
  /** Whether the session exists on the server (it does once a turn has started). */
  readonly stored: boolean;
  readonly title: string | null;
  readonly messages: readonly ViewMessage[];
  readonly busy: boolean;
  readonly loading: boolean;
  readonly error: string | null;
  send(text: string, options: TurnOptions): Promise<void>;
  /**
   * Writes the answer `answerId` again in place, asking its question as stored; `override` changes
   * how (the model picked now).
   */
  retry(answerId: string, override?: Partial<TurnOptions>): Promise<void>;
  /**
   * Replaces the last question (`questionId`, answered by `answerId`) with `text` and asks it
   * again: both are written again in place, no turn is added. False when the server refused it
   * (the stored question is shown again as it was).
   */
  edit(questionId: string, answerId: string, text: string, options: TurnOptions): Promise<boolean>;
  stop(): void;
  open(sessionId: string): Promise<void>;
  startNew(): void;
  /** Reads the stored session again (after a rename elsewhere, say). */
  refresh(): Promise<void>;
  /** Replaces an edit after Apply / Discard / Undo. */
  updateEdit(edit: EditJson): void;
}

/**
 * One chat session: loads it, sends turns and follows the streamed answer, then re-reads the stored
 * session so what is shown is exactly what a reload shows.
 */
export function useConversation(
  api: WorkspaceApi,
  initialSessionId: string | null,
  onChanged: (sessionId: string) => void,
): Conversation {
  const [sessionId, setSessionId] = useState(() => initialSessionId ?? newId());
  const [stored, setStored] = useState(initialSessionId !== null);
  const [title, setTitle] = useState<string | null>(null);
  const [messages, setMessages] = useState<readonly ViewMessage[]>([]);
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState(initialSessionId !== null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const lastOptions = useRef(new Map<string, TurnOptions>());
  const current = useRef(sessionId);
  current.current = sessionId;

  const reload = useCallback(
    async (id: string, streamedChars = 0, answerId: string | null = null) => {
      let detail = await api.loadSession(id);
      // A stopped answer is stored by the server a moment after the stream ends; until then the
      // stored copy is still `streaming` and may be shorter than what was shown, so ask again
      // briefly rather than lose text.
      for (let attempt = 0; attempt < SETTLE_ATTEMPTS && streamedChars > 0; attempt++) {
        const answer =
          detail.messages.find((m) => m.id === answerId) ??
          detail.messages.findLast((m) => m.role === 'assistant');
        if (!answer || (answer.status !== 'streaming' && answer.content.length >= streamedChars))
          break;
        await new Promise((done) => setTimeout(done, SETTLE_PAUSE_MS));
        detail = await api.loadSession(id);
      }
      if (current.current !== id) return;
      setTitle(detail.session.title);
      setMessages(detail.messages.map((m) => viewOfStored(m, detail.edits)));
      setStored(true);
    },
    [api],
  );

  const open = useCallback(
    async (id: string) => {
      controller.current?.abort();
      current.current = id;
      setSessionId(id);
      setMessages([]);
      setTitle(null);
      setError(null);
      setLoading(true);
      try {
        await reload(id);
      } catch (cause) {
        setError(
          cause instanceof ApiError && cause.status === 404
            ? 'This session no longer exists.'
            : `Could not load the session: ${(cause as Error).message}`,
        );
      } finally {
        setLoading(false);
      }
    },
    [reload],
  );

  const [initial] = useState(initialSessionId);
  useEffect(() => {
    // Only the session named when the page loaded is opened here; later ones through `open`.
    if (initial) void open(initial);
  }, [initial, open]);

  const startNew = useCallback(() => {
    controller.current?.abort();
    const id = newId();
    current.current = id;
    setSessionId(id);
    setStored(false);
    setTitle(null);
    setMessages([]);
    setError(null);
  }, []);

  /**
   * Runs one turn and follows its stream: a new question (a user bubble and an answer added at
   * once), or with `retryOf` an answer written again in place (the server's regenerate: no new
   * bubble, the old answer's text, error and banner cleared as it starts); with `editOf` too, its
   * question's text is replaced by `text` first (Edit and resend).
   */
  const run = useCallback(
    async (
      text: string,
      options: TurnOptions,
      retryOf: string | null,
      editOf: string | null = null,
    ): Promise<boolean> => {
      if (busy) return false;
      const id = current.current;
      const user = retryOf ? null : localUserMessage(text);
      const answerId = retryOf ?? `pending-${newId()}`;
      lastOptions.current.set(text, options);
      setMessages((list) =>
        user
          ? [...list, user, { ...failedAnswer(answerId, ''), status: 'streaming' }]
          : list.map((m) =>
              m.id === answerId
                ? { ...failedAnswer(answerId, ''), createdAt: m.createdAt, status: 'streaming' }
                : m.id === editOf
                  ? { ...m, content: text, references: [] }
                  : m,
            ),
      );
      setBusy(true);
      setError(null);
      const abort = new AbortController();
      controller.current = abort;
      let last: UIMessage | null = null;
      let failure: string | null = null;
      let accepted = false;
      try {
        const stream = await api.chat(
          id,
          { id: newId(), role: 'user', parts: [{ type: 'text', text }] },
          options,
          abort.signal,
          editOf ? null : retryOf,
          editOf,
        );
        accepted = true;
        setStored(true);
        onChanged(id);
        for await (const snapshot of readUIMessageStream({
          stream,
          onError: (cause) => {
            failure = (cause as Error).message;
          },
        })) {
          last = snapshot;
          const view = viewOfStreamed(snapshot, false);
          setMessages((list) =>
            list.map((m) =>
              m.id === (user?.id ?? editOf)
                ? { ...m, references: view.references }
                : m.id === answerId
                  ? { ...view, id: answerId, createdAt: m.createdAt, references: [] }
                  : m,
            ),
          );
        }
      } catch (cause) {
        failure = abort.signal.aborted
          ? 'Stopped.'
          : cause instanceof ApiError
            ? cause.message
            : `The answer could not be received: ${(cause as Error).message}`;
      } finally {
        controller.current = null;
        setBusy(false);
      }
      if (current.current !== id) return accepted;
      try {
        // The stored session is the truth: ids, statuses, references and edits as a reload shows them.
        await reload(
          id,
          abort.signal.aborted && last ? viewOfStreamed(last, true).content.length : 0,
          retryOf,
        );
      } catch {
        const partial = last ? viewOfStreamed(last, true) : undefined;
        setMessages((list) =>
          list.map((m) =>
            m.id === answerId ? failedAnswer(answerId, failure ?? 'The turn failed.', partial) : m,
          ),
        );
      }
      // A stop the user asked for is not an error: the answer itself says it was stopped.
      if (failure && !abort.signal.aborted) setError(failure);
      return accepted;
    },
    [api, busy, onChanged, reload],
  );

  const send = useCallback(
    async (text: string, options: TurnOptions) => {
      await run(text, options, null);
    },
    [run],
  );

  const retry = useCallback(
    async (answerId: string, override: Partial<TurnOptions> = {}) => {
      const at = messages.findIndex((m) => m.id === answerId);
      const question = messages[at - 1];
      if (question?.role !== 'user') return;
      const options = {
        ...(lastOptions.current.get(question.content) ?? optionsOf(question)),
        ...override,
      };
      // An answer the server never stored under this id (its reload failed) is asked anew.
      const stored = !answerId.startsWith('pending-') && !answerId.startsWith('local-');
      await run(question.content, options, stored ? answerId : null);
    },
    [messages, run],
  );

  const edit = useCallback(
    async (questionId: string, answerId: string, text: string, options: TurnOptions) =>
      run(text, options, answerId, questionId),
    [run],
  );

  const updateEdit = useCallback((edit: EditJson) => {
    setMessages((list) =>
      list.map((m) =>
        m.edits.some((e) => e.id === edit.id)
          ? { ...m, edits: m.edits.map((e) => (e.id === edit.id ? edit : e)) }
          : m,
      ),
    );
  }, []);

  return {
    sessionId,
    stored,
    title,
    messages,
    busy,
    loading,
    error,
    send,
    retry,
    edit,
    stop: () => controller.current?.abort(),
    open,
    startNew,
    refresh: async () => {
      if (stored && !busy) await reload(sessionId).catch(() => undefined);
    },
    updateEdit,
  };
}
