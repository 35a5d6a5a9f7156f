import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropSchema,
  freshSchema,
  openTestPostgres,
  skipPostgres,
} from '../../testing/postgres-test-database.ts';
import { sampleChunk, sampleDocument } from '../document-store.contract.ts';
import { sampleMessage, sampleProposedEdit } from '../session-store.contract.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { PostgresSessionStore } from './postgres-session-store.ts';
import { PostgresStore } from './postgres-store.ts';
import { PostgresUserStore } from './postgres-user-store.ts';

/** Each adapter's file, and how many statements it sends at least (so the sweep finds them). */
const ADAPTERS: Readonly<Record<string, number>> = {
  'postgres-store.ts': 6,
  'postgres-session-store.ts': 6,
  'postgres-user-store.ts': 6,
  'postgres-records.ts': 3,
};

describe('PostgreSQL adapters scope every statement', () => {
  it('name the workspace column in every SQL text they send', () => {
    for (const [file, least] of Object.entries(ADAPTERS)) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      const statements = [
        ...source.matchAll(/([`'"])\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b(?:(?!\1)[\s\S])*\1/g),
      ];
      expect(statements.length).toBeGreaterThanOrEqual(least);
      for (const [text] of statements) expect(text, `${file}: ${text}`).toMatch(/\bws\b/);
    }
  });
});

describe.skipIf(skipPostgres)('Two workspaces in one PostgreSQL database', () => {
  const schema = freshSchema();
  let a: PostgresDatabase;
  let b: PostgresDatabase;

  beforeAll(async () => {
    a = (await openTestPostgres('/teams/a', schema)).db;
    b = (await openTestPostgres('/teams/b', schema)).db;
    for (const [db, word] of [
      [a, 'turbine'],
      [b, 'pump'],
    ] as const) {
      const doc = sampleDocument({ title: word, body: `The ${word} spins.` });
      await new PostgresStore(db).writeDocument(doc, [sampleChunk(doc, 0, doc.body.length)]);
      const sessions = new PostgresSessionStore(db);
      await sessions.createSession({
        id: 's1',
        workspaceId: 'default',
        userId: 'local',
        title: word,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      });
      await sessions.appendTurn(
        sampleMessage({ id: 'm1', role: 'user', content: word }),
        sampleMessage({ status: 'streaming', content: word }),
      );
      await sessions.addProposedEdit(sampleProposedEdit({ reference: word }));
    }
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropSchema(schema);
  });

  it('keep the same ids apart: documents, search, sessions, messages, edits', async () => {
    expect((await new PostgresStore(a).getDocument('doc-1'))?.title).toBe('turbine');
    expect((await new PostgresStore(b).getDocument('doc-1'))?.title).toBe('pump');
    expect(await new PostgresStore(a).searchLexical({ terms: ['pump'], limit: 5 })).toEqual([]);
    expect((await new PostgresStore(b).lexicalStats(['pump'])).chunks).toBe(1);
    expect((await new PostgresSessionStore(a).getSession('s1'))?.title).toBe('turbine');
    expect((await new PostgresSessionStore(b).listMessages('s1')).map((m) => m.content)).toEqual([
      'pump',
      'pump',
    ]);
    expect((await new PostgresSessionStore(a).getProposedEdit('e1'))?.reference).toBe('turbine');
  });

  it('interrupt only their own abandoned answers, and keep users apart', async () => {
    const gone = { id: 'gone:1', isRunning: () => false };
    const marked = await new PostgresSessionStore(a, { writer: gone }).interruptAbandoned('x');
    expect(marked.map((m) => m.content)).toEqual(['turbine']);
    expect((await new PostgresSessionStore(b).listMessages('s1'))[1]?.status).toBe('streaming');
    const { token } = await new PostgresUserStore(a).addUser({
      name: 'alice',
      role: 'admin',
      workspaces: ['default'],
    });
    expect(await new PostgresUserStore(b).findUserByToken(token)).toBeNull();
    await new PostgresUserStore(b).addUser({ name: 'alice', role: 'viewer', workspaces: ['x'] });
    expect((await new PostgresUserStore(a).findUserByToken(token))?.role).toBe('admin');
  });
});
