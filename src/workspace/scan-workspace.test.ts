import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scanWorkspace } from './scan-workspace.ts';

// Counts realpath calls while still doing the real work, to show the scan asks only for symlinks.
const realpathCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...original,
    realpath: (...args: Parameters<typeof original.realpath>) => {
      realpathCalls.count++;
      return original.realpath(...args);
    },
  };
});

let roots: string[] = [];

/** A fresh temporary folder, removed after the test. */
const freshRoot = (prefix: string) => {
  const root = mkdtempSync(join(tmpdir(), prefix));
  roots.push(root);
  return root;
};

/** A workspace that is one chain of `depth` nested folders with a note at the bottom. */
const nestedWorkspace = (depth: number) => {
  const root = freshRoot('footnote-deep-');
  const bottom = join(root, ...Array.from({ length: depth }, () => 'd'));
  mkdirSync(bottom, { recursive: true });
  writeFileSync(join(bottom, 'leaf.md'), '# Leaf\n');
  return root;
};

beforeEach(() => {
  roots = [];
});

afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('scanWorkspace', () => {
  it('finds the note at the bottom of a deep chain of folders', async () => {
    const { files, problems } = await scanWorkspace(nestedWorkspace(50));
    expect(problems).toEqual([]);
    expect(files.map((f) => f.path)).toEqual([`${'d/'.repeat(50)}leaf.md`]);
  });

  it('asks the file system for real paths only for the root and symlinks, however deep', async () => {
    const root = nestedWorkspace(300);
    symlinkSync(join(root, 'd'), join(root, 'link'));
    realpathCalls.count = 0;
    const { files } = await scanWorkspace(root);
    expect(files.map((f) => f.path)).toEqual([`${'d/'.repeat(300)}leaf.md`]);
    expect(realpathCalls.count).toBe(2);
  });

  it('follows a folder symlink inside the workspace once and never loops or leaves', async () => {
    const outside = freshRoot('footnote-outside-');
    writeFileSync(join(outside, 'secret.md'), '# Secret\n');
    const root = freshRoot('footnote-links-');
    mkdirSync(join(root, 'notes', 'inner'), { recursive: true });
    writeFileSync(join(root, 'notes', 'inner', 'a.md'), '# A\n');
    symlinkSync(join(root, 'notes'), join(root, 'notes', 'inner', 'loop'));
    symlinkSync(join(root, 'notes', 'inner'), join(root, 'shortcut'));
    symlinkSync(outside, join(root, 'away'));

    const { files, problems } = await scanWorkspace(root);

    // Reached first through the shortcut (breadth first), then recognised and not listed again.
    expect(files.map((f) => f.path)).toEqual(['shortcut/a.md']);
    expect(problems).toEqual([
      { path: 'away', reason: 'symlink leads outside the workspace; not followed' },
    ]);
  });
});
