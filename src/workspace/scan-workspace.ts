import type { Dirent } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
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

/** Why an entry whose name is not valid UTF-8 is left out: no path in the index could name it. */
export const NOT_UTF8_NAME = 'file name is not valid UTF-8; rename it';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The entry's name as text, or null when its bytes are not valid UTF-8. */
const decodeName = (bytes: Uint8Array): string | null => {
  try {
    return UTF8.decode(bytes);
  } catch {
    return null;
  }
};

/** Why a symlink the scan cannot follow is left out. */
export const SYMLINK_LOOP = 'symlink loop: it leads back to itself; not followed';
export const BROKEN_SYMLINK = 'broken symlink: what it points to does not exist';

/** Whether a file system error says the entry is no longer there (deleted while we looked). */
const isGone = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/**
 * Why the symlink at `path` cannot be followed, from the error resolving it; null when the link
 * itself was deleted meanwhile (then there is nothing to report).
 */
async function brokenLinkReason(path: string, error: Error): Promise<string | null> {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return SYMLINK_LOOP;
  if (code === 'ENOENT') {
    const link = await lstat(path).catch(() => null);
    return link ? BROKEN_SYMLINK : null;
  }
  return `symlink cannot be followed: ${error.message}`;
}

/** A folder waiting to be read: where to read it, where it really is, and its workspace path. */
interface PendingFolder {
  readonly path: string;
  readonly real: string;
  readonly rel: string;
}

/**
 * Lists every candidate file under `root`, skipping hidden folders and never following a
 * symlink that leads outside the workspace (or into a loop). An entry whose name is not valid
 * UTF-8 is reported (`NOT_UTF8_NAME`), not read: as text its name would be another file's.
 */
export async function scanWorkspace(
  root: string,
  signal?: AbortSignal,
): Promise<{ files: ScannedFile[]; problems: ScanProblem[] }> {
  const realRoot = await realpath(root);
  const files: ScannedFile[] = [];
  const problems: ScanProblem[] = [];
  const seenDirs = new Set<string>([realRoot]);
  const queue: PendingFolder[] = [{ path: realRoot, real: realRoot, rel: '' }];
  const isInside = (real: string) => real === realRoot || real.startsWith(realRoot + sep);

  // An index instead of shift(): a wide tree must not pay to move the whole queue per folder.
  for (let next = 0; next < queue.length; next++) {
    signal?.throwIfAborted();
    const dir = queue[next] as PendingFolder;
    let listed: Dirent<Buffer>[];
    try {
      listed = await readdir(dir.path, { withFileTypes: true, encoding: 'buffer' });
    } catch (error) {
      // Deleted since it was listed: gone, like a folder deleted before the scan.
      if (!isGone(error))
        problems.push({
          path: dir.rel,
          reason: `cannot read folder: ${(error as Error).message}`,
        });
      continue;
    }
    const entries: Array<{ readonly name: string; readonly entry: Dirent<Buffer> }> = [];
    for (const entry of listed) {
      const name = decodeName(entry.name);
      if (name !== null) {
        entries.push({ name, entry });
      } else if (entry.name[0] !== 0x2e) {
        const shown = entry.name.toString('utf8');
        problems.push({
          path: dir.rel === '' ? shown : `${dir.rel}/${shown}`,
          reason: NOT_UTF8_NAME,
        });
      }
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const { name, entry } of entries) {
      if (name.startsWith('.') || IGNORED_DIRECTORIES.has(name)) continue;
      const abs = join(dir.path, name);
      const rel = dir.rel === '' ? name : `${dir.rel}/${name}`;
      try {
        let isDir = entry.isDirectory();
        let isFile = entry.isFile();
        let target = abs;
        // A plain entry of a folder whose real path is known has that path plus its own name;
        // only a symlink needs the file system to say where it really leads.
        let real = join(dir.real, name);
        if (entry.isSymbolicLink()) {
          const resolved = await realpath(abs).catch((error: unknown) => error as Error);
          if (resolved instanceof Error) {
            const reason = await brokenLinkReason(abs, resolved);
            if (reason) problems.push({ path: rel, reason });
            continue;
          }
          if (!isInside(resolved)) {
            problems.push({
              path: rel,
              reason: 'symlink leads outside the workspace; not followed',
            });
            continue;
          }
          const info = await stat(resolved);
          isDir = info.isDirectory();
          isFile = info.isFile();
          target = resolved;
          real = resolved;
        }
        if (isDir) {
          if (!seenDirs.has(real)) {
            seenDirs.add(real);
            queue.push({ path: abs, real, rel });
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
        // Deleted between the listing and this look at it: gone, not a problem.
        if (!isGone(error))
          problems.push({ path: rel, reason: `cannot read: ${(error as Error).message}` });
      }
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, problems };
}
