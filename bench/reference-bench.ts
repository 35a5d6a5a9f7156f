import {
  type CatalogEntry,
  type DocumentStore,
  loadReferenceCatalog,
  type ReferenceCatalog,
  resolveReferences,
  type SuggestTrigger,
  suggestReferences,
} from '../src/core/index.ts';
import { logProgress } from './log-progress.ts';
import { mean, percentile } from './metrics.ts';
import { seededRandom } from './seeded-random.ts';

/** Latency figures of one timed operation, in milliseconds. */
export interface Latency {
  readonly runs: number;
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
}

/** What the reference section measured on an indexed workspace. */
export interface ReferenceBenchResult {
  readonly documents: number;
  readonly catalogMs: number;
  /** Parse + resolve of one message holding ten references of mixed forms. */
  readonly resolve: Latency & { readonly referencesPerMessage: number };
  readonly suggest: Latency;
}

const time = (work: () => unknown): number => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

const summarize = (samples: number[]): Latency => ({
  runs: samples.length,
  p50: percentile(samples, 50),
  p99: percentile(samples, 99),
  mean: mean(samples),
});

const quoted = (name: string) => `@"${name}"`;

/**
 * Ten references in the forms people write, on real documents of the workspace: plain, folder-
 * qualified, heading, block, aliased and embedded wikilinks; exact, quoted, prefix and section
 * mentions; and one of each kind that does not resolve (the costliest path, with suggestions).
 */
export function referenceMessage(entries: readonly CatalogEntry[], seed: number): string {
  const random = seededRandom(seed);
  const notes = entries.filter((e) => e.kind === 'note' && e.status !== 'deleted');
  const note = () => random.pick(notes);
  const withHeadings = () => {
    for (let i = 0; i < 20; i++) {
      const e = note();
      if (e.headings.length > 1) return e;
    }
    return note();
  };
  const withBlocks = () => {
    for (let i = 0; i < 20; i++) {
      const e = note();
      if (e.blocks.length > 0) return e;
    }
    return note();
  };
  const h = withHeadings();
  const b = withBlocks();
  const folderNote = note();
  const prefixNote = note();
  const sectionNote = withHeadings();
  const parts = [
    `[[${note().title}]]`,
    `[[${folderNote.path.replace(/\.md$/, '')}]]`,
    `[[${h.title}#${h.headings.at(-1)?.text ?? ''}]]`,
    `[[${b.title}#^${b.blocks[0] ?? 'x'}]]`,
    `![[${note().title}|shown]]`,
    quoted(note().title),
    `@${prefixNote.slug.slice(0, Math.max(4, Math.floor(prefixNote.slug.length * 0.6)))}`,
    `@${sectionNote.slug}#${sectionNote.headings.at(-1)?.anchor ?? 'x'}`,
    '[[Zyxwv Plan That Does Not Exist]]',
    '@qqqq-nothing-like-this',
  ];
  return `Compare ${parts.slice(0, 5).join(', ')} with ${parts.slice(5).join(' and ')}; edit nothing.`;
}

function suggestInputs(
  entries: readonly CatalogEntry[],
  count: number,
): Array<[string, SuggestTrigger]> {
  const random = seededRandom(17);
  const live = entries.filter((e) => e.status !== 'deleted');
  const inputs: Array<[string, SuggestTrigger]> = [];
  for (let i = 0; i < count; i++) {
    const e = random.pick(live);
    const trigger: SuggestTrigger = random.chance(0.5) ? '[[' : '@';
    const roll = random.next();
    const typed =
      roll < 0.1
        ? ''
        : roll < 0.6
          ? e.title.slice(0, random.int(1, 4))
          : roll < 0.85
            ? e.title.slice(0, random.int(5, e.title.length))
            : `${e.title}#${(e.headings[0]?.text ?? '').slice(0, 2)}`;
    inputs.push([typed, trigger]);
  }
  return inputs;
}

/** Times parse + resolve and autocomplete against an already indexed store. */
export async function runReferenceBench(
  store: DocumentStore,
  options: { readonly messages?: number; readonly suggestions?: number } = {},
): Promise<ReferenceBenchResult> {
  const { messages = 300, suggestions = 500 } = options;
  let catalog: ReferenceCatalog | null = null;
  const started = performance.now();
  catalog = await loadReferenceCatalog(store);
  const catalogMs = performance.now() - started;
  const ready = catalog;
  logProgress(
    `references: catalog of ${ready.entries.length} documents built in ${catalogMs.toFixed(0)} ms`,
  );

  const texts = Array.from({ length: messages }, (_, i) => referenceMessage(ready.entries, i + 1));
  // Steady state, as in a long-running server: two untimed passes let the JIT settle first.
  for (let pass = 0; pass < 2; pass++)
    for (const text of texts) resolveReferences(text, ready, { maxReferences: 10 });
  const resolveSamples = texts.map((text) =>
    time(() => resolveReferences(text, ready, { maxReferences: 10 })),
  );
  const referencesPerMessage = resolveReferences(texts[0] ?? '', ready, {
    maxReferences: 10,
  }).reduce((n, r) => n + r.spans.length, 0);
  logProgress(`references: resolve p99 ${percentile(resolveSamples, 99).toFixed(2)} ms`);

  const inputs = suggestInputs(ready.entries, suggestions);
  for (let pass = 0; pass < 2; pass++)
    for (const [typed, trigger] of inputs) suggestReferences(typed, trigger, ready);
  const suggestSamples = inputs.map(([typed, trigger]) =>
    time(() => suggestReferences(typed, trigger, ready)),
  );
  logProgress(`references: suggest p99 ${percentile(suggestSamples, 99).toFixed(2)} ms`);

  return {
    documents: ready.entries.length,
    catalogMs,
    resolve: { ...summarize(resolveSamples), referencesPerMessage },
    suggest: summarize(suggestSamples),
  };
}
