import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PostgresDatabase } from '../store/postgres/postgres-database.ts';

/** The database the PostgreSQL tests use: `FOOTNOTE_TEST_DATABASE_URL`, else the machine's local one. */
export const POSTGRES_TEST_URL =
  process.env.FOOTNOTE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether a PostgreSQL server answers at {@link POSTGRES_TEST_URL} within two seconds. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: POSTGRES_TEST_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Whether to skip the PostgreSQL tests: only when no server answers and `CI` is unset. In CI a
 * missing server fails the tests instead of hiding them.
 */
export const skipPostgres = !(await postgresReachable()) && !process.env.CI;

/** A fresh schema name, so parallel test files never share tables. */
export const freshSchema = () => `fn_test_${randomBytes(6).toString('hex')}`;

/** Drops a test schema and everything in it. */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

/** Opens a migrated database in a fresh schema for `workspace`; cleanup closes it and drops the schema. */
export async function openTestPostgres(
  workspace = '/test/workspace',
  schema = freshSchema(),
): Promise<{ db: PostgresDatabase; schema: string; cleanup(): Promise<void> }> {
  const db = await PostgresDatabase.open(POSTGRES_TEST_URL, { workspace, schema, max: 4 });
  return {
    db,
    schema,
    async cleanup() {
      await db.close();
      await dropSchema(schema);
    },
  };
}

/**
 * Creates a fresh schema and returns the test database's URL pointing into it (`search_path`), as a
 * team would pick a schema for `--database-url`; `drop` removes it and everything in it.
 */
export async function createSchemaUrl(): Promise<{
  url: string;
  schema: string;
  drop(): Promise<void>;
}> {
  const schema = freshSchema();
  const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  const separator = POSTGRES_TEST_URL.includes('?') ? '&' : '?';
  return {
    url: `${POSTGRES_TEST_URL}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    schema,
    drop: () => dropSchema(schema),
  };
}
