import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase, PostgresSessionStore, PostgresStore } from '../src/store/index.ts';
import {
  dropSchema,
  freshSchema,
  POSTGRES_TEST_URL,
  skipPostgres,
} from '../src/testing/postgres-test-database.ts';
import { copySampleWorkspace, runFootnoteAsync } from '../src/testing/run-footnote.ts';

const repo = resolve(import.meta.dirname, '..');

/** Starts `footnote serve` on the sample and waits until it says where it listens. */
async function serve(
  workspace: string,
  url: string,
): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [join(repo, 'bin/footnote.js'), 'serve', '-w', workspace, '--port', '0', '--database-url', url],
    { env: { ...process.env, NO_COLOR: '1', DATABASE_URL: '' } },
  );
  let stderr = '';
  const base = await new Promise<string>((done, fail) => {
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      const match = /^Open (http:\/\/127\.0\.0\.1:\d+\/) /m.exec(stderr);
      if (match?.[1]) done(match[1]);
    });
    child.on('close', (code) => fail(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return { base, child };
}

describe.skipIf(skipPostgres)('footnote on PostgreSQL', () => {
  const schema = freshSchema();
  // The schema goes in the URL, as a team would pick one: ?options=-c search_path=…
  const url = `${POSTGRES_TEST_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const sample = copySampleWorkspace();
  let db: PostgresDatabase | undefined;

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  });
  afterAll(async () => {
    await db?.close();
    await dropSchema(schema);
    sample.cleanup();
  });

  it('indexes, answers with ask and serves a chat turn, writing nothing to .footnote/footnote.db', async () => {
    const indexed = await runFootnoteAsync(
      ['index', '-w', sample.workspace, '--database-url', url, '--json'],
      { env: { DATABASE_URL: '' } },
    );
    expect(indexed.code, indexed.stderr).toBe(0);
    expect(JSON.parse(indexed.stdout)).toMatchObject({ added: expect.any(Number) });
    // DATABASE_URL alone chooses PostgreSQL too.
    const asked = await runFootnoteAsync(
      [
        'ask',
        'What does [[Solar Pump Project#Risks]] say about silt?',
        '-w',
        sample.workspace,
        '--json',
      ],
      { env: { DATABASE_URL: url } },
    );
    expect(asked.code, asked.stderr).toBe(0);
    expect(JSON.parse(asked.stdout).message).toMatchObject({ status: 'complete', grounded: true });

    const { base, child } = await serve(sample.workspace, url);
    try {
      const turn = await fetch(`${base}api/workspaces/default/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'What is the SP-200?' }),
      });
      expect(turn.status).toBe(200);
      await turn.arrayBuffer();
    } finally {
      const exited = new Promise((done) => child.on('close', done));
      child.kill('SIGTERM');
      await exited;
    }
    expect(existsSync(join(sample.workspace, '.footnote', 'footnote.db'))).toBe(false);

    db = await PostgresDatabase.open(url, { workspace: resolve(sample.workspace) });
    expect((await new PostgresStore(db).stats()).documents).toBeGreaterThan(10);
    const sessions = new PostgresSessionStore(db);
    const list = await sessions.listSessions({ workspaceId: 'default', userId: 'local' });
    expect(list).toHaveLength(2);
    for (const session of list) {
      const messages = await sessions.listMessages(session.id);
      expect(messages.map((m) => [m.role, m.status])).toEqual([
        ['user', 'complete'],
        ['assistant', 'complete'],
      ]);
    }
  });
});
