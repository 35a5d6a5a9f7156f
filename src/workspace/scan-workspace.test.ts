import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROKEN_SYMLINK, NOT_UTF8_NAME, SYMLINK_LOOP, scanWorkspace } from './scan-workspace.ts';

// Counts realpath calls while still doing the real work, to show the scan asks only for symlinks;
// and makes paths in `gone` vanish for lstat and readdir, as a file deleted mid-scan does.
const realpathCalls = vi.hoisted(() => ({ count: 0 }));
const gone = vi.hoisted(() => new Set<string>());
vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>();
  const vanished = (path: unknown) =>
    Object.assign(new Error(`ENOENT: no such file or directory, '${String(path)}'`), {
      code: 'ENOENT',
    });
  return {
    ...original,
    realpath: (...args: Parameters<typeof original.realpath>) => {
      realpathCalls.count++;
      return original.realpath(...args);
    },
    lstat: (...args: Parameters<typeof original.lstat>) =>
      gone.has(String(args[0])) ? Promise.reject(vanished(args[0])) : original.lstat(...args),
    readdir: (...args: Parameters<typeof original.readdir>) =>
      gone.has(String(args[0])) ? Promise.reject(vanished(args[0])) : original.readdir(...args),
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
  gone.clear();
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

  it('reports a file or folder whose name is not valid UTF-8 as such, and scans the rest', async () => {
    const root = freshRoot('footnote-names-');
    mkdirSync(join(root, 'notes'));
    writeFileSync(join(root, 'notes', 'ok.md'), '# Ok\n');
    // Latin-1 bytes, as an old archive or a Windows share leaves them: b\xe9d.md, caf\xe9/
    const bytes = (...parts: Array<string | number[]>) =>
      Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
    writeFileSync(bytes(root, '/notes/b', [0xe9], 'd.md'), '# Bad name\n');
    mkdirSync(bytes(root, '/caf', [0xe9]));
    writeFileSync(bytes(root, '/caf', [0xe9], '/inside.md'), '# Inside\n');
    writeFileSync(bytes(root, '/.hidden', [0xff]), 'hidden');

    const { files, problems } = await scanWorkspace(root);

    expect(files.map((f) => f.path)).toEqual(['notes/ok.md']);
    expect(problems).toEqual([
      { path: 'caf\ufffd', reason: NOT_UTF8_NAME },
      { path: 'notes/b\ufffdd.md', reason: NOT_UTF8_NAME },
    ]);
  });

  it('leaves out, without a problem, a file or folder deleted between the listing and a look at it', async () => {
    const root = freshRoot('footnote-vanish-');
    mkdirSync(join(root, 'notes'));
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(root, 'notes', 'a.md'), '# A\n');
    writeFileSync(join(root, 'notes', 'b.md'), '# B\n');
    writeFileSync(join(root, 'sub', 'c.md'), '# C\n');
    const real = realpathSync(root);
    gone.add(join(real, 'notes', 'b.md'));
    gone.add(join(real, 'sub'));

    const { files, problems } = await scanWorkspace(root);

    expect(files.map((f) => f.path)).toEqual(['notes/a.md']);
    expect(problems).toEqual([]);
  });

  it('names a symlink loop and a broken symlink for what they are', async () => {
    const root = freshRoot('footnote-loops-');
    symlinkSync(join(root, 'pong'), join(root, 'ping'));
    symlinkSync(join(root, 'ping'), join(root, 'pong'));
    symlinkSync(join(root, 'missing.md'), join(root, 'dangling.md'));
    writeFileSync(join(root, 'ok.md'), '# Ok\n');

    const { files, problems } = await scanWorkspace(root);

    expect(files.map((f) => f.path)).toEqual(['ok.md']);
    expect(problems).toEqual([
      { path: 'dangling.md', reason: BROKEN_SYMLINK },
      { path: 'ping', reason: SYMLINK_LOOP },
      { path: 'pong', reason: SYMLINK_LOOP },
    ]);
  });
});
