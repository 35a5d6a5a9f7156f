import { relative } from 'node:path';
import { evalTotalsRows } from '../src/chat/eval/index.ts';
import {
  CRANFIELD_SYSTEMS,
  type CranfieldBenchResult,
  type CranfieldSystem,
} from './cranfield-bench.ts';
import type { EvalBenchResult } from './eval-bench.ts';
import { formatTable } from './format-table.ts';
import { HYBRID_SYSTEMS, type HybridBenchResult, type HybridSystem } from './hybrid-bench.ts';
import type { ConcurrentFigures, PostgresBenchResult } from './postgres-bench.ts';
import type { ServerBenchResult } from './server-bench.ts';
import type { IndexRun, VaultBenchResult } from './vault-bench.ts';

const SYSTEM_NAMES: Record<CranfieldSystem, string> = {
  footnote: 'Footnote (searchWorkspace, SQLite FTS5)',
  plainFts5: 'plain SQLite FTS5 (bm25(), OR of words)',
  minisearch: 'MiniSearch BM25+ (plain)',
  minisearchTitleBoost: 'MiniSearch BM25+ (title boost 2)',
};

const fixed = (value: number, digits: number) => value.toFixed(digits);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

/** The Cranfield section as tables: quality and latency per split, search time against plain FTS5, then indexing speed. */
export function formatCranfieldReport(result: CranfieldBenchResult): string {
  if (result.status === 'skipped') return `Cranfield: skipped: ${result.reason}`;
  const quality = (['dev', 'test'] as const).map((split) => {
    const bySystem = result.splits[split];
    const first = bySystem.footnote;
    const label =
      split === 'dev' ? 'dev split (tune on this)' : 'test split (report only, not tuned)';
    const rows = CRANFIELD_SYSTEMS.map((system) => {
      const e = bySystem[system];
      return [
        SYSTEM_NAMES[system],
        fixed(e.ndcgAt10, 3),
        fixed(e.recallAt100, 3),
        ms(e.latencyMs.mean),
        ms(e.latencyMs.p50),
        ms(e.latencyMs.p99),
      ];
    });
    const reference = result.reference[split];
    rows.push([
      'reference: plain BM25 (published)',
      fixed(reference.ndcgAt10, 3),
      fixed(reference.recallAt100, 3),
      '',
      '',
      '',
    ]);
    return formatTable(
      `Cranfield ${label}: ${first.queries} queries, ${result.docs} documents`,
      [
        { header: 'system' },
        { header: 'nDCG@10', align: 'right' },
        { header: 'recall@100', align: 'right' },
        { header: 'mean ms', align: 'right' },
        { header: 'p50 ms', align: 'right' },
        { header: 'p99 ms', align: 'right' },
      ],
      rows,
    );
  });
  const time = result.searchTime;
  const speed = `Search time per query (${time.queries} queries × ${time.rounds} rounds, the two in alternation): Footnote ${ms(time.firstMs)} ms, plain FTS5 ${ms(time.secondMs)} ms, ratio ${fixed(time.ratio, 2)}× (goal ≤ 2×)`;
  const { footnote, plainFts5, minisearch } = result.indexing;
  const indexing = formatTable(
    `Cranfield indexing: ${result.docs} documents`,
    [
      { header: 'system' },
      { header: 'seconds', align: 'right' },
      { header: 'docs/s', align: 'right' },
      { header: 'notes', align: 'left' },
    ],
    [
      [
        'Footnote (files → SQLite on disk)',
        fixed(footnote.seconds, 2),
        fixed(footnote.docsPerSecond, 0),
        `${footnote.chunks} chunks, ${megabytes(footnote.databaseBytes)} database, ${footnote.problems} problems`,
      ],
      [
        'plain SQLite FTS5 (objects → SQLite on disk)',
        fixed(plainFts5.seconds, 2),
        fixed(plainFts5.docsPerSecond, 0),
        '',
      ],
      [
        'MiniSearch (objects → memory)',
        fixed(minisearch.seconds, 2),
        fixed(minisearch.docsPerSecond, 0),
        '',
      ],
    ],
  );
  return [...quality, speed, formatHybridReport(result.hybrid, result.splits), indexing].join(
    '\n\n',
  );
}

