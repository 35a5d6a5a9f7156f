import { useEffect, useRef, useState } from 'react';
import { ApiError, type WorkspaceApi } from '../api/client.ts';
import type { EditJson } from '../api/types.ts';
import { classifyDiff, diffStats } from './diff-lines.ts';
import { type DiffHunk, type DiffRow, readableDiff } from './readable-diff.ts';
import { removedHeadings } from './removed-headings.ts';

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
  const hunks = readableDiff(lines);
  const lostHeadings = removedHeadings(lines);

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
      {lostHeadings.length > 0 && (
        <p className="edit-warning">
          <span aria-hidden="true">⚠ </span>
          This edit removes {lostHeadings.length === 1 ? 'a heading' : 'headings'} and the text
          under {lostHeadings.length === 1 ? 'it' : 'them'}:{' '}
          {lostHeadings.map((heading, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a heading may be removed twice; the order is its identity
            <span key={i}>
              {i > 0 && ', '}
              <code>{heading}</code>
            </span>
          ))}
          . Check the diff before you apply it.
        </p>
      )}
      <ReadableDiff hunks={hunks} />
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

const SIGN = { add: '+', remove: '−', context: ' ' } as const;
const SPOKEN = { add: 'added: ', remove: 'removed: ', context: '' } as const;

/**
 * The diff as people read it: no file headers, one row per line with its number and a sign, long
 * lines wrapped, the words that changed in a rewritten line marked; a gap between hunks says where
 * the next one starts.
 */
function ReadableDiff({ hunks }: { hunks: readonly DiffHunk[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a long diff scrolls, so keyboard users must be able to focus it
    <pre className="diff" tabIndex={0}>
      {hunks.map((hunk, h) => (
        <span key={hunk.newStart} className="diff-hunk-rows">
          {(h > 0 || hunk.newStart > 1) && (
            <span className="diff-gap">
              {h > 0 ? '⋯ ' : ''}line {hunk.newStart}
            </span>
          )}
          {hunk.rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: diff rows have no identity but their order
            <DiffRowView key={i} row={row} />
          ))}
        </span>
      ))}
    </pre>
  );
}

function DiffRowView({ row }: { row: DiffRow }) {
  const Mark = row.kind === 'add' ? 'ins' : 'del';
  return (
    <span className={`diff-line diff-${row.kind}`}>
      <span className="diff-number" aria-hidden="true">
        {row.kind === 'add' ? row.newLine : row.oldLine}
      </span>
      <span className="diff-sign" aria-hidden="true">
        {SIGN[row.kind]}
      </span>
      <span className="diff-text">
        {row.kind !== 'context' && <span className="visually-hidden">{SPOKEN[row.kind]}</span>}
        {row.words
          ? row.words.map((word, i) =>
              word.changed ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: word pieces have no identity but their order
                <Mark key={i} className="diff-word">
                  {word.text}
                </Mark>
              ) : (
                word.text
              ),
            )
          : row.text || ' '}
      </span>
    </span>
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
