import type { Reference } from '../references/reference.ts';
import { isLoaded } from '../references/resolve-references.ts';

/** The decision on a document an edit copies in (`insert_file`'s file), with the reference that named it. */
export type EmbedAuthorization =
  | { readonly ok: true; readonly reference: Reference }
  | { readonly ok: false; readonly reason: string };

/**
 * The rule for what an edit brings into a document, checked where tools execute beside
 * `authorizeEdit`: the inserted file must itself be one the user referenced in this turn. Read
 * permission is enough (it is read, not changed); a file only a tool or a document named is not.
 */
export function authorizeEmbed(
  documentId: string,
  path: string,
  references: readonly Reference[],
): EmbedAuthorization {
  const named = references.find(
    (r) => r.origin === 'user' && isLoaded(r) && r.target?.documentId === documentId,
  );
  if (named) return { ok: true, reference: named };
  const name = path.slice(path.lastIndexOf('/') + 1);
  return {
    ok: false,
    reason: `the user did not reference ${path} in this message; only files the user referenced (e.g. @${name}) may be inserted`,
  };
}