const fusionName = (f: HybridBenchResult['fusion']['hybrid']) =>
  f.method === 'rrf'
    ? `reciprocal rank fusion, k ${f.k}`
    : `linear mix, vector weight ${f.vectorWeight}`;

/** Vector and hybrid retrieval beside Footnote's lexical search, per split. */
function formatHybridReport(
  hybrid: HybridBenchResult,
  lexical: Extract<CranfieldBenchResult, { status: 'ok' }>['splits'],
): string {
  const names: Record<HybridSystem, string> = {
    vector: 'vector only',
    hybrid: `hybrid (default: ${fusionName(hybrid.fusion.hybrid)})`,
    hybridLinear: `hybrid (${fusionName(hybrid.fusion.hybridLinear)})`,
  };
  const rows = (['dev', 'test'] as const).flatMap((split) => [
    [
      split,
      'lexical (Footnote)',
      fixed(lexical[split].footnote.ndcgAt10, 3),
      fixed(lexical[split].footnote.recallAt100, 3),
      ms(lexical[split].footnote.latencyMs.mean),
    ],
    ...HYBRID_SYSTEMS.map((system) => {
      const e = hybrid.splits[split][system];
      return [
        split,
        names[system],
        fixed(e.ndcgAt10, 3),
        fixed(e.recallAt100, 3),
        ms(e.latencyMs.mean),
      ];
    }),
  ]);
  const model = hybrid.standIn
    ? `${hybrid.model}: an LSI model trained on the collection, standing in because FOOTNOTE_BENCH_EMBEDDING_MODEL is not set`
    : hybrid.model;
  return formatTable(
    `Cranfield hybrid retrieval — ${model}; ${hybrid.embedding.chunks} chunks embedded in ${fixed(hybrid.embedding.seconds, 1)} s`,
    [
      { header: 'split' },
      { header: 'system' },
      { header: 'nDCG@10', align: 'right' },
      { header: 'recall@100', align: 'right' },
      { header: 'mean ms', align: 'right' },
    ],
    rows,
  );
}

const indexRow = (name: string, run: IndexRun) => [
  name,
  fixed(run.seconds, 2),
  fixed(run.docsPerSecond, 0),
  fixed(run.megabytesPerSecond, 1),
  String(run.report.added),
  String(run.report.updated),
  String(run.report.unchanged),
  megabytes(run.peakRssBytes),
];

