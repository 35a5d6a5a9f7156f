import type { DocumentKind, StoredDocument } from '../document.ts';
import type { Reference } from '../references/reference.ts';
import type { EntityGraphLookup } from './entity-records.ts';
import type { TokenCounter } from './token-counter.ts';

/** Why an item is in the context, in priority order (first = last to be cut). */
export const CONTEXT_ORIGINS = [
  'reference',
  'pinned',
  'entity',
  'linked-note',
  'retrieval',
] as const;
export type ContextOrigin = (typeof CONTEXT_ORIGINS)[number];

/** A retrieved chunk offered to the assembler (a search result). */
/** Which retrieval found a chunk: words shared with the query, or nearness of meaning. */
export type RetrievalSignal = 'lexical' | 'vector';

export interface RetrievedChunk {
  readonly documentId: string;
  readonly chunkId: string;
  readonly path: string;
  readonly title: string;
  readonly kind: DocumentKind;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly page: number | null;
  readonly section: string | null;
  readonly headingPath: readonly string[];
  /** The retrievals that found it; absent when the caller did not say. */
  readonly signals?: readonly RetrievalSignal[];
}

/** A message of earlier conversation, as the model sees it. */
export interface HistoryMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** One numbered source the model was given and may cite as `[n]`. */
export interface ContextSource {
  readonly n: number;
  readonly origin: ContextOrigin;
  readonly documentId: string;
  readonly path: string;
  readonly title: string;
  readonly kind: DocumentKind;
  readonly chunkId: string | null;
  readonly page: number | null;
  readonly section: string | null;
  readonly heading: string | null;
  readonly block: string | null;
  /** Span of the quoted text in the document body. */
  readonly start: number;
  readonly end: number;
  /** The exact text the model saw (after any cut). */
  readonly text: string;
}

/** What happened to one candidate item. */
export interface ContextReportItem {
  readonly origin: ContextOrigin;
  readonly label: string;
  readonly documentId: string | null;
  readonly path: string | null;
  /** Source number, when the item went in and can be cited. */
  readonly n: number | null;
  /** Tokens the item would take whole. */
  readonly fullTokens: number;
  /** Tokens it takes in the prompt (0 when dropped). */
  readonly tokens: number;
  readonly outcome: 'whole' | 'cut' | 'dropped';
  /** Why it was cut or dropped, or how it was shortened by a size rule. */
  readonly reason: string | null;
  /** For a retrieved chunk: the retrievals that found it (its words, its meaning). */
  readonly signals?: readonly RetrievalSignal[];
}

/** The budget as planned and as used. */
export interface ContextBudget {
  readonly contextWindow: number;
  readonly answerReserve: number;
  /** Instructions, the user's message and the referenced-documents list: always sent. */
  readonly fixedTokens: number;
  /** Tokens reserved for history before context was filled. */
  readonly historyAllowance: number;
  /** Tokens available to context items. */
  readonly contextTokens: number;
  /** Tokens context items actually took. */
  readonly usedTokens: number;
}

/** A full account of what went into the model's context and what did not. */
export interface ContextReport {
  readonly budget: ContextBudget;
  readonly items: readonly ContextReportItem[];
  readonly history: {
    /** Earlier messages of the session. */
    readonly messages: number;
    readonly kept: number;
    /** `messages − kept`: `overLimit` + `overBudget`. */
    readonly dropped: number;
    /** The most recent messages history may carry (`historyMessages`). */
    readonly limit: number;
    /** The oldest messages, past the last `limit`. */
    readonly overLimit: number;
    /** Recent messages the token budget had no room for. */
    readonly overBudget: number;
    readonly tokens: number;
  };
  readonly totalTokens: number;
}

/** Everything the assembler needs, already loaded (see `loadContextInputs`). */
export interface ContextInputs {
  /** The user's message. */
  readonly message: string;
  /** The user's resolved references, as `resolveReferences` returned them. */
  readonly references: readonly Reference[];
  /** Every document the references, pins and entity notes point to, by id. */
  readonly documents: ReadonlyMap<string, StoredDocument>;
  /** Pinned notes, in the order the user pinned them. */
  readonly pinned: readonly StoredDocument[];
  /** Lookups for entity-graph expansion; null when the workspace has no entities. */
  readonly entities: EntityGraphLookup | null;
  readonly retrieved: readonly RetrievedChunk[];
  /** One-line summaries by document id, for the referenced-documents list. */
  readonly summaries: ReadonlyMap<string, string>;
  readonly history: readonly HistoryMessage[];
}

/** Limits and budget of one assembly; every limit is named with its default. */
export interface ContextOptions {
  readonly tokenCounter: TokenCounter;
  /** The model's context window, in tokens. @default 128000 */
  readonly contextWindow?: number;
  /** Tokens kept free for the answer. @default 4096 */
  readonly answerReserve?: number;
  /** Largest share of the window history may claim before context is filled. @default 0.25 */
  readonly historyShare?: number;
  /** Earlier messages a turn carries at most, the newest; older ones are dropped first. @default 10 */
  readonly historyMessages?: number;
  /** The standing instructions (system prompt without context). */
  readonly instructions?: string;
  /** Pinned notes used. @default 5 */
  readonly pinnedLimit?: number;
  /** Characters kept of each pinned note. @default 4000 */
  readonly pinnedChars?: number;
  /** Notes linked through entity fields. @default 3 */
  readonly linkedNoteLimit?: number;
  /** Characters kept of each linked note. @default 2000 */
  readonly linkedNoteChars?: number;
  /** Above this many sections a referenced document is sent as an outline. @default 10 */
  readonly outlineAboveSections?: number;
  /** Above this many characters a referenced document is sent as an outline. @default 50000 */
  readonly outlineAboveChars?: number;
  /** An item is only cut (rather than dropped) when at least this many tokens remain. @default 80 */
  readonly minCutTokens?: number;
}

/** The assembled context: the system prompt, the preamble of the user's turn, sources and a report. */
export interface AssembledContext {
  /** Instructions followed by every quoted context block. */
  readonly system: string;
  /** The referenced-documents list that heads the user's turn (empty when there are no references). */
  readonly preamble: string;
  readonly sources: readonly ContextSource[];
  /** History that fits, oldest first. */
  readonly history: readonly HistoryMessage[];
  readonly report: ContextReport;
}
