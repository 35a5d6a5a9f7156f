import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigrateReport, migrateWorkspace } from '../src/apps/cli/migrate-command.ts';
import { runTurn } from '../src/chat/index.ts';
import { gptTokenCounter, loadReferenceCatalog } from '../src/core/index.ts';
import {
  openWorkspaceStores,
  sqliteDatabasePath,
  type WorkspaceStores,
} from '../src/store/index.ts';
import { createSchemaUrl, skipPostgres } from '../src/testing/postgres-test-database.ts';
import { copySampleWorkspace, runFootnoteAsync } from '../src/testing/run-footnote.ts';
import { scriptedModel } from '../src/testing/scripted-model.ts';
import { indexWorkspace } from '../src/workspace/index.ts';

const design = 'notes/projects/Pump Design.md';

/** Everything migrate must carry over, read through the ports (so both stores are read alike). */
async function history(stores: WorkspaceStores) {
  const doc = await stores.store.getDocumentByPath(design);
  const sessions = await stores.sessions.listSessions({ workspaceId: 'default', userId: 'local' });
  return {
    documentId: doc?.id,
    sessions,
    messages: await Promise.all(sessions.map((s) => stores.sessions.listMessages(s.id))),
    edits: await Promise.all(sessions.map((s) => stores.sessions.listProposedEdits(s.id))),
    versions: await stores.sessions.listVersions(doc?.id ?? ''),
    audit: await stores.sessions.listAuditEvents(),
    users: await stores.users.listUsers(),
  };
}

const copied = (report: { tables: readonly { table: string; copied: number }[] }) =>
  Object.fromEntries(report.tables.map((t) => [t.table, t.copied]));

describe.skipIf(skipPostgres)('footnote migrate between SQLite and PostgreSQL', () => {
  const sample = copySampleWorkspace();
  let database: Awaited<ReturnType<typeof createSchemaUrl>>;
  let original: Awaited<ReturnType<typeof history>>;

  beforeAll(async () => {
    database = await createSchemaUrl();
    // A workspace with a history in its SQLite file: an applied edit, a proposal, a user.
    const stores = await openWorkspaceStores(sample.workspace);
    try {
      const reindex = async () => {
        await indexWorkspace(sample.workspace, stores.store);
      };
      await reindex();
      const turn = async (content: string, dryRun: boolean, sessionId?: string) =>
        runTurn({
          root: sample.workspace,
          store: stores.store,
          sessions: stores.sessions,
          catalog: await loadReferenceCatalog(stores.store),
          model: scriptedModel([
            {
              toolCalls: [
                { name: 'edit_section', input: { path: design, section: 'Impeller', content } },
              ],
            },
            { text: 'Done.' },
          ]),
          tokenCounter: gptTokenCounter,
          message: 'Rewrite [[Pump Design#Impeller]]',
          mode: 'agent',
          dryRun,
          reindex,
          ...(sessionId && { sessionId }),
        });
      const first = await turn('Six vanes, closed.', false);
      await turn('Seven vanes.', true, first.session.id);
      await stores.users.addUser({ name: 'alice', role: 'member', workspaces: ['default'] });
      original = await history(stores);
    } finally {
      await stores.close();
    }
    expect(original.versions.length).toBeGreaterThan(1);
    expect(original.edits.flat().map((e) => e.status)).toEqual(['applied', 'proposed']);
  });
  afterAll(async () => {
    await database?.drop();
    sample.cleanup();
  });

  it('copies the history into PostgreSQL with the same document ids, rebuilds the index, and copies nothing new the second time', async () => {
    const to = { kind: 'postgres', url: database.url } as const;
    const report = await migrateWorkspace(sample.workspace, { kind: 'sqlite' }, to, {
      quiet: true,
    });
    expect(copied(report)).toMatchObject({
      users: 1,
      memberships: 1,
      sessions: 1,
      messages: 4,
      versions: original.versions.length,
      audit_events: original.audit.length,
      proposed_edits: 2,
    });
    expect(copied(report).tool_calls).toBeGreaterThan(0);
    for (const table of report.tables) expect(table.copied, table.table).toBe(table.read);
    expect(report.index.chunks).toBeGreaterThan(0);

    const stores = await openWorkspaceStores(sample.workspace, { databaseUrl: database.url });
    try {
      expect(await history(stores)).toEqual(original);
      // The index was rebuilt from the files, under the same ids: search finds the edited text.
      const found = await stores.store.searchLexical({ terms: ['vane'], limit: 5 });
      expect(found.map((hit) => hit.chunk.documentId)).toContain(original.documentId);
    } finally {
      await stores.close();
    }

    // Again, through the command: every row is there already.
    const again = await runFootnoteAsync(
      ['migrate', '--from', 'sqlite', '--to', 'postgres', '-w', sample.workspace, '--json'],
      { env: { DATABASE_URL: database.url } },
    );
    expect(again.code, again.stderr).toBe(0);
    const second = JSON.parse(again.stdout) as MigrateReport;
    expect(second.tables.every((t) => t.copied === 0 && t.read > 0)).toBe(true);
    expect(second.index).toMatchObject({ added: 0, updated: 0 });
  });

  it('copies it back into a new SQLite file, the same history', async () => {
    rmSync(join(sample.workspace, '.footnote'), { recursive: true, force: true });
    const from = { kind: 'postgres', url: database.url } as const;
    const report = await migrateWorkspace(
      sample.workspace,
      from,
      { kind: 'sqlite' },
      { quiet: true },
    );
    for (const table of report.tables) expect(table.copied, table.table).toBe(table.read);
    expect(existsSync(sqliteDatabasePath(sample.workspace))).toBe(true);
    const stores = await openWorkspaceStores(sample.workspace);
    try {
      expect(await history(stores)).toEqual(original);
    } finally {
      await stores.close();
    }
    const twice = await migrateWorkspace(
      sample.workspace,
      from,
      { kind: 'sqlite' },
      { quiet: true },
    );
    expect(twice.tables.map((t) => t.copied)).toEqual(twice.tables.map(() => 0));
  });
});
