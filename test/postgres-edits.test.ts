import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyProposedEdit, fileLockKey, runTurn } from '../src/chat/index.ts';
import {
  FootnoteError,
  gptTokenCounter,
  LOCAL_USER,
  loadReferenceCatalog,
} from '../src/core/index.ts';
import { PostgresSessionStore } from '../src/store/postgres/postgres-session-store.ts';
import { PostgresStore } from '../src/store/postgres/postgres-store.ts';
import {
  dropSchema,
  freshSchema,
  openTestPostgres,
  skipPostgres,
} from '../src/testing/postgres-test-database.ts';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';
import { scriptedModel } from '../src/testing/scripted-model.ts';
import { indexWorkspace } from '../src/workspace/index.ts';

const design = 'notes/projects/Pump Design.md';
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.skipIf(skipPostgres)('Agent edits on PostgreSQL, across servers', () => {
  let sample: ReturnType<typeof copySampleWorkspace>;
  let schema: string;
  let here: Awaited<ReturnType<typeof openTestPostgres>>;
  let there: Awaited<ReturnType<typeof openTestPostgres>>;

  beforeEach(async () => {
    sample = copySampleWorkspace();
    schema = freshSchema();
    // Two handles with pools and lock connections of their own stand for two servers.
    here = await openTestPostgres(sample.workspace, schema);
    there = await openTestPostgres(sample.workspace, schema);
  });
  afterEach(async () => {
    await here.db.close();
    await there.db.close();
    await dropSchema(schema);
    sample.cleanup();
  });

  it('wait for the other server editing the same file, then see its text and refuse a stale write', async () => {
    const store = new PostgresStore(here.db);
    const sessions = new PostgresSessionStore(here.db);
    const reindex = async () => {
      await indexWorkspace(sample.workspace, store);
    };
    await reindex();
    const { edits } = await runTurn({
      root: sample.workspace,
      store,
      sessions,
      catalog: await loadReferenceCatalog(store),
      model: scriptedModel([
        {
          toolCalls: [
            {
              name: 'edit_section',
              input: { path: design, section: 'Impeller', content: 'Six vanes, closed.' },
            },
          ],
        },
        { text: 'Proposed.' },
      ]),
      tokenCounter: gptTokenCounter,
      message: 'Rewrite [[Pump Design#Impeller]]',
      mode: 'agent',
      dryRun: true,
      reindex,
    });
    const proposal = edits[0]?.id as string;
    const file = realpathSync(join(sample.workspace, design));
    const theirs = `${readFileSync(file, 'utf8')}\nA line the other server wrote.\n`;

    let applying: Promise<unknown> = Promise.resolve();
    let settled = false;
    // The other server holds the file's lock while it writes: this server's apply must wait for it.
    await new PostgresSessionStore(there.db).exclusive(fileLockKey(file), async () => {
      applying = applyProposedEdit({
        root: sample.workspace,
        store,
        sessions,
        editId: proposal,
        actor: LOCAL_USER,
        reindex,
      }).then(
        (edit) => edit,
        (error: unknown) => error,
      );
      void applying.then(() => {
        settled = true;
      });
      await sleep(300);
      expect(settled).toBe(false);
      writeFileSync(file, theirs);
    });
    const outcome = await applying;
    expect(FootnoteError.isInstance(outcome) && outcome.code).toBe('edit_stale');
    expect(readFileSync(file, 'utf8')).toBe(theirs);
    expect((await sessions.getProposedEdit(proposal))?.status).toBe('stale');
  });
});
