import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { trackPeakRss } from './track-peak-rss.ts';

/** What a plain FTS5 bulk insert of a set of files took. */
export interface PlainFts5Insert {
  readonly files: number;
  readonly bytes: number;
  readonly seconds: number;
  readonly peakRssBytes: number;
}

/**
 * The floor to hold Footnote's indexing against: each file read and inserted whole, path and
 * text, into one SQLite FTS5 table (unicode61 words) in one transaction, on a file database in WAL
 * mode with synchronous = NORMAL as Footnote opens its own. No parsing, chunking, links or
 * analysis: what indexing the same bytes costs SQLite alone.
 */
export function plainFts5Insert(
  root: string,
  paths: readonly string[],
  dbPath: string,
): PlainFts5Insert {
  const rss = trackPeakRss();
  const started = performance.now();
  const db = new DatabaseSync(dbPath);
  let bytes = 0;
  try {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('CREATE VIRTUAL TABLE files USING fts5(path, body)');
    const insert = db.prepare('INSERT INTO files (path, body) VALUES (?, ?)');
    db.exec('BEGIN');
    for (const path of paths) {
      const text = readFileSync(join(root, path), 'utf8');
      bytes += Buffer.byteLength(text);
      insert.run(path, text);
    }
    db.exec('COMMIT');
  } finally {
    db.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return { files: paths.length, bytes, seconds, peakRssBytes: rss.stop() };
}