/** The generated-vault section as tables: the index runs, then search latency and sizes. */
export function formatVaultReport(result: VaultBenchResult): string {
  const plain = result.plainFts5;
  const runs = formatTable(
    `Generated vault: ${result.notes} notes in ${result.folders} folders, ${megabytes(result.bytes)} of Markdown`,
    [
      { header: 'index run' },
      { header: 'seconds', align: 'right' },
      { header: 'notes/s', align: 'right' },
      { header: 'MB/s', align: 'right' },
      { header: 'added', align: 'right' },
      { header: 'updated', align: 'right' },
      { header: 'unchanged', align: 'right' },
      { header: 'peak RSS', align: 'right' },
    ],
    [
      indexRow('full index (empty store)', result.fullIndex),
      [
        'plain SQLite FTS5, whole files, one transaction',
        fixed(plain.seconds, 2),
        fixed(plain.files / plain.seconds, 0),
        fixed(plain.bytes / 1e6 / plain.seconds, 1),
        String(plain.files),
        '',
        '',
        megabytes(plain.peakRssBytes),
      ],
      indexRow('re-index, nothing changed', result.noChange),
      indexRow('re-index, 1 file edited', result.modifiedOne),
      indexRow(`re-index, ${result.touched.files} files touched (mtime only)`, result.touched),
      indexRow(`re-index, ${result.modified.files} files edited`, result.modified),
    ],
  );
  const ratio = `Full index ${fixed(result.fullIndex.seconds / plain.seconds, 1)}× the plain FTS5 bulk insert's time (goal: ≥ 2,000 notes/s on 2 cores)`;
  const { search } = result;
  const other = formatTable(
    'Generated vault: search and footprint',
    [{ header: 'measure' }, { header: 'value', align: 'right' }],
    [
      [
        `search p50 (${search.queries} queries, limit ${search.limit})`,
        `${ms(search.latencyMs.p50)} ms`,
      ],
      [`search p99`, `${ms(search.latencyMs.p99)} ms`],
      ['database on disk (with WAL)', megabytes(result.databaseBytes)],
      ['RSS when the section started', megabytes(result.rssBeforeBytes)],
      ['process peak RSS so far', megabytes(result.processPeakRssBytes)],
    ],
  );
  const { references: refs } = result;
  const references = formatTable(
    `Generated vault: references (catalog of ${refs.documents} documents built in ${ms(refs.catalogMs)} ms)`,
    [
      { header: 'operation' },
      { header: 'runs', align: 'right' },
      { header: 'p50 ms', align: 'right' },
      { header: 'p99 ms', align: 'right' },
      { header: 'target p99', align: 'right' },
    ],
    [
      [
        `parse + resolve, ${refs.resolve.referencesPerMessage} references per message`,
        String(refs.resolve.runs),
        ms(refs.resolve.p50),
        ms(refs.resolve.p99),
        '< 2 ms',
      ],
      [
        'suggest (autocomplete)',
        String(refs.suggest.runs),
        ms(refs.suggest.p50),
        ms(refs.suggest.p99),
        '< 5 ms',
      ],
    ],
  );
  const c = result.context;
  const context = formatTable(
    `Generated vault: context assembly (${c.references} references, ${c.entities} entities, ${c.chunks} chunks; ${c.meanContextTokens} context tokens on average)`,
    [
      { header: 'step' },
      { header: 'p50 ms', align: 'right' },
      { header: 'p99 ms', align: 'right' },
      { header: 'target p99', align: 'right' },
    ],
    [
      ['assemble (warm token-count cache)', ms(c.assembleMs.p50), ms(c.assembleMs.p99), '< 3 ms'],
      [
        'assemble (every token counted afresh)',
        ms(c.coldAssembleMs.p50),
        ms(c.coldAssembleMs.p99),
        '',
      ],
      ['resolve + search + load from the store', ms(c.loadMs.p50), ms(c.loadMs.p99), ''],
    ],
  );
  return `${runs}\n${ratio}\n\n${other}\n\n${references}\n\n${context}`;
}

/** The HTTP server section as a table: latency the server adds over an instant model, then load. */
export function formatServerReport(result: ServerBenchResult): string {
  const { sequential: seq, concurrent: con } = result;
  return formatTable(
    `HTTP server (127.0.0.1, sample workspace, instant scripted model): streamed turns of "${result.message}"`,
    [{ header: 'measure' }, { header: 'value', align: 'right' }],
    [
      [
        `time to first byte p50 (${seq.turns} sequential turns after ${seq.warmupTurns} warm-up)`,
        `${ms(seq.firstByteMs.p50)} ms`,
      ],
      ['time to first byte p99', `${ms(seq.firstByteMs.p99)} ms`],
      ['response headers p50 / p99', `${ms(seq.headersMs.p50)} / ${ms(seq.headersMs.p99)} ms`],
      ['body reads per turn (mean)', fixed(seq.meanBodyReads, 1)],
      ['total per turn p50', `${ms(seq.totalMs.p50)} ms`],
      ['total per turn p99', `${ms(seq.totalMs.p99)} ms`],
      ['sequential errors', String(seq.errors)],
      [`${con.turns} concurrent turns: wall time`, `${fixed(con.seconds, 2)} s`],
      ['concurrent throughput', `${fixed(con.turnsPerSecond, 0)} turns/s`],
      ['concurrent per-turn total p50', `${ms(con.totalMs.p50)} ms`],
      ['concurrent per-turn total p99', `${ms(con.totalMs.p99)} ms`],
      ['concurrent errors (non-200 or no finish chunk)', String(con.errors)],
      ['peak RSS during the concurrent run', megabytes(con.peakRssBytes)],
    ],
  );
}

