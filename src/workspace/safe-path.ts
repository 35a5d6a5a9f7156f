import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { PathOutsideWorkspaceError } from '../core/index.ts';

const inside = (root: string, target: string) => {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

/** Resolves a workspace-relative path to an absolute one, refusing anything that lands outside the root. */
export function resolveInside(root: string, relPath: string): string {
  if (relPath.includes('\0') || isAbsolute(relPath)) throw new PathOutsideWorkspaceError(relPath);
  const target = resolve(root, relPath);
  if (!inside(resolve(root), target)) throw new PathOutsideWorkspaceError(relPath);
  return target;
}

/** Like {@link resolveInside} but also follows symlinks, so a link pointing out of the workspace is refused. */
export async function resolveRealInside(root: string, relPath: string): Promise<string> {
  const target = resolveInside(root, relPath);
  const [realRoot, realTarget] = await Promise.all([realpath(root), realpath(target)]);
  if (!inside(realRoot, realTarget)) throw new PathOutsideWorkspaceError(relPath);
  return realTarget;
}

/** A workspace-relative path in POSIX form, the way documents are addressed everywhere. */
export function toWorkspacePath(root: string, absolute: string): string {
  return relative(root, absolute).split(sep).join('/');
}
