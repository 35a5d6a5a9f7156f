import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { WorkspaceApi } from '../api/client.ts';
import type { EditJson } from '../api/types.ts';
import { editableTurn } from '../chat/editable-question.ts';
import type { ViewMessage } from '../chat/view-message.ts';
import type { ViewerTarget } from '../viewer/viewer-target.ts';
import { AssistantMessage } from './AssistantMessage.tsx';
import { UserMessage } from './UserMessage.tsx';
import './messages.css';

/** Within this many pixels of the bottom counts as "at the bottom": the list keeps following. */
const STICK_THRESHOLD_PX = 48;

const EXAMPLE_PROMPTS = [
  'What does [[Solar Pump Project#Risks]] say about silt?',
  'Who does @Alice mentor, and what is she working on?',
  'Summarize @field-trial-lessons and cite the sources.',
];

/**
 * The conversation: user messages with their references, streamed answers with citations, tools,
 * edits and sources. Follows the newest text while it streams unless the reader scrolled up.
 */
export function MessageList({
  api,
  sessionId,
  messages,
  loading,
  onOpenSource,
  onRetry,
  onEditChanged,
  onUseExample,
  focusMessageId = null,
  onFocused,
  onEditQuestion,
  editingId = null,
}: {
  api: WorkspaceApi;
  sessionId: string;
  messages: readonly ViewMessage[];
  loading: boolean;
  onOpenSource: (target: ViewerTarget) => void;
  onRetry: (answerId: string) => void;
  onEditChanged: (edit: EditJson) => void;
  /** Puts an example prompt of the welcome in the message box. */
  onUseExample?: (prompt: string) => void;
  /** A message to scroll to and mark once it is shown (a conversation search found it). */
  focusMessageId?: string | null;
  /** Told when the message to focus has been shown. */
  onFocused?: () => void;
  /** Puts the last question in the message box to edit and send again (offered when it can be). */
  onEditQuestion?: (questionId: string, answerId: string, text: string) => void;
  /** The question being edited in the message box, marked as such. */
  editingId?: string | null;
}) {
  const editable = onEditQuestion ? editableTurn(messages) : null;
  const { listRef, atBottom, onScroll, jumpToLatest } = useFollowLatest(
    sessionId,
    messages,
    focusMessageId,
    onFocused,
  );

  return (
    <div className="message-list-frame">
      <div
        ref={listRef}
        className="message-list"
        role="log"
        aria-label="Messages"
        aria-live="polite"
        aria-busy={loading}
        onScroll={onScroll}
      >
        <div className="message-column">
          {loading && messages.length === 0 ? (
            <p className="messages-loading">Loading the conversation…</p>
          ) : messages.length === 0 ? (
            <Welcome onUseExample={onUseExample} />
          ) : (
            messages.map((message, i) =>
              message.role === 'user' ? (
                <UserMessage
                  key={message.id}
                  message={message}
                  onOpenSource={onOpenSource}
                  editing={message.id === editingId}
                  onEdit={
                    editable && editable.question.id === message.id && message.id !== editingId
                      ? () => onEditQuestion?.(message.id, editable.answer.id, message.content)
                      : undefined
                  }
                />
              ) : (
                <AssistantMessage
                  key={message.id}
                  api={api}
                  sessionId={sessionId}
                  message={message}
                  question={previousUserMessage(messages, i)}
                  onOpenSource={onOpenSource}
                  onRetry={onRetry}
                  onEditChanged={onEditChanged}
                />
              ),
            )
          )}
        </div>
      </div>
      {!atBottom && messages.length > 0 && (
        <button type="button" className="jump-to-latest" onClick={jumpToLatest}>
          Jump to latest <span aria-hidden="true">↓</span>
        </button>
      )}
    </div>
  );
}

function previousUserMessage(messages: readonly ViewMessage[], index: number): ViewMessage | null {
  for (let i = index - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'user') return message;
  }
  return null;
}

/**
 * Keeps the list scrolled to the bottom as messages grow, until the reader scrolls up; a new
 * question or another session follows again.
 */
function useFollowLatest(
  sessionId: string,
  messages: readonly ViewMessage[],
  focusMessageId: string | null = null,
  onFocused?: () => void,
) {
  const listRef = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const [atBottom, setAtBottom] = useState(true);
  const lastQuestions = useRef(0);

  const scrollToBottom = useCallback(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, []);

  const lastSession = useRef(sessionId);

  useLayoutEffect(() => {
    // Counted, not compared by id: the stored session replaces the local ids after each turn.
    const questions = messages.filter((m) => m.role === 'user').length;
    if (questions !== lastQuestions.current || sessionId !== lastSession.current) {
      // The reader just asked something, or opened a session: follow the newest answer.
      lastQuestions.current = questions;
      lastSession.current = sessionId;
      follow.current = true;
      setAtBottom(true);
    }
    // A message a search found: shown in the middle, marked, focused; the list stops following.
    const at = focusMessageId ? messages.findIndex((m) => m.id === focusMessageId) : -1;
    const found = listRef.current?.querySelector('.message-column')?.children[at];
    if (found instanceof HTMLElement) {
      follow.current = false;
      setAtBottom(false);
      found.tabIndex = -1;
      found.classList.remove('message-found');
      void found.offsetWidth;
      found.classList.add('message-found');
      found.scrollIntoView({ block: 'center' });
      found.focus({ preventScroll: true });
      onFocused?.();
      return;
    }
    if (follow.current) scrollToBottom();
  }, [messages, sessionId, scrollToBottom, focusMessageId, onFocused]);

  const onScroll = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const near = list.scrollHeight - list.scrollTop - list.clientHeight <= STICK_THRESHOLD_PX;
    follow.current = near;
    setAtBottom(near);
  }, []);

  const jumpToLatest = useCallback(() => {
    follow.current = true;
    setAtBottom(true);
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, []);

  return { listRef, atBottom, onScroll, jumpToLatest };
}

/** What a new conversation shows: how references work, and example prompts to start from. */
function Welcome({ onUseExample }: { onUseExample?: (prompt: string) => void }) {
  return (
    <div className="welcome">
      <h2>Ask about your workspace</h2>
      <p>
        Name documents in your question with <code>[[Note]]</code> or <code>@name</code> — they go
        to the model in full — and every answer cites the passages it used.
      </p>
      <p className="welcome-try">For example:</p>
      <ul className="welcome-examples">
        {EXAMPLE_PROMPTS.map((prompt) => (
          <li key={prompt}>
            {onUseExample ? (
              <button
                type="button"
                className="welcome-example"
                title="Put this in the message box"
                onClick={() => onUseExample(prompt)}
              >
                {prompt}
              </button>
            ) : (
              prompt
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
