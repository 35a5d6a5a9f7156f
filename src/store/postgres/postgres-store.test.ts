import { describe } from 'vitest';
import { openTestPostgres, skipPostgres } from '../../testing/postgres-test-database.ts';
import { describeDocumentStore } from '../document-store.contract.ts';
import { PostgresStore } from './postgres-store.ts';

describe.skipIf(skipPostgres)('PostgreSQL', () => {
  describeDocumentStore('PostgreSQL schema', async () => {
    const { db, cleanup } = await openTestPostgres();
    return { store: new PostgresStore(db), cleanup };
  });
});
