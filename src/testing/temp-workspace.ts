import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A throwaway workspace folder for tests, with helpers to change its files. */
export interface TempWorkspace {
  readonly root: string;
  write(path: string, content: string | Uint8Array): void;
  remove(path: string): void;
  cleanup(): void;
}

/** Creates a workspace folder under the OS temp dir holding `files` (relative path → content). */
export function createTempWorkspace(
  files: Readonly<Record<string, string | Uint8Array>> = {},
): TempWorkspace {
  const root = mkdtempSync(join(tmpdir(), 'footnote-ws-'));
  const write = (path: string, content: string | Uint8Array) => {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  };
  for (const [path, content] of Object.entries(files)) write(path, content);
  return {
    root,
    write,
    remove: (path) => rmSync(join(root, path), { force: true }),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
