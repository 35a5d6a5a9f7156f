import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '..');
const STARTUP_MS = 60_000;

/** A `footnote serve` child process: its base URL (no trailing slash) and how to stop it. */
export interface ServeProcess {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts the real CLI, `footnote serve`, on `workspace` with an OpenAI-compatible model at
 * `baseUrl` (and the workspace in PostgreSQL when a URL is given); resolves once it says where it
 * listens.
 */
export async function startServeProcess(options: {
  readonly workspace: string;
  readonly baseUrl: string;
  readonly databaseUrl?: string;
}): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    [
      join(repoRoot, 'bin/footnote.js'),
      'serve',
      '-w',
      options.workspace,
      '--port',
      '0',
      '--model',
      'openai-compatible:bench',
      '--base-url',
      options.baseUrl,
      ...(options.databaseUrl ? ['--database-url', options.databaseUrl] : []),
    ],
    { cwd: repoRoot, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let stderr = '';
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`footnote serve did not start in ${STARTUP_MS} ms:\n${stderr}`)),
      STARTUP_MS,
    );
    child.stderr.setEncoding('utf8').on('data', (data: string) => {
      stderr += data;
      const match = /(http:\/\/127\.0\.0\.1:\d+)\/? in your browser/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      fail(new Error(`footnote serve exited early:\n${stderr}`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw error;
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
