import { stat } from 'node:fs/promises';

/** Bytes a SQLite database takes on disk, write-ahead log included (it holds recent writes until a checkpoint). */
export async function databaseBytes(path: string): Promise<number> {
  let total = 0;
  for (const file of [path, `${path}-wal`]) {
    total += await stat(file).then(
      (s) => s.size,
      () => 0,
    );
  }
  return total;
}
