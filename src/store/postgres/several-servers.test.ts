import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropSchema,
  freshSchema,
  openTestPostgres,
  skipPostgres,
} from '../../testing/postgres-test-database.ts';
import { sampleMessage } from '../session-store.contract.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { PostgresSessionStore } from './postgres-session-store.ts';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.skipIf(skipPostgres)('PostgresDatabase.exclusive across processes', () => {
  const schema = freshSchema();
  // Two handles with pools of their own stand for two servers on one database.
  let one: PostgresDatabase;
  let two: PostgresDatabase;

  beforeAll(async () => {
    one = (await openTestPostgres('/shared', schema)).db;
    two = (await openTestPostgres('/shared', schema)).db;
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await dropSchema(schema);
  });

  it('never overlaps work on one key, and lets other keys run meanwhile', async () => {
    const log: string[] = [];
    const work = (name: string) => async () => {
      log.push(`${name} in`);
      await sleep(40);
      log.push(`${name} out`);
    };
    await Promise.all([
      one.exclusive('s1', work('a')),
      two.exclusive('s1', work('b')),
      one.exclusive('s1', work('c')),
      two.exclusive('s1', work('d')),
    ]);
    for (let i = 0; i < log.length; i += 2) {
      expect(log[i]?.replace(' in', '')).toBe(log[i + 1]?.replace(' out', ''));
    }
    const started = performance.now();
    await Promise.all([one.exclusive('x', () => sleep(150)), two.exclusive('y', () => sleep(150))]);
    expect(performance.now() - started).toBeLessThan(280);
  });

  it('holds locks on more keys than the pool has connections while the work still queries', async () => {
    // The test pools have 4 connections: a lock per pooled connection would leave none for the work.
    const keys = Array.from({ length: 12 }, (_, i) => `many-${i}`);
    const answers = await Promise.all(
      keys.map((key) =>
        one.exclusive(key, async () => {
          await sleep(20);
          return (await one.query<{ n: number }>('SELECT 1 AS n')).rows[0]?.n;
        }),
      ),
    );
    expect(answers).toEqual(keys.map(() => 1));
  });

  it('hands a released lock to a waiter in another process at once, not on its next retry', async () => {
    let release = () => {};
    let acquiredAt = 0;
    const held = one.exclusive('handoff', () => new Promise<void>((done) => (release = done)));
    await sleep(50);
    const waiting = two.exclusive('handoff', async () => {
      acquiredAt = performance.now();
    });
    await sleep(30);
    const releasedAt = performance.now();
    release();
    await Promise.all([held, waiting]);
    // Retries are 250 ms apart; the release's notification wakes the waiter well before that.
    expect(acquiredAt - releasedAt).toBeLessThan(120);
  });

  it('frees the lock when the holding connection dies (a killed server)', async () => {
    let finish = () => {};
    const held = one.exclusive('s2', () => new Promise<void>((done) => (finish = done)));
    await sleep(50);
    const { rows } = await two.query<{ pid: number }>(
      "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND granted",
      [one.ws],
    );
    expect(rows).toHaveLength(1);
    await two.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid as number]);
    await expect(two.exclusive('s2', async () => 'taken over')).resolves.toBe('taken over');
    finish();
    await held;
  });
});

describe.skipIf(skipPostgres)('Answers streamed by a server on another host', () => {
  it('are left alone while that server runs, and interrupted once it is gone', async () => {
    const schema = freshSchema();
    const elsewhere = await openTestPostgres('/shared', schema);
    const here = await openTestPostgres('/shared', schema);
    try {
      // The writer id names another host, so no pid check can say whether it runs: only the database can.
      const other = { id: 'other-host:4242', isRunning: () => false };
      await elsewhere.db.announce(other.id);
      const writer = new PostgresSessionStore(elsewhere.db, { writer: other });
      await writer.createSession({
        id: 's1',
        workspaceId: 'default',
        userId: 'local',
        title: 'x',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      });
      await writer.appendTurn(
        sampleMessage({ id: 'm1', role: 'user', content: 'Why?' }),
        sampleMessage({ status: 'streaming' }),
      );
      const starting = new PostgresSessionStore(here.db);
      expect(await starting.interruptAbandoned('2026-01-02T00:00:00.000Z')).toEqual([]);
      await elsewhere.db.close();
      // The server notices the closed connection a moment later: the lock goes when it does.
      await expect
        .poll(
          async () =>
            (await starting.interruptAbandoned('2026-01-02T00:00:00.000Z')).map((m) => [
              m.id,
              m.status,
            ]),
          { timeout: 2_000 },
        )
        .toEqual([['m2', 'interrupted']]);
    } finally {
      await elsewhere.db.close();
      await here.cleanup();
    }
  });
});
