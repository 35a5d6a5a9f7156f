import type { ChatMode } from '../references/infer-permission.ts';
import type { Reference } from '../references/reference.ts';

/** What a write tool wants to do: change a document in place, or add something to it. */
export type EditAction = 'write' | 'insert';

/** The decision on one attempted edit, with the reference that allowed it or the reason it is refused. */
export type EditAuthorization =
  | { readonly ok: true; readonly reference: Reference }
  | { readonly ok: false; readonly reason: string };

/**
 * The one rule for agent edits, checked where tools execute: a document may be changed only in
 * agent mode, and only when the user referenced it in this turn with a permission that covers the
 * action (`write` covers both; `insert` covers adding only). What documents say never counts.
 */
export function authorizeEdit(
  documentId: string,
  action: EditAction,
  references: readonly Reference[],
  mode: ChatMode,
): EditAuthorization {
  if (mode !== 'agent')
    return { ok: false, reason: 'chat mode is read-only; switch to agent mode to edit' };
  const named = references.filter(
    (r) => r.origin === 'user' && r.status === 'resolved' && r.target?.documentId === documentId,
  );
  if (named.length === 0) {
    return {
      ok: false,
      reason:
        'the user did not reference this document in this message; only referenced documents may be edited',
    };
  }
  const allowed = named.find(
    (r) => r.permission === 'write' || (action === 'insert' && r.permission === 'insert'),
  );
  if (!allowed) {
    const has = [...new Set(named.map((r) => r.permission))].join(', ');
    return {
      ok: false,
      reason: `the user referenced this document with ${has} permission, which does not allow ${action === 'write' ? 'changing' : 'adding to'} it`,
    };
  }
  return { ok: true, reference: allowed };
}
