import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Judgments } from './metrics.ts';

/** One abstract of the collection. */
export interface CranfieldDoc {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

/** One query with its graded judgments (only queries that have judgments are kept). */
export interface CranfieldQuery {
  readonly id: string;
  readonly text: string;
  readonly judgments: Judgments;
}

/** The two query splits: `dev` to tune on, `test` to report only. */
export type CranfieldSplit = 'dev' | 'test';

/** The collection as read from its BEIR-layout folder. */
export interface Cranfield {
  readonly docs: readonly CranfieldDoc[];
  readonly queries: Readonly<Record<CranfieldSplit, readonly CranfieldQuery[]>>;
}

const FILES = [
  'corpus.jsonl',
  'queries.dev.jsonl',
  'queries.test.jsonl',
  'qrels.dev.tsv',
  'qrels.test.tsv',
];

/** Why the collection cannot be read from `dir`, or null when every file is there; lets the bench skip cleanly. */
export function missingCranfield(dir: string): string | null {
  const missing = FILES.filter((f) => !existsSync(join(dir, f)));
  return missing.length === 0 ? null : `${missing.join(', ')} not found in ${dir}`;
}

async function readJsonLines(path: string): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Parses a qrels TSV (`query-id corpus-id score`, header first) into grades per query, the score used as given. */
export function parseQrels(text: string): Map<string, Map<string, number>> {
  const byQuery = new Map<string, Map<string, number>>();
  const [, ...lines] = text.split('\n');
  for (const line of lines) {
    if (line.trim() === '') continue;
    const [queryId, docId, score] = line.trim().split('\t');
    const grade = Number(score);
    if (queryId === undefined || docId === undefined || !Number.isFinite(grade)) {
      throw new Error(`bad qrels line: ${JSON.stringify(line)}`);
    }
    const grades = byQuery.get(queryId) ?? new Map<string, number>();
    grades.set(docId, grade);
    byQuery.set(queryId, grades);
  }
  return byQuery;
}

async function loadSplit(dir: string, split: CranfieldSplit): Promise<CranfieldQuery[]> {
  const qrels = parseQrels(await readFile(join(dir, `qrels.${split}.tsv`), 'utf8'));
  const rows = await readJsonLines(join(dir, `queries.${split}.jsonl`));
  return rows.flatMap((row) => {
    const id = String(row._id);
    const judgments = qrels.get(id);
    return judgments ? [{ id, text: String(row.text), judgments }] : [];
  });
}

/** Reads the corpus, both query splits and their judgments from the collection folder. */
export async function loadCranfield(dir: string): Promise<Cranfield> {
  const docs = (await readJsonLines(join(dir, 'corpus.jsonl'))).map((row) => ({
    id: String(row._id),
    title: String(row.title ?? ''),
    text: String(row.text ?? ''),
  }));
  return {
    docs,
    queries: { dev: await loadSplit(dir, 'dev'), test: await loadSplit(dir, 'test') },
  };
}
