import { describe } from 'vitest';
import { openTestPostgres, skipPostgres } from '../../testing/postgres-test-database.ts';
import { describeSessionStore } from '../session-store.contract.ts';
import { describeUserStore } from '../user-store.contract.ts';
import { PostgresSessionStore } from './postgres-session-store.ts';
import { PostgresUserStore } from './postgres-user-store.ts';

describe.skipIf(skipPostgres)('PostgreSQL', () => {
  describeSessionStore('PostgreSQL schema', async () => {
    const { db, cleanup } = await openTestPostgres();
    return { store: new PostgresSessionStore(db), cleanup };
  });
  describeUserStore('PostgreSQL schema', async (now) => {
    const { db, cleanup } = await openTestPostgres();
    return { store: new PostgresUserStore(db, { now }), cleanup };
  });
});
