/**
 * Which fusion of lexical and vector rankings to use, measured on Cranfield: tuned on `dev`,
 * reported on `test`. The vectors come from an LSI model trained on the collection itself (no
 * embedding model can be downloaded here), so the numbers compare fusion methods, not models.
 *
 *   node bench/fusion-study.ts [--dimensions 128,256] [--cranfield DIR]
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { StoredChunk } from '../src/core/index.ts';
import { type FusionParams, fuseRankings, type RankedEntry } from '../src/search/fuse-rankings.ts';
import { searchWorkspace } from '../src/search/index.ts';
import { SqliteStore } from '../src/store/index.ts';
import { indexWorkspace } from '../src/workspace/index.ts';
import { evaluateRanker, type Ranker } from './evaluate-ranker.ts';
import { loadCranfield } from './load-cranfield.ts';
import { logProgress } from './log-progress.ts';
import { trainLsi } from './lsi-embedder.ts';
import { firstOccurrences } from './metrics.ts';
import { makeTempDir } from './temp-dirs.ts';
import { cranfieldIdOfPath, writeCranfieldWorkspace } from './write-cranfield-workspace.ts';

const DEPTH = 100;

const { values } = parseArgs({
  options: {
    dimensions: { type: 'string', default: '128,256' },
    cranfield: {
      type: 'string',
      default: resolve(import.meta.dirname, '../../shared/eval/cranfield'),
    },
  },
});

const collection = await loadCranfield(values.cranfield);
const root = await makeTempDir('footnote-fusion-study-');
await writeCranfieldWorkspace(root, collection.docs);
const store = SqliteStore.open(join(root, '.footnote', 'footnote.db'));
await indexWorkspace(root, store);
const chunks: Array<StoredChunk & { readonly corpusId: string; readonly embedText: string }> = [];
for (const doc of await store.listDocuments()) {
  const corpusId = cranfieldIdOfPath(doc.path);
  if (corpusId === null) continue;
  for (const chunk of await store.getChunks(doc.id))
    chunks.push({ ...chunk, corpusId, embedText: `${doc.title}\n${chunk.text}` });
}
const corpusIdOfChunk = new Map(chunks.map((c) => [c.id, c.corpusId]));
logProgress(`fusion study: ${chunks.length} chunks of ${collection.docs.length} documents`);

const lexicalCache = new Map<string, RankedEntry[]>();
const lexical = async (query: string) => {
  let hits = lexicalCache.get(query);
  if (!hits) {
    const results = await searchWorkspace(store, query, { limit: DEPTH, perDocument: DEPTH });
    hits = results.map((r) => ({ id: r.chunkId, score: r.score }));
    lexicalCache.set(query, hits);
  }
  return hits;
};
const toCorpus = (ids: readonly string[]) =>
  firstOccurrences(ids.flatMap((id) => corpusIdOfChunk.get(id) ?? []));

type Row = { system: string; dev: number; devRecall: number; test: number; testRecall: number };
const rows: Row[] = [];
const measure = async (system: string, rank: Ranker) => {
  const dev = await evaluateRanker(rank, collection.queries.dev, { warmupQueries: 0 });
  const test = await evaluateRanker(rank, collection.queries.test, { warmupQueries: 0 });
  rows.push({
    system,
    dev: dev.ndcgAt10,
    devRecall: dev.recallAt100,
    test: test.ndcgAt10,
    testRecall: test.recallAt100,
  });
  logProgress(`${system}: dev ${dev.ndcgAt10.toFixed(4)} test ${test.ndcgAt10.toFixed(4)}`);
};

await measure('lexical', async (q) => toCorpus((await lexical(q)).map((h) => h.id)));
for (const dimensions of values.dimensions.split(',').map(Number)) {
  const started = performance.now();
  const model = trainLsi(
    chunks.map((c) => c.embedText),
    { dimensions },
  );
  const vectors = chunks.map((c) => model.embed(c.embedText));
  logProgress(
    `LSI ${dimensions}: ${model.vocabulary} terms, trained and embedded in ${(performance.now() - started).toFixed(0)} ms`,
  );
  const nearest = (query: string): RankedEntry[] => {
    const q = model.embed(query);
    const scored = vectors.map((v, i) => {
      let dot = 0;
      for (let c = 0; c < v.length; c++) dot += (v[c] as number) * (q[c] as number);
      return { id: (chunks[i] as StoredChunk).id, score: dot };
    });
    return scored.sort((a, b) => b.score - a.score).slice(0, DEPTH);
  };
  await measure(`vector lsi-${dimensions}`, async (q) => toCorpus(nearest(q).map((h) => h.id)));
  const grid: Array<[string, FusionParams]> = [
    ...[10, 30, 60, 100].map((k): [string, FusionParams] => [`rrf k=${k}`, { method: 'rrf', k }]),
    ...[0.1, 0.2, 0.3, 0.4, 0.5].map((w): [string, FusionParams] => [
      `linear w=${w}`,
      { method: 'linear', vectorWeight: w },
    ]),
  ];
  for (const [name, params] of grid)
    await measure(`hybrid lsi-${dimensions} ${name}`, async (q) =>
      toCorpus(
        fuseRankings(await lexical(q), nearest(q), params)
          .slice(0, DEPTH)
          .map((f) => f.id),
      ),
    );
}
await store.close();

const best = rows.filter((r) => r.system.startsWith('hybrid')).sort((a, b) => b.dev - a.dev)[0];
console.log('| system | nDCG@10 dev | test | recall@100 dev | test |');
console.log('|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.system}${r === best ? ' (best on dev)' : ''} | ${r.dev.toFixed(3)} | ${r.test.toFixed(3)} | ${r.devRecall.toFixed(3)} | ${r.testRecall.toFixed(3)} |`,
  );
