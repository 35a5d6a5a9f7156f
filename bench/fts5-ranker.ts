import { DatabaseSync } from 'node:sqlite';
import type { Ranker } from './evaluate-ranker.ts';
import type { CranfieldDoc } from './load-cranfield.ts';

/** A plain SQLite full-text index of the collection: the speed baseline search is held to. */
export interface PlainFts5 {
  readonly rank: Ranker;
  close(): void;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Builds an FTS5 table (title, text; Porter stemming over unicode61 words) in a file at `path`
 * and ranks with its built-in `bm25()` over an OR of the query's words: what a plain use of
 * SQLite full-text search costs, with no analysis, stop words or re-ranking of ours.
 */
export function buildPlainFts5(
  path: string,
  docs: readonly CranfieldDoc[],
  limit = 100,
): PlainFts5 {
  const db = new DatabaseSync(path);
  db.exec(
    "CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, title, text, tokenize = 'porter unicode61')",
  );
  const insert = db.prepare('INSERT INTO docs (id, title, text) VALUES (?, ?, ?)');
  db.exec('BEGIN');
  for (const doc of docs) insert.run(doc.id, doc.title, doc.text);
  db.exec('COMMIT');
  const search = db.prepare('SELECT id FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT ?');
  return {
    rank: async (query) => {
      const words = [...new Set(query.toLowerCase().match(WORD) ?? [])];
      if (words.length === 0) return [];
      const rows = search.all(words.map((w) => `"${w}"`).join(' OR '), limit) as Array<{
        id: string;
      }>;
      return rows.map((r) => r.id);
    },
    close: () => db.close(),
  };
}
