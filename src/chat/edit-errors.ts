import { FootnoteError, type ProposedEditStatus } from '../core/index.ts';

/** No stored edit has this id (or it belongs to someone else: they look the same). */
export class EditNotFoundError extends FootnoteError {
  readonly editId: string;

  constructor(editId: string) {
    super('edit_not_found', `no edit ${editId}`);
    this.name = 'EditNotFoundError';
    this.editId = editId;
  }
}

/** The edit is not in the state the action needs (apply and discard need `proposed`, undo `applied`). */
export class EditStateError extends FootnoteError {
  readonly editId: string;
  readonly status: ProposedEditStatus;

  constructor(
    code: 'edit_not_proposed' | 'edit_not_applied',
    editId: string,
    status: ProposedEditStatus,
  ) {
    super(
      code,
      `edit ${editId} is ${status}; only ${code === 'edit_not_proposed' ? 'a proposed edit can be applied or discarded' : 'an applied edit can be undone'}`,
    );
    this.name = 'EditStateError';
    this.editId = editId;
    this.status = status;
  }
}

/** The file changed (or went away) since the edit was proposed, so its diff no longer applies. */
export class EditStaleError extends FootnoteError {
  readonly editId: string;

  constructor(
    editId: string,
    path: string,
    why = 'changed since the edit was proposed; ask for it again',
  ) {
    super('edit_stale', `${path} ${why}`);
    this.name = 'EditStaleError';
    this.editId = editId;
  }
}

/** The permission rule refused the edit (not referenced for writing, chat mode, a link to another file). */
export class EditRefusedError extends FootnoteError {
  constructor(reason: string) {
    super('edit_refused', `edit refused: ${reason}`);
    this.name = 'EditRefusedError';
  }
}
