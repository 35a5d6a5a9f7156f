// Straight from the module, not the core index: index workers load this file.
import { analyzeChunk } from '../core/analyze-text.ts';
import type { Chunk, DocumentKind, EntityTypeSchema, ParsedDocument } from '../core/index.ts';
import { chunkDocument } from './chunk-document.ts';
import { readDocument } from './read-document.ts';
import { decodeText } from './read-file.ts';
import { readPlainTextDocument } from './read-markdown-document.ts';

/** `parse` reads a file with its kind's reader; `plain` takes a text file's words with no structure at all. */
export type ReadMode = 'parse' | 'plain';

/** One file to read and chunk: everything the reader needs, so it can run on another thread. */
export interface ReadJob {
  readonly path: string;
  readonly kind: DocumentKind;
  readonly bytes: Uint8Array;
  /** The id the document is stored under; chunk ids derive from it. */
  readonly documentId: string;
  readonly maxChunkChars: number;
  /** Declared entity types; only entity files need them. */
  readonly entityTypes: ReadonlyMap<string, EntityTypeSchema>;
  readonly mode: ReadMode;
}

/**
 * What reading one file gave. `content`: the file itself is unreadable (binary data in a text
 * document, a broken PDF, an entity that does not fit its type), as the readers decide.
 * `error`: the reader threw, which says more about the reader than about the file.
 */
export type ReadJobOutcome =
  | { readonly ok: true; readonly doc: ParsedDocument; readonly chunks: readonly Chunk[] }
  | { readonly ok: false; readonly failure: 'content' | 'error'; readonly reason: string };

/** Kinds whose text can stand on its own when their reader fails: Markdown notes, posts and sources. */
export const canReadAsPlainText = (kind: DocumentKind): boolean =>
  kind === 'note' || kind === 'content' || kind === 'source';

function readPlain(job: ReadJob): ReadJobOutcome {
  if (!canReadAsPlainText(job.kind))
    return { ok: false, failure: 'content', reason: `a ${job.kind} has no plain-text reading` };
  const text = decodeText(job.bytes);
  if (text === null)
    return {
      ok: false,
      failure: 'content',
      reason: 'binary data in a text document (NUL bytes or invalid UTF-8)',
    };
  const doc = readPlainTextDocument(job.path, job.kind, text);
  return {
    ok: true,
    doc,
    chunks: analyzedChunks(job, doc),
  };
}

/** Cuts a document into chunks with their index terms, so the thread that writes them need not analyze them. */
const analyzedChunks = (job: ReadJob, doc: ParsedDocument): Chunk[] =>
  chunkDocument(job.documentId, doc, { maxChars: job.maxChunkChars }).map((chunk) => ({
    ...chunk,
    terms: analyzeChunk(chunk),
  }));

/** Reads one file and cuts it into chunks; never throws (a throwing reader is an `error` outcome). */
export async function readAndChunk(job: ReadJob): Promise<ReadJobOutcome> {
  try {
    if (job.mode === 'plain') return readPlain(job);
    const outcome = await readDocument(job.path, job.kind, job.bytes, job.entityTypes);
    if (!outcome.ok) return { ok: false, failure: 'content', reason: outcome.reason };
    return {
      ok: true,
      doc: outcome.doc,
      chunks: analyzedChunks(job, outcome.doc),
    };
  } catch (error) {
    return { ok: false, failure: 'error', reason: firstLine(error) };
  }
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/** A chunk on the wire between threads: its text is left out, as it is a span of the body. */
export type PackedChunk = Omit<Chunk, 'text'>;

/** A {@link ReadJobOutcome} as a worker posts it: chunk texts left out, halving what is copied. */
export type PackedOutcome =
  | { readonly ok: true; readonly doc: ParsedDocument; readonly chunks: readonly PackedChunk[] }
  | Extract<ReadJobOutcome, { ok: false }>;

/** Leaves chunk texts out of an outcome before it crosses threads. */
export function packOutcome(outcome: ReadJobOutcome): PackedOutcome {
  if (!outcome.ok) return outcome;
  return { ...outcome, chunks: outcome.chunks.map(({ text: _text, ...rest }) => rest) };
}

/** Puts chunk texts back, each the span of the body it covers. */
export function unpackOutcome(packed: PackedOutcome): ReadJobOutcome {
  if (!packed.ok) return packed;
  const { body } = packed.doc;
  return {
    ...packed,
    chunks: packed.chunks.map((c) => ({ ...c, text: body.slice(c.start, c.end) })),
  };
}
