import { useEffect, useRef, useState } from 'react';
import { ApiError, type WorkspaceApi } from '../api/client.ts';
import type { EditJson } from '../api/types.ts';
import { classifyDiff, diffStats } from './diff-lines.ts';

const TOOL_NAMES: Record<string, string> = {
  edit_section: 'Edit section',
  edit_metadata: 'Edit metadata',
  write_content: 'Rewrite document',
  insert_file: 'Insert file',
};

type Action = 'apply' | 'discard' | 'undo';

/**
 * One agent edit: what changed as a diff, which reference allowed it, and Apply / Discard while
 * it is a preview, Undo once applied.
 */
export function EditCard({
  api,
  edit,
  onEditChanged,
  onOpenDocument,
}: {
  api: WorkspaceApi;
  edit: EditJson;
  onEditChanged: (edit: EditJson) => void;
  /** Shows the edited document (as it is now) in the viewer. */
  onOpenDocument?: (edit: EditJson) => void;
}) {
  const [shown, setShown] = useState(edit);
  const [running, setRunning] = useState<Action | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const actions = useRef<HTMLDivElement>(null);
  const [acted, setActed] = useState(0);
  useEffect(() => setShown(edit), [edit]);
  // The button pressed is replaced by the new state's controls: keep keyboard focus in the card.
  useEffect(() => {
    if (acted === 0) return;
    const next = actions.current?.querySelector<HTMLElement>('button:not(:disabled)');
    (next ?? actions.current)?.focus({ preventScroll: true });
  }, [acted]);

  const lines = classifyDiff(shown.diff);
  const stats = diffStats(lines);

  const act = async (action: Action) => {
    setRunning(action);
    setProblem(null);
    try {
      const updated =
        action === 'apply'
          ? await api.applyEdit(shown.id)
          : action === 'discard'
            ? await api.discardEdit(shown.id)
            : await api.undoEdit(shown.id);
      setShown(updated);
      setActed((n) => n + 1);
      onEditChanged(updated);
    } catch (cause) {
      setProblem(
        cause instanceof ApiError
          ? cause.message
          : `Could not ${action} the edit: ${(cause as Error).message}`,
      );
    } finally {
      setRunning(null);
    }
  };

  return (
    <section aria-label={`Edit to ${shown.path}`} className={`edit-card edit-${shown.status}`}>
      <header className="edit-head">
        <span className="edit-tool">{TOOL_NAMES[shown.tool] ?? shown.tool}</span>
        <code className="edit-path">{shown.path}</code>
        <span className="diff-stats">
          <span className="diff-stats-add" aria-hidden="true">
            +{stats.added}
          </span>{' '}
          <span className="diff-stats-remove" aria-hidden="true">
            −{stats.removed}
          </span>
          <span className="visually-hidden">
            {stats.added} lines added, {stats.removed} removed
          </span>
        </span>
      </header>
      {shown.reference && (
        <p className="edit-reference">
          Allowed by your reference <code>{shown.reference}</code>
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long diff scrolls, so keyboard users must be able to focus it */}
      <pre className="diff" tabIndex={0}>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: diff lines have no identity but their order
          <span key={i} className={`diff-line diff-${line.kind}`}>
            {line.text || ' '}
            {'\n'}
          </span>
        ))}
      </pre>
      <div className="edit-actions" ref={actions} tabIndex={-1}>
        <EditState
          edit={shown}
          running={running}
          onAct={(action) => void act(action)}
          onOpen={onOpenDocument && (() => onOpenDocument(shown))}
        />
      </div>
      {problem && (
        <p className="edit-problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

function EditState({
  edit,
  running,
  onAct,
  onOpen,
}: {
  edit: EditJson;
  running: Action | null;
  onAct: (action: Action) => void;
  onOpen: (() => void) | undefined;
}) {
  const busy = running !== null;
  switch (edit.status) {
    case 'proposed':
      return (
        <>
          <span className="edit-status">Preview — nothing is written until you apply it.</span>
          <button type="button" className="primary" disabled={busy} onClick={() => onAct('apply')}>
            {running === 'apply' ? 'Applying…' : 'Apply'}
          </button>
          <button type="button" disabled={busy} onClick={() => onAct('discard')}>
            {running === 'discard' ? 'Discarding…' : 'Discard'}
          </button>
        </>
      );
    case 'applied':
      return (
        <>
          <span className="edit-status ok">
            <span aria-hidden="true">✓ </span>Applied
            {edit.versionId && (
              <>
                {' '}
                · version{' '}
                {onOpen ? (
                  <button
                    type="button"
                    className="version-link"
                    title={`Open ${edit.path}`}
                    onClick={onOpen}
                  >
                    <code className="version-id">{edit.versionId.slice(0, 8)}</code>
                  </button>
                ) : (
                  <code className="version-id" title={edit.versionId}>
                    {edit.versionId.slice(0, 8)}
                  </code>
                )}
              </>
            )}
          </span>
          <button type="button" disabled={busy} onClick={() => onAct('undo')}>
            {running === 'undo' ? 'Undoing…' : 'Undo'}
          </button>
        </>
      );
    case 'discarded':
      return <span className="edit-status muted">Discarded</span>;
    case 'stale':
      return (
        <span className="edit-status warn">The file changed since this preview; ask again</span>
      );
    case 'undone':
      return <span className="edit-status muted">Undone</span>;
    case 'rolled_back':
      return (
        <span className="edit-status muted">
          Rolled back: a restored version took this edit out
        </span>
      );
    default:
      return <span className="edit-status">{String(edit.status)}</span>;
  }
}
