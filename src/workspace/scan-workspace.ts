import type { Dirent } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { IGNORED_DIRECTORIES } from './classify-path.ts';

/** A file found in the workspace, with what change detection needs. */
export interface ScannedFile {
  readonly path: string;
  readonly absolutePath: string;
  readonly size: number;
  readonly mtimeMs: number;
}

/** Something the scan had to leave out, and why. */
export interface ScanProblem {
  readonly path: string;
  readonly reason: string;
}

/**
 * Lists every candidate file under `root`, skipping hidden folders and never following a
 * symlink that leads outside the workspace (or into a loop).
 */
export async function scanWorkspace(
  root: string,
  signal?: AbortSignal,
): Promise<{ files: ScannedFile[]; problems: ScanProblem[] }> {
  const realRoot = await realpath(root);
  const files: ScannedFile[] = [];
  const problems: ScanProblem[] = [];
  const seenDirs = new Set<string>([realRoot]);
  const queue: string[] = [realRoot];
  const toRel = (abs: string) => relative(realRoot, abs).split(sep).join('/');
  const isInside = (real: string) => real === realRoot || real.startsWith(realRoot + sep);

  while (queue.length > 0) {
    signal?.throwIfAborted();
    const dir = queue.shift() as string;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      problems.push({
        path: toRel(dir),
        reason: `cannot read folder: ${(error as Error).message}`,
      });
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.') || IGNORED_DIRECTORIES.has(entry.name)) continue;
      const abs = join(dir, entry.name);
      const rel = toRel(abs);
      try {
        let isDir = entry.isDirectory();
        let isFile = entry.isFile();
        let target = abs;
        if (entry.isSymbolicLink()) {
          const real = await realpath(abs).catch(() => null);
          if (real === null) {
            problems.push({ path: rel, reason: 'broken symlink' });
            continue;
          }
          if (!isInside(real)) {
            problems.push({
              path: rel,
              reason: 'symlink leads outside the workspace; not followed',
            });
            continue;
          }
          const info = await stat(real);
          isDir = info.isDirectory();
          isFile = info.isFile();
          target = real;
        }
        if (isDir) {
          const real = await realpath(target);
          if (!seenDirs.has(real)) {
            seenDirs.add(real);
            queue.push(abs);
          }
        } else if (isFile) {
          const info = await lstat(target);
          files.push({
            path: rel,
            absolutePath: target,
            size: info.size,
            mtimeMs: Math.trunc(info.mtimeMs),
          });
        }
      } catch (error) {
        problems.push({ path: rel, reason: `cannot read: ${(error as Error).message}` });
      }
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, problems };
}