/** The answer-quality section: `footnote eval`'s totals for the offline model on the sample question set. */
export function formatEvalReport(result: EvalBenchResult): string {
  const { totals } = result.report;
  const misses = result.report.questions
    .filter((q) => q.expectedSourceCited === false || q.unanswerableCitations > 0)
    .map((q) => q.id);
  const table = formatTable(
    `Answers and citations: ${relative(process.cwd(), result.questionsFile)} on examples/workspace, ${result.model} (${fixed(result.seconds, 1)} s for ${totals.questions} turns)`,
    [{ header: 'measure' }, { header: 'value', align: 'right' }],
    evalTotalsRows(totals),
  );
  const targets =
    'Targets (issue 11): expected source cited ≥ 90%, precision ≥ 0.95, exact quotes 100%, 0 duplicate passages, 0 citations on unanswerable questions.';
  return `${table}\n${targets}${misses.length > 0 ? `\nMissed (source not cited, or cited when unanswerable): ${misses.join(', ')}` : ''}`;
}

/** The PostgreSQL section: each figure beside SQLite's from the same run. */
export function formatPostgresReport(result: PostgresBenchResult): string {
  const { vault, cranfield, firstByte, concurrent } = result;
  const both = (f: (side: 'sqlite' | 'postgres') => string) => [f('sqlite'), f('postgres')];
  const turns = (c: ConcurrentFigures) =>
    `${fixed(c.seconds, 2)} s, ${fixed(c.turnsPerSecond, 0)} turns/s, ${c.errors} errors`;
  const rows: string[][] = [
    [
      `indexing, generated vault (${vault.notes} notes)`,
      ...both((s) => `${fixed(vault[s].docsPerSecond, 0)} notes/s`),
    ],
    [
      `search p50 / p99, vault (${vault.queries} queries)`,
      ...both((s) => `${ms(vault[s].searchMs.p50)} / ${ms(vault[s].searchMs.p99)} ms`),
    ],
  ];
  if (cranfield)
    rows.push(
      [
        `indexing, Cranfield (${cranfield.docs} abstracts)`,
        ...both((s) => `${fixed(cranfield[s].docsPerSecond, 0)} docs/s`),
      ],
      [
        'search p50 / p99, Cranfield test queries',
        ...both((s) => `${ms(cranfield[s].searchMs.p50)} / ${ms(cranfield[s].searchMs.p99)} ms`),
      ],
      ['nDCG@10, Cranfield test', ...both((s) => fixed(cranfield[s].ndcgAt10, 4))],
    );
  rows.push(
    [
      `turn time to first byte p50 / p99 (${firstByte.turns} sequential, one server)`,
      ...both((s) => `${ms(firstByte[s].p50)} / ${ms(firstByte[s].p99)} ms`),
    ],
    [
      `${concurrent.sqlite.turns} concurrent turns (footnote serve: SQLite 1, PostgreSQL ${concurrent.postgres.servers})`,
      ...both((s) => turns(concurrent[s])),
    ],
    [
      '  per turn: first byte p50 / p99',
      ...both(
        (s) => `${ms(concurrent[s].firstByteMs.p50)} / ${ms(concurrent[s].firstByteMs.p99)} ms`,
      ),
    ],
    [
      '  per turn: total p50 / p99',
      ...both((s) => `${ms(concurrent[s].totalMs.p50)} / ${ms(concurrent[s].totalMs.p99)} ms`),
    ],
  );
  return formatTable(
    'Stores: SQLite and PostgreSQL side by side (same run; instant model; PostgreSQL on this machine)',
    [
      { header: 'measure' },
      { header: 'SQLite', align: 'right' },
      { header: 'PostgreSQL', align: 'right' },
    ],
    rows,
  );
}
