import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const created = new Set<string>();

/** Makes a fresh folder under the system temp dir and remembers it, so one call removes them all. */
export async function makeTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  created.add(dir);
  return dir;
}

/** Removes every folder {@link makeTempDir} made; call it in a `finally` so errors leave nothing behind. */
export async function removeTempDirs(): Promise<void> {
  for (const dir of created) {
    await rm(dir, { recursive: true, force: true });
    created.delete(dir);
  }
}

/** The synchronous twin of {@link removeTempDirs}, for signal handlers that must finish before exit. */
export function removeTempDirsSync(): void {
  for (const dir of created) {
    rmSync(dir, { recursive: true, force: true });
    created.delete(dir);
  }
}
