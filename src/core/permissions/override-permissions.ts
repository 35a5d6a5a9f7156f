import type { Reference, ReferencePermission } from '../references/reference.ts';

/** A permission the user chose for a referenced target (the UI's chip), by the target's path. */
export interface PermissionOverride {
  readonly path: string;
  readonly permission: ReferencePermission;
}

/**
 * Applies the user's explicit choices over the permissions inferred from verbs: each user reference
 * whose target path equals an override's path gets that permission (the last override of a path
 * wins). Tool and graph references are never widened. Returns the references unchanged when there
 * is nothing to apply.
 */
export function overridePermissions(
  references: readonly Reference[],
  overrides: readonly PermissionOverride[],
): readonly Reference[] {
  if (overrides.length === 0) return references;
  const byPath = new Map(overrides.map((o) => [o.path, o.permission]));
  return references.map((ref) => {
    const permission =
      ref.origin === 'user' && ref.target ? byPath.get(ref.target.path) : undefined;
    return permission && permission !== ref.permission ? { ...ref, permission } : ref;
  });
}
