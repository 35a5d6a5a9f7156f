import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';

const repo = resolve(import.meta.dirname, '..');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Issue 12's file, small: one wikilink list item per line. */
const HOSTILE = `zanzibar heads the list\n\n${'- [[H]]\n'.repeat(60_000)}`;
const PROBLEM =
  /warning notes\/Huge List\.md: (needed more than 32 MiB|took longer than 4 s) to read; indexed as plain text/;
// Small limits, so the list runs out of one (memory or time, as the parser goes) in seconds.
const ENV = { FOOTNOTE_READER_MEMORY_MB: '32', FOOTNOTE_READ_TIMEOUT_MS: '4000' };

interface Served {
  readonly url: string;
  readonly child: ChildProcess;
  stderr(): string;
  stop(): Promise<number | null>;
}

/** Starts `footnote serve` on `workspace` and waits (boundedly) until it listens. */
async function serve(workspace: string): Promise<Served> {
  const child = spawn(
    process.execPath,
    [join(repo, 'bin/footnote.js'), 'serve', '--workspace', workspace, '--port', '0'],
    { env: { ...process.env, ...ENV, NO_COLOR: '1' } },
  );
  const exited = new Promise<number | null>((done) => child.on('close', done));
  let stderr = '';
  const stop = async () => {
    child.kill('SIGTERM');
    return exited;
  };
  cleanups.push(async () => {
    await stop();
  });
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`serve did not listen: ${stderr}`)), 60_000);
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      const match = /^Open (http:\/\/127\.0\.0\.1:\d+)\/ in your browser$/m.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
    void exited.then((code) => fail(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return { url, child, stderr: () => stderr, stop };
}

/** GET /health, failing if it takes a second or more. */
async function health(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1_000) });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return performance.now() - started;
}

describe('footnote serve with a file that would exhaust the indexer', () => {
  it('keeps answering while a dropped file exhausts a reader, then lists it and serves the rest', async () => {
    const sample = copySampleWorkspace();
    cleanups.push(() => sample.cleanup());
    const server = await serve(sample.workspace);
    writeFileSync(join(sample.workspace, 'notes', 'Huge List.md'), HOSTILE);
    writeFileSync(
      join(sample.workspace, 'notes', 'Ferry Times.md'),
      '# Ferry Times\n\nThe zanzibar ferry leaves at dawn from the north pier.\n',
    );
    const latencies: number[] = [];
    for (let poll = 0; poll < 600 && !PROBLEM.test(server.stderr()); poll++) {
      latencies.push(await health(server.url));
      await sleep(50);
    }
    expect(server.stderr()).toMatch(PROBLEM);
    expect(server.child.exitCode).toBeNull();
    expect(latencies.length).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(1_000);

    const documents = (await (
      await fetch(`${server.url}/api/workspaces/default/documents`)
    ).json()) as { documents: Array<{ path: string }> };
    const paths = documents.documents.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['notes/Huge List.md', 'notes/Ferry Times.md']));
    const turn = await fetch(`${server.url}/api/workspaces/default/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'When does the zanzibar ferry leave?' }),
      signal: AbortSignal.timeout(30_000),
    });
    expect(turn.status).toBe(200);
    const { message } = (await turn.json()) as { message: { citations: Array<{ path: string }> } };
    expect(message.citations.map((c) => c.path)).toContain('notes/Ferry Times.md');
  }, 120_000);

  it('comes up with such a file already in the workspace, and again after a restart', async () => {
    const sample = copySampleWorkspace();
    cleanups.push(() => sample.cleanup());
    writeFileSync(join(sample.workspace, 'notes', 'Huge List.md'), HOSTILE);
    const first = await serve(sample.workspace);
    expect(first.stderr()).toMatch(PROBLEM);
    await health(first.url);
    expect(await first.stop()).toBe(0);

    const second = await serve(sample.workspace);
    await health(second.url);
    // Stored as plain text the first time, the file is unchanged now and not read again.
    expect(second.stderr()).not.toContain('Huge List.md');
  }, 120_000);
});
