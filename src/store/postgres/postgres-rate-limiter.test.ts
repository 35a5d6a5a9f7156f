import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../apps/server/rate-limiter.ts';
import {
  dropSchema,
  freshSchema,
  openTestPostgres,
  skipPostgres,
} from '../../testing/postgres-test-database.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { PostgresRateLimiter } from './postgres-rate-limiter.ts';

const MINUTE = 60_000;

describe.skipIf(skipPostgres)('PostgresRateLimiter', () => {
  const schema = freshSchema();
  // Two handles with pools of their own stand for two servers; a third is another workspace.
  let one: PostgresDatabase;
  let two: PostgresDatabase;
  let elsewhere: PostgresDatabase;

  beforeAll(async () => {
    one = (await openTestPostgres('/shared', schema)).db;
    two = (await openTestPostgres('/shared', schema)).db;
    elsewhere = (await openTestPostgres('/other', schema)).db;
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await elsewhere?.close();
    await dropSchema(schema);
  });

  it('gives a user one allowance over every server, deciding as the in-memory limiter does', async () => {
    const clock = { t: 1_700_000_000_000 };
    const options = { limit: 3, windowMs: 60 * MINUTE, now: () => clock.t };
    const servers = [new PostgresRateLimiter(one, options), new PostgresRateLimiter(two, options)];
    const memory = createRateLimiter(options);
    const decisions: unknown[][] = [];
    // Turns at 0, 20, 40, 50, 60, 65 and 80 minutes, alternating servers.
    for (const [i, minutes] of [0, 20, 40, 50, 60, 65, 80].entries()) {
      clock.t = 1_700_000_000_000 + minutes * MINUTE;
      const server = servers[i % 2] as PostgresRateLimiter;
      decisions.push([await server.take('alice'), memory.take('alice')]);
    }
    for (const [shared, alone] of decisions) expect(shared).toEqual(alone);
    expect(decisions.map(([shared]) => shared)).toEqual([
      { ok: true, remaining: 2 },
      { ok: true, remaining: 1 },
      { ok: true, remaining: 0 },
      { ok: false, retryAfterSeconds: 10 * 60 },
      { ok: true, remaining: 0 },
      { ok: false, retryAfterSeconds: 15 * 60 },
      { ok: true, remaining: 0 },
    ]);
    // Another user, and the same user in another workspace, have allowances of their own.
    expect(await servers[1]?.take('bob')).toEqual({ ok: true, remaining: 2 });
    expect(await new PostgresRateLimiter(elsewhere, options).take('alice')).toEqual({
      ok: true,
      remaining: 2,
    });
  });

  it('never accepts past the limit when servers take at the same moment, on the database clock', async () => {
    const options = { limit: 5, windowMs: 60 * MINUTE };
    const servers = [new PostgresRateLimiter(one, options), new PostgresRateLimiter(two, options)];
    const decisions = await Promise.all(
      Array.from({ length: 16 }, (_, i) => servers[i % 2]?.take('carol')),
    );
    expect(decisions.filter((d) => d?.ok)).toHaveLength(5);
    expect(
      decisions.filter((d) => d && !d.ok).map((d) => d && !d.ok && d.retryAfterSeconds),
    ).toEqual(Array(11).fill(3600));
  });
});
