import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  dropSchema,
  freshSchema,
  openTestPostgres,
  skipPostgres,
} from '../../testing/postgres-test-database.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { PostgresIndexLease } from './postgres-index-lease.ts';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const always = { wait: false, changed: () => true };

describe.skipIf(skipPostgres)('PostgresIndexLease', () => {
  let schema: string;
  // Two handles with pools of their own stand for two servers on one workspace.
  let one: PostgresDatabase;
  let two: PostgresDatabase;
  const leases: PostgresIndexLease[] = [];
  const lease = (db: PostgresDatabase, holder: string, ttlMs = 30_000) => {
    const made = new PostgresIndexLease(db, { holder, ttlMs, pollMs: 100 });
    leases.push(made);
    return made;
  };

  beforeEach(async () => {
    schema = freshSchema();
    one = (await openTestPostgres('/shared', schema)).db;
    two = (await openTestPostgres('/shared', schema)).db;
  });
  afterEach(async () => {
    for (const made of leases.splice(0)) await made.close();
    await one.close();
    await two.close();
    await dropSchema(schema);
  });

  it('lets one process index at a time: the other skips, and the holder runs once more for it', async () => {
    const a = lease(one, 'a');
    const b = lease(two, 'b');
    const versions: number[] = [];
    b.onVersion((version) => versions.push(version));
    const runs: string[] = [];
    let release = () => {};
    const slow = a.run(async () => {
      runs.push('a');
      if (runs.length === 1) await new Promise<void>((done) => (release = done));
      return runs.length;
    }, always);
    await sleep(50);
    const skipped = await b.run(async () => {
      runs.push('b');
      return 0;
    }, always);
    expect(skipped).toBeNull();
    release();
    // The change b saw arrived during a's first run: a ran again before letting go.
    expect(await slow).toBe(2);
    expect(runs).toEqual(['a', 'a']);
    await sleep(150);
    expect(versions).toEqual([1]);
    // Free again: b takes it, and a hears of b's version.
    const heard: number[] = [];
    a.onVersion((version) => heard.push(version));
    expect(await b.run(async () => 'b ran', always)).toBe('b ran');
    expect(await b.run(async () => 'nothing changed', { wait: false, changed: () => false })).toBe(
      'nothing changed',
    );
    await sleep(150);
    expect(heard).toEqual([2]);
  });

  it('makes a run that must happen here wait for the holder, then run', async () => {
    const a = lease(one, 'a');
    const b = lease(two, 'b');
    const log: string[] = [];
    const first = a.run(async () => {
      log.push('a in');
      await sleep(200);
      log.push('a out');
    }, always);
    await sleep(30);
    await b.run(async () => void log.push('b'), { wait: true, changed: () => true });
    await first;
    expect(log).toEqual(['a in', 'a out', 'b']);
  });

  it('keeps a lease it renews past its time to live, and hands over one whose holder died', async () => {
    const a = lease(one, 'a', 300);
    const b = lease(two, 'b', 300);
    let bRan = false;
    const long = a.run(() => sleep(700), always);
    await sleep(450);
    // Renewed every 100 ms: still a's, so b leaves the run to it.
    expect(await b.run(async () => (bRan = true), always)).toBeNull();
    await long;
    expect(bRan).toBe(false);
    // A holder that dies stops renewing; its lease expires and b, asked to rerun, is told to index.
    await one.query(
      `UPDATE index_leases SET holder = 'dead', rerun = TRUE,
         expires_at = (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::bigint + 200 WHERE ws = $1`,
      [one.ws],
    );
    const requested = new Promise<void>((done) => b.onRunRequested(done));
    await requested;
    expect(await b.run(async () => (bRan = true), always)).toBe(true);
  });
});
