import { useEffect, useId, useMemo, useState } from 'react';
import { errorMessage, type WorkspaceApi } from '../api/client.ts';
import type { DocumentSummary } from '../api/types.ts';
import { PinButton } from '../context/PinButton.tsx';
import type { PinControl } from '../context/pinned-notes.ts';
import { isImagePath, KindIcon } from '../ui/KindIcon.tsx';
import type { ViewerTarget } from '../viewer/viewer-target.ts';
import { groupDocuments } from './group-documents.ts';
import { LoadProblem } from './LoadProblem.tsx';

const KINDS: readonly { value: string; label: string }[] = [
  { value: '', label: 'All kinds' },
  { value: 'note', label: 'Notes' },
  { value: 'content', label: 'Content' },
  { value: 'source', label: 'Sources' },
  { value: 'pdf', label: 'PDFs' },
  { value: 'file', label: 'Files' },
  { value: 'entity', label: 'Entities' },
];

/** How many documents the list draws at most; past that the user narrows the filter. */
const RENDER_LIMIT = 300;
const FILTER_DELAY_MS = 200;

/** A value that follows `value` once it has stopped changing for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The workspace's documents, filterable by text and kind, grouped by folder; a click opens one,
 * the pin beside a live one pins it to the conversation.
 */
export function DocumentList({
  api,
  onOpenDocument,
  pins,
}: {
  api: WorkspaceApi;
  onOpenDocument: (target: ViewerTarget) => void;
  pins?: PinControl | undefined;
}) {
  const [text, setText] = useState('');
  const [kind, setKind] = useState('');
  const query = useDebounced(text.trim(), FILTER_DELAY_MS);
  const [documents, setDocuments] = useState<readonly DocumentSummary[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const headingId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    let live = true;
    setLoading(true);
    api.documents({ q: query || undefined, kind: kind || undefined }).then(
      (list) => {
        if (!live) return;
        setDocuments(list);
        setProblem(null);
        setLoading(false);
      },
      (cause: unknown) => {
        if (!live) return;
        setProblem(`Could not load documents: ${errorMessage(cause)}`);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [api, query, kind, attempt]);

  const grouped = useMemo(
    () => groupDocuments(documents ?? [], { limit: RENDER_LIMIT }),
    [documents],
  );
  const filtered = Boolean(query || kind);
  const count = documents?.length ?? 0;

  return (
    <section className="sidebar-documents" aria-labelledby={headingId}>
      <div className="sidebar-section-head">
        <h2 className="sidebar-heading" id={headingId}>
          Documents
        </h2>
        {documents && (
          <span className="sidebar-count" aria-live="polite">
            {count === 1 ? '1 document' : `${count} documents`}
            {loading && <span className="visually-hidden"> (updating)</span>}
          </span>
        )}
      </div>
      <div className="document-filters">
        <input
          type="search"
          aria-label="Filter documents"
          placeholder="Filter by title or path"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && text) {
              e.preventDefault();
              setText('');
            }
          }}
        />
        <select aria-label="Kind" value={kind} onChange={(e) => setKind(e.target.value)}>
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      <LoadProblem problem={problem} onRetry={() => setAttempt((n) => n + 1)} />
      {!documents && !problem && <p className="sidebar-status">Loading documents…</p>}
      {documents && count === 0 && (
        <p className="sidebar-status">
          {filtered ? 'No documents match this filter.' : 'This workspace has no documents yet.'}
        </p>
      )}
      {grouped.groups.map((group) => (
        <div key={group.key} className="document-group">
          <h3 className="document-group-head" title={group.label}>
            <span className="document-group-name">{group.label}</span>
            <span className="document-group-count">{group.total}</span>
          </h3>
          <ul className="document-list" aria-label={group.label}>
            {group.documents.map((doc) => (
              <li key={doc.id} className={`document-row${pins?.isPinned(doc.id) ? ' pinned' : ''}`}>
                <button
                  type="button"
                  className={`document-item${doc.status !== 'active' ? ` ${doc.status}` : ''}`}
                  title={doc.path}
                  onClick={() =>
                    onOpenDocument({
                      documentId: doc.id,
                      path: doc.path,
                      title: doc.title,
                      kind: doc.kind,
                    })
                  }
                >
                  <KindIcon kind={isImagePath(doc.path) ? 'image' : doc.kind} decorative />
                  <span className="document-text">
                    <span className="document-title">{doc.title}</span>
                    <span className="document-path">{doc.path}</span>
                  </span>
                  {doc.status !== 'active' && <span className="document-status">{doc.status}</span>}
                </button>
                {pins && doc.status === 'active' && (
                  <PinButton
                    className="document-pin"
                    title={doc.title}
                    pinned={pins.isPinned(doc.id)}
                    full={pins.full}
                    onToggle={() =>
                      pins.toggle({
                        documentId: doc.id,
                        path: doc.path,
                        title: doc.title,
                        kind: doc.kind,
                      })
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {grouped.hidden > 0 && (
        <p className="sidebar-status document-more">{grouped.hidden} more — refine the filter.</p>
      )}
    </section>
  );
}
