import { createContext, memo, useContext, useMemo } from 'react';
import type { Components } from 'react-markdown';
import type { WorkspaceApi } from '../api/client.ts';
import type { CitationJson, ClaimJson, EditJson } from '../api/types.ts';
import type { ViewMessage } from '../chat/view-message.ts';
import { Markdown } from '../markdown/Markdown.tsx';
import type { ViewerTarget } from '../viewer/viewer-target.ts';
import { CitationBadge } from './CitationBadge.tsx';
import { ContextPanel } from './ContextPanel.tsx';
import { CopyButton } from './CopyButton.tsx';
import { EditCard } from './EditCard.tsx';
import { supportOfMarker } from './marker-support.ts';
import { isReadOnlyEditRequest } from './read-only-request.ts';
import { BADGE_ELEMENT, remarkCitations } from './remark-citations.ts';
import { SourceCards } from './SourceCards.tsx';
import { SourcesFooter } from './SourcesFooter.tsx';
import { ToolActivityList } from './ToolActivityList.tsx';
import { MessageTime } from './UserMessage.tsx';

/** Ids the client made up before the server stored the turn; the server knows nothing of them. */
const isLocalId = (id: string) => id.startsWith('pending-') || id.startsWith('local-');

/**
 * One answer: tool activity, the Markdown text with citation badges, agent edits, its status,
 * the sources footer and the answer's actions (copy, what the model saw).
 */
export function AssistantMessage({
  api,
  sessionId,
  message,
  question,
  onOpenSource,
  onRetry,
  onEditChanged,
}: {
  api: WorkspaceApi;
  sessionId: string;
  message: ViewMessage;
  /** The user message this answers, for "Your references". */
  question: ViewMessage | null;
  onOpenSource: (target: ViewerTarget) => void;
  onRetry: (answerId: string) => void;
  onEditChanged: (edit: EditJson) => void;
}) {
  const streaming = message.status === 'streaming';
  const stopped = message.status === 'failed' || message.status === 'interrupted';
  const toolReferences = message.references.filter((r) => r.origin === 'tool');
  const userReferences = question?.references.filter((r) => r.origin === 'user') ?? [];
  // A failed or stopped turn with no text has no answer to ground: no footer for it.
  const showFooter =
    !streaming &&
    (Boolean(message.content) || (message.status === 'complete' && message.citations.length > 0));

  return (
    <article
      className={`message message-assistant${streaming ? ' streaming' : ''}`}
      data-role="assistant"
      data-status={message.status}
      data-message-id={message.id}
      aria-busy={streaming}
    >
      <h2 className="visually-hidden">Answer</h2>
      <ToolActivityList tools={message.tools} streaming={streaming} />
      <SourceCards citations={message.citations} onOpenSource={onOpenSource} />
      {message.content ? (
        <AnswerText
          content={message.content}
          citations={message.citations}
          claims={message.claims}
          invalidMarkers={message.invalidMarkers}
          streaming={streaming}
          onOpenSource={onOpenSource}
        />
      ) : (
        streaming && (
          <p className="thinking">
            {message.tools.length > 0 ? 'Working' : 'Thinking'}
            <span className="caret" aria-hidden="true" />
          </p>
        )
      )}
      {message.edits.map((edit) => (
        <EditCard
          key={edit.id}
          api={api}
          edit={edit}
          onEditChanged={onEditChanged}
          onOpenDocument={(e) =>
            onOpenSource({
              documentId: e.documentId,
              path: e.path,
              title: e.path,
              kind: 'note',
              label: 'Edited by the agent',
            })
          }
        />
      ))}
      {!streaming && isReadOnlyEditRequest(question, message) && (
        <p className="read-only-hint" role="note">
          Chat mode is read-only, so nothing was changed. To have this edit proposed, switch to{' '}
          <strong>Agent</strong> under the message box and send it again.
        </p>
      )}
      {stopped && (
        <div className={`answer-status status-${message.status}`}>
          <span className="answer-status-text">
            {message.status === 'failed'
              ? `This answer failed: ${message.error ?? 'the model call did not succeed.'}`
              : message.reason === 'server_stopped'
                ? 'The server stopped before this answer finished'
                : 'Stopped before it finished'}
            {message.status === 'interrupted' &&
              message.reason === null &&
              message.error &&
              message.error !== 'Stopped.' && (
                <span className="answer-status-detail"> — {message.error}</span>
              )}
            {message.content && message.status === 'interrupted' && (
              <span className="answer-status-partial">
                . The text above is only part of the answer.
              </span>
            )}
          </span>
          <button type="button" onClick={() => onRetry(message.id)}>
            Retry
          </button>
        </div>
      )}
      {showFooter && (
        <SourcesFooter
          citations={message.citations}
          grounded={message.grounded}
          claimSummary={message.claimSummary}
          claims={message.claims}
          partial={stopped}
          userReferences={userReferences}
          toolReferences={toolReferences}
          onOpenSource={onOpenSource}
        />
      )}
      {!streaming && (
        <div className="answer-actions">
          <MessageTime iso={message.createdAt} />
          {message.content && <CopyButton text={message.content} />}
          {!isLocalId(message.id) && (
            <ContextPanel api={api} sessionId={sessionId} messageId={message.id} />
          )}
        </div>
      )}
    </article>
  );
}

