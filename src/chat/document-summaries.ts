import {
  type CachedSummary,
  clipSummary,
  type DocumentStore,
  MODEL_SUMMARY_CHARS,
  paragraphFits,
  paragraphSummary,
  type StoredDocument,
  type Summarizer,
  type SummaryLookup,
} from '../core/index.ts';

/** Options of {@link DocumentSummaries}. */
export interface DocumentSummariesOptions {
  /** Where summaries are cached, per document version. */
  readonly cache: Pick<DocumentStore, 'getSummary' | 'setSummary'>;
  /**
   * How long a turn waits for a model-written summary before it shows the first paragraph and lets
   * the model's land in the cache for later turns. Seed 000 gives the whole reference feature
   * 100 ms a message; a turn looks summaries up twice (its references, then what tools read), so
   * it waits 80 ms at most in all.
   * @default 40
   */
  readonly waitMs?: number;
  /** Model summaries written at once; the rest wait their turn. @default 2 */
  readonly concurrency?: number;
  /** Characters of a document a model reads to summarize it. @default 4000 */
  readonly maxInputChars?: number;
}

const keyOf = (doc: StoredDocument) => `${doc.id}\u0000${doc.contentHash}`;

/**
 * One-line summaries of documents, cached per document version (seed 000): the first paragraph
 * when it fits in 100 characters or no model is configured, else a model-written sentence. A
 * model summary is written in the background; a turn waits at most `waitMs` for it and otherwise
 * shows the first paragraph, cut at a word. Model and cache failures never fail a turn.
 */
export class DocumentSummaries {
  private readonly cache: DocumentSummariesOptions['cache'];
  private readonly waitMs: number;
  private readonly concurrency: number;
  private readonly maxInputChars: number;
  /** Model summaries under way or queued, by document version. */
  private readonly pending = new Map<string, Promise<string | null>>();
  private readonly queue: (() => void)[] = [];
  private running = 0;
  private readonly controller = new AbortController();

  constructor(options: DocumentSummariesOptions) {
    this.cache = options.cache;
    this.waitMs = options.waitMs ?? 40;
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    this.maxInputChars = options.maxInputChars ?? 4000;
  }

  /** The summaries a turn uses: written by `summarizer` where a first paragraph will not do; none, never a model. */
  lookup(summarizer?: Summarizer): SummaryLookup {
    return { summaryOf: (doc) => this.summaryOf(doc, summarizer) };
  }

  /** Resolves when every model summary under way has landed or failed, or after `timeoutMs`, then stops the rest. */
  async settle(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((done) => {
      timer = setTimeout(done, timeoutMs);
    });
    await Promise.race([Promise.all(this.pending.values()), waited]);
    clearTimeout(timer);
    this.close();
  }

  /** Stops model summaries under way and queued (their documents keep the first paragraph). */
  close(): void {
    this.controller.abort();
    for (const start of this.queue.splice(0)) start();
  }

  private async summaryOf(doc: StoredDocument, summarizer?: Summarizer): Promise<string> {
    const cached = await this.cache.getSummary(doc.id, doc.contentHash).catch(() => null);
    if (cached?.source === 'model') return cached.text;
    // A first paragraph costs nothing to read again, so a cached one never outlives a better reading.
    const paragraph = paragraphSummary(doc);
    if (paragraph && cached?.text !== paragraph)
      await this.remember(doc, { text: paragraph, source: 'paragraph' });
    if (!summarizer || paragraphFits(doc) || this.controller.signal.aborted) return paragraph;
    const written = await this.within(this.write(doc, summarizer));
    return written ?? paragraph;
  }

  /** The model's summary if it lands within the wait, else null (it keeps going in the background). */
  private async within(work: Promise<string | null>): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((done) => {
      timer = setTimeout(() => done(null), this.waitMs);
    });
    try {
      return await Promise.race([work, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Asks the model once per document version, however many turns want it meanwhile; caches what it writes. */
  private write(doc: StoredDocument, summarizer: Summarizer): Promise<string | null> {
    const key = keyOf(doc);
    const existing = this.pending.get(key);
    if (existing) return existing;
    const work = this.slot(async () => {
      const signal = this.controller.signal;
      if (signal.aborted) return null;
      const reply = await summarizer.summarize(
        { title: doc.title, text: doc.body.slice(0, this.maxInputChars) },
        signal,
      );
      const text = clipSummary(reply, MODEL_SUMMARY_CHARS);
      if (!text) return null;
      await this.remember(doc, { text, source: 'model' });
      return text;
    })
      .catch(() => null)
      .finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    return work;
  }

  /** Runs `work` when fewer than `concurrency` model summaries are being written. */
  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency)
      await new Promise<void>((start) => this.queue.push(start));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }

  private async remember(doc: StoredDocument, summary: CachedSummary): Promise<void> {
    await this.cache.setSummary(doc.id, doc.contentHash, summary).catch(() => undefined);
  }
}
