import { isImagePath, KindIcon } from '../ui/KindIcon.tsx';
import type { ViewerTarget } from '../viewer/viewer-target.ts';
import { PinIcon } from './PinButton.tsx';
import { PINNED_CHARS, PINNED_LIMIT, pinnedNoteState } from './pinned-notes.ts';
import type { PinnedNoteView } from './use-pinned-notes.ts';
import './context.css';

/** The document open in the viewer, as the composer names it. */
export interface CurrentDocument {
  readonly documentId: string;
  readonly path: string;
  readonly title: string;
  readonly kind: string;
}

const kindOf = (doc: { path: string; kind: string }) =>
  isImagePath(doc.path) ? 'image' : doc.kind;

/**
 * What goes with every message besides its text, shown above the message box: the current
 * document (the one open in the viewer, which same-named references resolve toward) and the
 * notes pinned to this conversation; each can be opened or taken away.
 */
export function ContextBar({
  current,
  pinned,
  onDismissCurrent,
  onUnpin,
  onOpen,
}: {
  current: CurrentDocument | null;
  pinned: readonly PinnedNoteView[];
  onDismissCurrent: () => void;
  onUnpin: (documentId: string) => void;
  onOpen: (target: ViewerTarget) => void;
}) {
  if (!current && pinned.length === 0) return null;
  return (
    <div className="context-bar">
      {current && (
        <p
          className="context-current"
          title={`${current.path}: same-named references resolve toward it and its folder`}
        >
          <span className="context-current-lead">Current:</span>
          <KindIcon kind={kindOf(current)} decorative />
          <span className="context-current-title">{current.title}</span>
          <button
            type="button"
            className="chip-remove"
            aria-label={`Stop using ${current.title} as the current document`}
            title="Not the current document"
            onClick={onDismissCurrent}
          >
            ×
          </button>
        </p>
      )}
      {pinned.length > 0 && (
        <ul
          className="chips pinned-notes"
          aria-label={`Pinned notes, ${pinned.length} of ${PINNED_LIMIT}`}
        >
          {pinned.map((note) => (
            <PinnedChip key={note.documentId} note={note} onUnpin={onUnpin} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PinnedChip({
  note,
  onUnpin,
  onOpen,
}: {
  note: PinnedNoteView;
  onUnpin: (documentId: string) => void;
  onOpen: (target: ViewerTarget) => void;
}) {
  const state = pinnedNoteState(note.status, note.length);
  const explanation = !state.sent
    ? `${note.title} is ${note.status}: pinned notes are sent only while live.`
    : note.length !== null && note.length > PINNED_CHARS
      ? `Sent with every message: its first ${PINNED_CHARS.toLocaleString('en-US')} characters.`
      : 'Sent with every message of this conversation.';
  return (
    <li
      className={`chip pinned-chip${state.sent ? '' : ' not-sent'}`}
      data-status={note.status ?? undefined}
    >
      <button
        type="button"
        className="chip-main"
        title={`${note.path} — ${explanation}`}
        onClick={() =>
          onOpen({
            documentId: note.documentId,
            path: note.path,
            title: note.title,
            kind: note.kind,
            label: 'Pinned',
          })
        }
      >
        <span className="pinned-glyph">
          <PinIcon filled />
        </span>
        <KindIcon kind={kindOf(note)} decorative />
        <span className="chip-title">{note.title}</span>
        {state.text && (
          <>
            <span className="chip-sep" aria-hidden="true">
              ·
            </span>
            <span className="chip-state">{state.text}</span>
          </>
        )}
      </button>
      <button
        type="button"
        className="chip-remove"
        aria-label={`Unpin ${note.title}`}
        title="Unpin"
        onClick={() => onUnpin(note.documentId)}
      >
        ×
      </button>
    </li>
  );
}