/** What the badges of one answer need: its sources by number, its claims and how to open one. */
interface BadgeContext {
  readonly byNumber: ReadonlyMap<number, CitationJson>;
  readonly claims: readonly ClaimJson[];
  readonly onOpenSource: (target: ViewerTarget) => void;
}

const Badges = createContext<BadgeContext>({
  byNumber: new Map(),
  claims: [],
  onOpenSource: () => {},
});

/** Renders a `cite-badge` element of the remark plugin: a badge, or a pending number while streaming. */
function Badge({ node }: { node?: { properties?: Record<string, unknown> } }) {
  const { byNumber, claims, onOpenSource } = useContext(Badges);
  const n = Number(node?.properties?.dataN);
  const citation = byNumber.get(n);
  if (!citation || node?.properties?.dataPending)
    return (
      <span className="citation-pending" title={`Source ${n}`}>
        {n}
      </span>
    );
  const claim = node?.properties?.dataClaim;
  const at = Number(node?.properties?.dataAt ?? Number.NaN);
  return (
    <CitationBadge
      citation={citation}
      claim={typeof claim === 'string' ? claim : null}
      support={supportOfMarker(citation, claims, Number.isFinite(at) ? at : null)}
      onOpenSource={onOpenSource}
    />
  );
}

const BADGE_COMPONENTS = { [BADGE_ELEMENT]: Badge } as unknown as Components;

/** The answer's Markdown with markers as badges; re-rendered only when its inputs change. */
const AnswerText = memo(function AnswerText({
  content,
  citations,
  claims,
  invalidMarkers,
  streaming,
  onOpenSource,
}: {
  content: string;
  citations: readonly CitationJson[];
  claims: readonly ClaimJson[];
  invalidMarkers: ViewMessage['invalidMarkers'];
  streaming: boolean;
  onOpenSource: (target: ViewerTarget) => void;
}) {
  const remarkPlugins = useMemo(
    () => [[remarkCitations, { citations, invalidMarkers, pending: streaming }] as const],
    [citations, invalidMarkers, streaming],
  );
  const badges = useMemo(
    () => ({ byNumber: new Map(citations.map((c) => [c.n, c])), claims, onOpenSource }),
    [citations, claims, onOpenSource],
  );
  return (
    <Badges.Provider value={badges}>
      <Markdown
        className="answer-text"
        text={content}
        remarkPlugins={remarkPlugins as never}
        components={BADGE_COMPONENTS}
      />
    </Badges.Provider>
  );
});
