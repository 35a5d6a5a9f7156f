import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..', '..');

/** What one CLI run printed, and how it exited. */
export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real `footnote` CLI in a child process, the way a user or a script does. */
export function runFootnote(...args: string[]): CliRun {
  const run = spawnSync(process.execPath, [join(repo, 'bin/footnote.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A private copy of the bundled sample workspace (without any index), so tests never touch `examples/`. */
export function copySampleWorkspace(): {
  readonly root: string;
  readonly workspace: string;
  cleanup(): void;
} {
  const root = mkdtempSync(join(tmpdir(), 'footnote-sample-'));
  const workspace = join(root, 'sample');
  cpSync(join(repo, 'examples/workspace'), workspace, {
    recursive: true,
    filter: (src) => !src.includes('.footnote'),
  });
  return { root, workspace, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** Like {@link runFootnote} but without blocking this process, so a stub server here can answer the CLI. */
export function runFootnoteAsync(
  args: readonly string[],
  options: { readonly input?: string; readonly env?: NodeJS.ProcessEnv } = {},
): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(repo, 'bin/footnote.js'), ...args], {
      env: { ...process.env, NO_COLOR: '1', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
