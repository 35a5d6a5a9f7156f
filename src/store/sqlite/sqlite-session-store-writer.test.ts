import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleMessage } from '../session-store.contract.ts';
import { openDatabase } from './open-database.ts';
import { SqliteSessionStore, thisProcess, type WriterProcess } from './sqlite-session-store.ts';

let dir: string;
let db: ReturnType<typeof openDatabase>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'footnote-writers-'));
  db = openDatabase(join(dir, 'footnote.db'));
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A store that writes as `id`, and sees only the writers in `running` as alive. */
const storeAs = (id: string, running: readonly string[]) => {
  const writer: WriterProcess = { id, isRunning: (other) => running.includes(other) };
  return new SqliteSessionStore(db, { writer });
};

describe('answers left streaming, by writer', () => {
  it('interrupts only the answers whose writer no longer runs', async () => {
    const cli = storeAs('host:100', []);
    const crashed = storeAs('host:200', []);
    await cli.createSession({
      id: 's1',
      workspaceId: 'default',
      userId: 'local',
      title: 'Two writers',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    await cli.appendTurn(
      sampleMessage({ id: 'q1', role: 'user', content: 'Live?' }),
      sampleMessage({ id: 'a1', status: 'streaming', content: '' }),
    );
    await cli.saveProgress(
      sampleMessage({ id: 'a1', status: 'streaming', content: 'Still going' }),
    );
    await crashed.appendTurn(
      sampleMessage({ id: 'q2', role: 'user', content: 'Dead?' }),
      sampleMessage({ id: 'a2', status: 'streaming', content: 'Cut o' }),
    );

    // A server starting while `host:100` (say, `footnote ask`) still streams its answer.
    const server = storeAs('host:300', ['host:100']);
    const marked = await server.interruptAbandoned('2026-01-02T00:00:00.000Z');
    expect(marked.map((m) => m.id)).toEqual(['a2']);
    const byId = new Map((await server.listMessages('s1')).map((m) => [m.id, m]));
    expect(byId.get('a1')).toMatchObject({ status: 'streaming', content: 'Still going' });
    expect(byId.get('a2')).toMatchObject({
      status: 'interrupted',
      reason: 'server_stopped',
      content: 'Cut o',
    });
    // The live writer carries on and finishes normally.
    expect(
      await cli.saveProgress(
        sampleMessage({ id: 'a1', status: 'streaming', content: 'Still going!' }),
      ),
    ).toBe(true);
  });
});

describe('thisProcess', () => {
  it('names this process by host and pid, and tells running writers from gone ones', () => {
    const me = thisProcess();
    expect(me.id).toBe(`${hostname()}:${process.pid}`);
    // Its own pid is an earlier life (a restarted container); nothing of this process is running yet.
    expect(me.isRunning(me.id)).toBe(false);
    expect(me.isRunning(`${hostname()}:${process.ppid}`)).toBe(true);
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    expect(me.isRunning(`${hostname()}:${gone}`)).toBe(false);
    expect(me.isRunning(`another-host:${process.ppid}`)).toBe(false);
    expect(me.isRunning('nonsense')).toBe(false);
    expect(me.isRunning(`${hostname()}:-1`)).toBe(false);
  });
});
