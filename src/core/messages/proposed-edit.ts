import type { EditAction } from '../permissions/authorize-edit.ts';

/**
 * Where an agent edit is in its life: previewed, written, thrown away, outdated by the file, taken
 * back by its Undo, or taken out of the document by a rollback to a version before it.
 */
export type ProposedEditStatus =
  | 'proposed'
  | 'applied'
  | 'discarded'
  | 'stale'
  | 'undone'
  | 'rolled_back';

/** Every status an edit can have, in lifecycle order (for validation and docs). */
export const PROPOSED_EDIT_STATUSES: readonly ProposedEditStatus[] = [
  'proposed',
  'applied',
  'discarded',
  'stale',
  'undone',
  'rolled_back',
];

/**
 * One edit an agent tool computed during a turn: proposed (a dry run, written only when the user
 * applies it) or applied at once. Kept so the edit can be applied, discarded or undone by its id.
 */
export interface ProposedEdit {
  readonly id: string;
  readonly sessionId: string;
  /** The assistant message of the turn that made the edit. */
  readonly messageId: string;
  readonly documentId: string;
  readonly path: string;
  readonly tool: string;
  readonly action: EditAction;
  /** The user's reference, as written, that allowed the edit. */
  readonly reference: string;
  /** SHA-256 of the file text the diff was computed from; applying needs the file unchanged. */
  readonly baseHash: string;
  /** The whole new file text. */
  readonly newContent: string;
  /** Unified diff from the base text to `newContent`. */
  readonly diff: string;
  readonly status: ProposedEditStatus;
  /** The version the write created, once applied. */
  readonly versionId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A status change of a stored edit; `from` makes it conditional (compare-and-set). */
export interface ProposedEditUpdate {
  readonly status: ProposedEditStatus;
  /** Set when the edit is applied; left as it was when absent. */
  readonly versionId?: string | null;
  readonly updatedAt: string;
  /** Change only an edit whose status is one of these. */
  readonly from?: readonly ProposedEditStatus[];
}
