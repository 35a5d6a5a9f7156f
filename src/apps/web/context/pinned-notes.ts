/** Most notes pinned to one session (seed 004); the server sends no more than this either. */
export const PINNED_LIMIT = 5;
/** Characters of each pinned note the model is given (the server cuts the rest). */
export const PINNED_CHARS = 4000;

/** A document pinned to a session: sent with each of its messages until unpinned. */
export interface PinnedNote {
  readonly documentId: string;
  readonly path: string;
  readonly title: string;
  readonly kind: string;
}

/** What the page offers to pin or unpin a document, wherever a pin button is drawn. */
export interface PinControl {
  isPinned(documentId: string): boolean;
  /** True when {@link PINNED_LIMIT} notes are pinned: another must be unpinned first. */
  readonly full: boolean;
  toggle(note: PinnedNote): void;
}

const keyOf = (workspaceId: string, sessionId: string) =>
  `footnote.pinned.${workspaceId}.${sessionId}`;

const isPinnedNote = (value: unknown): value is PinnedNote => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['documentId', 'path', 'title', 'kind'].every((k) => typeof v[k] === 'string');
};

/** The notes pinned to a session in this browser, in pinning order; none when unreadable. */
export function readPinned(
  storage: Storage | null,
  workspaceId: string,
  sessionId: string,
): PinnedNote[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(keyOf(workspaceId, sessionId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPinnedNote).slice(0, PINNED_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Keeps a session's pins (an empty list is forgotten rather than stored). */
export function writePinned(
  storage: Storage | null,
  workspaceId: string,
  sessionId: string,
  notes: readonly PinnedNote[],
): void {
  try {
    const key = keyOf(workspaceId, sessionId);
    if (notes.length === 0) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(notes));
  } catch {
    // storage full or refused: the pins last until the page is reloaded
  }
}

/**
 * The list with `note` pinned, or unpinned when it already was; unchanged when the list is full,
 * since a sixth pin would not be sent.
 */
export function togglePinned(notes: readonly PinnedNote[], note: PinnedNote): PinnedNote[] {
  if (notes.some((n) => n.documentId === note.documentId))
    return notes.filter((n) => n.documentId !== note.documentId);
  if (notes.length >= PINNED_LIMIT) return [...notes];
  return [...notes, note];
}

/** What the server does with a pinned note of this status and length, shown on its chip. */
export function pinnedNoteState(
  status: 'active' | 'archived' | 'deleted' | null,
  length: number | null,
): { readonly text: string | null; readonly sent: boolean } {
  if (status === 'archived') return { text: 'Archived — not sent', sent: false };
  if (status === 'deleted') return { text: 'Deleted — not sent', sent: false };
  if (length !== null && length > PINNED_CHARS)
    return { text: `first ${PINNED_CHARS.toLocaleString('en-US')} characters`, sent: true };
  return { text: null, sent: true };
}

/** The tooltip of a pin button: what pressing it does, or why it cannot. */
export function pinButtonTitle(pinned: boolean, full: boolean): string {
  if (pinned) return 'Unpin: stop sending it with every message';
  if (full) return `${PINNED_LIMIT} notes are pinned already; unpin one first`;
  return 'Pin: send it with every message of this conversation';
}
