import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..', '..');
const STARTUP_MS = 90_000;
const STOP_MS = 10_000;

/** A running `footnote serve` child process. */
export interface ServeProcess {
  /** Base URL without a trailing slash, e.g. http://127.0.0.2:41234 */
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** SIGTERM, then SIGKILL if it has not exited after a few seconds. */
  stop(): Promise<void>;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Waits for a child to exit, up to `ms`; true when it did. */
const exited = (child: ChildProcess, ms: number) =>
  hasExited(child)
    ? Promise.resolve(true)
    : new Promise<boolean>((done) => {
        const timer = setTimeout(() => done(false), ms);
        child.once('exit', () => {
          clearTimeout(timer);
          done(true);
        });
      });

/**
 * Starts the real CLI, `footnote serve -w <workspace> --port 0` plus `args` (`--host 127.0.0.2`
 * makes it require tokens), and waits for the line announcing its address.
 */
export async function startServeProcess(
  workspace: string,
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    [join(repo, 'bin/footnote.js'), 'serve', '-w', workspace, '--port', '0', ...args],
    {
      cwd: repo,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () =>
        fail(new Error(`footnote serve did not announce its URL in ${STARTUP_MS} ms:\n${stderr}`)),
      STARTUP_MS,
    );
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      const match = /Footnote serving .* at (http:\/\/[\d.]+:\d+)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`footnote serve exited early (${signal ?? code}):\n${stderr}`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited(child, STOP_MS);
    throw error;
  });
  return {
    url,
    child,
    stderr: () => stderr,
    async stop() {
      if (hasExited(child)) return;
      child.kill('SIGTERM');
      if (await exited(child, STOP_MS)) return;
      child.kill('SIGKILL');
      await exited(child, STOP_MS);
    },
  };
}
