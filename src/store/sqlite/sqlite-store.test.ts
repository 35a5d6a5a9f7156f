import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeDocumentStore } from '../document-store.contract.ts';
import { SqliteStore } from './sqlite-store.ts';

describeDocumentStore('SQLite file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'footnote-store-'));
  return {
    store: SqliteStore.open(join(dir, 'footnote.db')),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
