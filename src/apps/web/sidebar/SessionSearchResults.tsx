import type { ReactNode } from 'react';
import { readableTitle } from '../../../core/display-text.ts';
import type { SessionMatch } from '../api/types.ts';
import { highlightLabel } from '../composer/highlight-match.ts';
import { fullDate, relativeTime } from './relative-time.ts';
import type { SessionSearchState } from './use-session-search.ts';

/** `text` with the given ranges in `<mark>`. */
function marked(text: string, ranges: readonly { start: number; end: number }[]): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of [...ranges].sort((a, b) => a.start - b.start)) {
    if (start < at || end > text.length) continue;
    if (start > at) out.push(text.slice(at, start));
    out.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/**
 * Conversations whose title or messages contain the searched words: the title and the matching
 * message around them, the words marked; a click opens the conversation at that message.
 */
export function SessionSearchResults({
  search,
  now,
  currentSessionId,
  onOpen,
}: {
  search: SessionSearchState;
  now: Date;
  currentSessionId: string | null;
  onOpen: (sessionId: string, messageId: string | null) => void;
}) {
  const { query, results, loading, problem } = search;
  if (problem) return null;
  if (query === null) return <p className="sidebar-status">Searching…</p>;
  return (
    <>
      <p className="sidebar-status" aria-live="polite">
        {results.length === 0
          ? `No conversation mentions “${query}”.`
          : `${results.length === 1 ? '1 conversation' : `${results.length} conversations`}`}
        {loading && <span className="visually-hidden"> (updating)</span>}
      </p>
      {results.length > 0 && (
        <ul className="session-list search-hits" aria-label={`Conversations mentioning ${query}`}>
          {results.map((hit) => (
            <SearchHit
              key={hit.id}
              hit={hit}
              query={query}
              now={now}
              current={hit.id === currentSessionId}
              onOpen={onOpen}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function SearchHit({
  hit,
  query,
  now,
  current,
  onOpen,
}: {
  hit: SessionMatch;
  query: string;
  now: Date;
  current: boolean;
  onOpen: (sessionId: string, messageId: string | null) => void;
}) {
  const title = readableTitle(hit.title) || 'Untitled conversation';
  const when = hit.lastMessageAt ?? hit.createdAt;
  const { match } = hit;
  return (
    <li className={`search-hit${current ? ' current' : ''}`}>
      <button
        type="button"
        className="search-hit-open"
        aria-current={current ? 'page' : undefined}
        onClick={() => onOpen(hit.id, match.messageId)}
      >
        <span className="search-hit-title">
          {highlightLabel(title, query).map((part, i) =>
            part.match ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
              <mark key={i}>{part.text}</mark>
            ) : (
              part.text
            ),
          )}
        </span>
        {match.snippet && (
          <span className="search-hit-snippet">
            <span className="search-hit-role">{match.role === 'user' ? 'You: ' : 'Answer: '}</span>
            {marked(match.snippet, match.highlights)}
          </span>
        )}
        <span className="search-hit-meta">
          <time dateTime={when} title={fullDate(when)}>
            {relativeTime(when, now)}
          </time>
          {match.messages > 1 && ` · ${match.messages} messages`}
        </span>
      </button>
    </li>
  );
}
