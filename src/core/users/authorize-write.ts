import { FootnoteError } from '../errors.ts';
import type { Actor, UserRole } from './user.ts';

/** A write a user may or may not make, as named in errors and audit events. */
export type WriteAction = 'agent_mode' | 'edit' | 'apply' | 'discard' | 'undo' | 'rollback';

const DOING: Readonly<Record<WriteAction, string>> = {
  agent_mode: 'use agent mode (it edits documents)',
  edit: 'edit documents',
  apply: 'apply an edit',
  discard: 'discard an edit',
  undo: 'undo an edit',
  rollback: 'roll back a document',
};

/** The user's role does not allow this write; carries who, which role and which action. */
export class RoleForbiddenError extends FootnoteError {
  readonly userId: string;
  readonly role: UserRole;
  readonly action: WriteAction;

  constructor(actor: Actor, action: WriteAction, reason: string) {
    super(
      'forbidden_role',
      `${actor.role} ${JSON.stringify(actor.name)} may not ${DOING[action]}: ${reason}`,
    );
    this.name = 'RoleForbiddenError';
    this.userId = actor.id;
    this.role = actor.role;
    this.action = action;
  }
}

/** Whether a role may write at all: viewers read and chat only. */
export const canWrite = (role: UserRole): boolean => role === 'member' || role === 'admin';

/** Throws unless the actor may write at all; every write path calls it where the write executes. */
export function authorizeWrite(actor: Actor, action: WriteAction): void {
  if (!canWrite(actor.role))
    throw new RoleForbiddenError(actor, action, 'a viewer may read and chat, not write');
}

/**
 * Throws unless the actor may act on (apply, discard, undo) an edit made in a session of
 * `ownerId`: a member on their own edits only, an admin on anyone's.
 */
export function authorizeEditAction(
  actor: Actor,
  action: WriteAction,
  ownerId: string | null,
): void {
  authorizeWrite(actor, action);
  if (actor.role !== 'admin' && ownerId !== actor.id)
    throw new RoleForbiddenError(actor, action, "it is another user's edit; only an admin may");
}

/** Text a rollback would take out of a document, and whose it is (null: written outside Footnote, or unknown). */
export interface DiscardedText {
  readonly ownerId: string | null;
  /** What it is, for the refusal: "version 1a2b… (edit_section via [[Plan]])". */
  readonly what: string;
}

/**
 * Throws unless the actor may roll a document back over `discarded`: an admin always, a member
 * only when every piece of text it takes back was written by that member through Footnote (their
 * edits, their rollbacks); another user's text, or text of unknown author, needs an admin.
 */
export function authorizeRollback(actor: Actor, discarded: readonly DiscardedText[]): void {
  authorizeWrite(actor, 'rollback');
  if (actor.role === 'admin') return;
  const foreign = discarded.find((d) => d.ownerId !== actor.id);
  if (foreign)
    throw new RoleForbiddenError(
      actor,
      'rollback',
      `it would take back ${foreign.what}, which ${foreign.ownerId === null ? 'was written outside Footnote' : 'another user wrote'}; only an admin may`,
    );
}
