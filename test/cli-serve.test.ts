import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../src/apps/cli/serve-command.ts';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';

const repo = resolve(import.meta.dirname, '..');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts `footnote serve` and waits for the line that tells people where to open it. */
async function serve(
  ...args: string[]
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const sample = copySampleWorkspace();
  // No browser opener on PATH: `--open` must shrug and keep serving.
  const emptyPath = mkdtempSync(join(tmpdir(), 'footnote-no-opener-'));
  const child = spawn(
    process.execPath,
    [
      join(repo, 'bin/footnote.js'),
      'serve',
      '--workspace',
      sample.workspace,
      '--port',
      '0',
      ...args,
    ],
    { env: { ...process.env, NO_COLOR: '1', PATH: emptyPath } },
  );
  const exited = new Promise<number | null>((done) => child.on('close', done));
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await exited;
    sample.cleanup();
    rmSync(emptyPath, { recursive: true, force: true });
  });
  let stderr = '';
  const url = await new Promise<string>((done, fail) => {
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      const match = /^Open (http:\/\/127\.0\.0\.1:\d+\/) in your browser$/m.exec(stderr);
      if (match?.[1]) done(match[1]);
    });
    void exited.then((code) => fail(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return { url, child, output: () => stderr };
}

describe('footnote serve', () => {
  it('prints where to open the UI, survives --open without a browser, and serves the repo’s dist/web', async () => {
    expect(WEB_ROOT).toBe(join(repo, 'dist', 'web'));
    const { url, child, output } = await serve('--open');
    expect(output()).toContain(`\nMCP clients connect to ${url}mcp\n`);
    const health = await fetch(`${url}health`);
    expect(health.status).toBe(200);
    const page = await fetch(url, { headers: { accept: 'text/html' } });
    if (existsSync(join(WEB_ROOT, 'index.html'))) {
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    } else {
      expect(page.status).toBe(503);
      expect(((await page.json()) as { error: { code: string } }).error.code).toBe(
        'web_ui_not_built',
      );
    }
    expect(child.exitCode).toBeNull();
  });

  it('does not rate-limit the one local user of a loopback server', async () => {
    const { url } = await serve();
    const turns = await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        fetch(`${url}api/workspaces/default/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message: `What is the SP-200? (${i})` }),
        }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    expect(turns.filter((status) => status !== 200)).toEqual([]);
  });
});
