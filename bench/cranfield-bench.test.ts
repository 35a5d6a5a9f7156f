import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCranfieldBench } from './cranfield-bench.ts';
import { formatCranfieldReport } from './format-report.ts';
import { removeTempDirs } from './temp-dirs.ts';

const jsonl = (rows: readonly object[]) => rows.map((r) => JSON.stringify(r)).join('\n');

/** A four-document collection in the BEIR layout, small enough to judge by eye. */
async function tinyCollection(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'footnote-bench-test-'));
  const docs = [
    { _id: '1', title: 'wing flutter', text: 'flutter of a swept wing at transonic speed .' },
    { _id: '2', title: 'heat transfer', text: 'heat conduction in composite slabs .' },
    { _id: '3', title: 'boundary layer', text: 'laminar boundary layer on a flat plate .' },
    { _id: '4', title: '', text: '' },
  ];
  await writeFile(join(dir, 'corpus.jsonl'), jsonl(docs));
  await writeFile(join(dir, 'queries.dev.jsonl'), jsonl([{ _id: '1', text: 'wing flutter' }]));
  await writeFile(join(dir, 'queries.test.jsonl'), jsonl([{ _id: '2', text: 'heat slabs' }]));
  await writeFile(join(dir, 'qrels.dev.tsv'), 'query-id\tcorpus-id\tscore\n1\t1\t4\n');
  await writeFile(join(dir, 'qrels.test.tsv'), 'query-id\tcorpus-id\tscore\n2\t2\t3\n');
  return dir;
}

describe('runCranfieldBench', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await removeTempDirs();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('skips with the reason when the collection is absent', async () => {
    const result = await runCranfieldBench(join(tmpdir(), 'no-such-cranfield'));
    expect(result.status).toBe('skipped');
    expect(formatCranfieldReport(result)).toMatch(/^Cranfield: skipped: .*corpus\.jsonl/);
  });

  it('indexes through Footnote and scores every system on both splits, timing search against plain FTS5', async () => {
    const dir = await tinyCollection();
    dirs.push(dir);
    const result = await runCranfieldBench(dir);
    if (result.status !== 'ok') throw new Error(result.reason);
    expect(result.docs).toBe(4);
    expect(result.indexing.footnote.problems).toBe(0);
    for (const split of ['dev', 'test'] as const) {
      for (const evaluation of Object.values(result.splits[split])) {
        expect(evaluation.queries).toBe(1);
        expect(evaluation.ndcgAt10).toBe(1);
        expect(evaluation.recallAt100).toBe(1);
      }
    }
    expect(Object.keys(result.splits.dev)).toContain('plainFts5');
    expect(result.searchTime.queries).toBe(2);
    expect(result.searchTime.ratio).toBeGreaterThan(0);
    const report = formatCranfieldReport(result);
    expect(report).toContain('test split (report only, not tuned)');
    expect(report).toMatch(/plain FTS5 [\d.]+ ms, ratio [\d.]+× \(goal ≤ 2×\)/);
    // Hybrid through the real embedding pass, with the LSI stand-in served over HTTP.
    expect(result.hybrid.standIn).toBe(true);
    expect(result.hybrid.embedding.chunks).toBeGreaterThanOrEqual(3);
    expect(result.hybrid.splits.dev.hybrid.ndcgAt10).toBe(1);
    expect(result.hybrid.splits.test.hybrid.recallAt100).toBe(1);
    expect(report).toMatch(/hybrid retrieval — openai-compatible:lsi-cranfield/);
    expect(report).toMatch(/hybrid \(default: reciprocal rank fusion, k 60\)/);
  });
});
