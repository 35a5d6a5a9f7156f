import type { DocumentKind, DocumentStatus } from '../document.ts';

/**
 * How a reference was written: `[[wikilink]]`, `@mention`, or `[n]` — a `citation` naming source `n`
 * of the session's previous answer.
 */
export type ReferenceSyntax = 'wikilink' | 'mention' | 'citation';

/** Who made the reference: the user in the message, a tool call, or entity-graph expansion. */
export type ReferenceOrigin = 'user' | 'tool' | 'graph';

/** What a write tool may do with a referenced target. */
export type ReferencePermission = 'read' | 'write' | 'insert';

/** The explicit kind prefix of a mention (`@content:slug`, `@source:name`, `@page:doc.pdf#3` …). */
export type MentionPrefix = 'content' | 'source' | 'page' | 'file' | 'note' | 'entity';

/** One reference as written in a message, before resolution. Spans always slice the message exactly. */
export interface ParsedReference {
  readonly syntax: ReferenceSyntax;
  /** Exactly `message.slice(start, end)`. */
  readonly raw: string;
  readonly start: number;
  readonly end: number;
  /** What names the document: file name, path, slug, title or entity name, as written (quotes removed). */
  readonly name: string;
  /** `![[…]]` embed. */
  readonly embed: boolean;
  /** `[[Name|shown]]` display text. */
  readonly alias: string | null;
  /** `[[Name#Heading]]`; for mentions `@slug#section-id`. */
  readonly heading: string | null;
  /** `[[Name#^block]]`. */
  readonly block: string | null;
  /** `@slug:Section Title` — the written title (first word only when unquoted; see `sectionRest`). */
  readonly sectionTitle: string | null;
  /**
   * For an unquoted `@slug:Title…`, the rest of the line after the colon, so the resolver can match a
   * section title with spaces against the item's real sections and extend the span.
   */
  readonly sectionRest: string | null;
  /** `@page:doc.pdf#12` or `[[doc.pdf#page=12]]`. */
  readonly page: number | null;
  readonly prefix: MentionPrefix | null;
  /** The name was written in quotes: `@"Name with spaces"`. */
  readonly quoted: boolean;
  /** `[2]`: the number of the previous answer's source it names; null for every other syntax. */
  readonly citation: number | null;
  /**
   * For an unquoted `@word` followed on its line by more words: the readings whose name runs over
   * them, longest first (at most {@link MAX_NAME_WORDS} words in all), so the resolver can take the
   * longest run that is exactly a document's name (`@field trial lessons`). Empty otherwise.
   */
  readonly longer: readonly LongerMention[];
}

/** Most words an unquoted mention's name may run over (`@field trial lessons` is three). */
export const MAX_NAME_WORDS = 6;

/** A longer reading of an unquoted mention: its name runs over more words of the line. */
export interface LongerMention {
  /** `message.slice(start, end)` of the reference read this way. */
  readonly raw: string;
  readonly name: string;
  /** End of the reference read this way, after any `#id` or `:Title` that follows the longer name. */
  readonly end: number;
  readonly heading: string | null;
  readonly page: number | null;
  readonly sectionTitle: string | null;
  readonly sectionRest: string | null;
}

/** How a reference resolved. */
export type ReferenceStatus =
  | 'resolved'
  | 'ambiguous'
  | 'unresolved'
  | 'archived'
  | 'deleted'
  | 'over_limit';

/** The concrete thing a reference points at. Absent parts are null. */
export interface ReferenceTarget {
  readonly documentId: string;
  readonly path: string;
  readonly title: string;
  readonly kind: DocumentKind;
  readonly status: DocumentStatus;
  /** Heading text as it appears in the document. */
  readonly heading: string | null;
  readonly block: string | null;
  /** Content section id. */
  readonly section: string | null;
  readonly page: number | null;
  /** Entity id (`type/slug`) when the target is an entity. */
  readonly entity: string | null;
  /**
   * The exact passage, as character offsets into the document body, when the reference names one
   * that is no heading or section of its own: a `[n]` source of the previous answer (its chunk), or
   * a post's `:introduction` (the opening part before its first section). Absent or null otherwise.
   */
  readonly span?: TargetSpan | null;
}

/** A passage of a document body: `body.slice(start, end)`. */
export interface TargetSpan {
  readonly start: number;
  readonly end: number;
}

/** A ranked alternative for an ambiguous reference. */
export interface ReferenceCandidate {
  readonly documentId: string;
  readonly path: string;
  readonly title: string;
  readonly kind: DocumentKind;
  /** Higher is a better match; candidates come sorted by it. */
  readonly score: number;
}

/** A "did you mean" for an unresolved reference: what to show and what to write instead. */
export interface ReferenceSuggestion {
  readonly label: string;
  readonly insert: string;
  readonly documentId: string;
  readonly path: string;
}

/** Where in the message a reference was written. */
export interface ReferenceSpan {
  readonly raw: string;
  readonly start: number;
  readonly end: number;
}

/** A resolved (or not) reference: what was written, what it means, and what may be done with it. */
export interface Reference {
  readonly raw: string;
  readonly start: number;
  readonly end: number;
  /** Every place the same target was named; the first is `raw/start/end`. */
  readonly spans: readonly ReferenceSpan[];
  readonly syntax: ReferenceSyntax;
  readonly origin: ReferenceOrigin;
  readonly status: ReferenceStatus;
  /**
   * Set on a stored reference read back after its document changed: the status it had when the
   * message was sent (`status` is the status now). Absent when nothing changed.
   */
  readonly statusWhenSent?: ReferenceStatus;
  readonly permission: ReferencePermission;
  readonly target: ReferenceTarget | null;
  readonly candidates: readonly ReferenceCandidate[];
  readonly suggestions: readonly ReferenceSuggestion[];
  /** Human notes on the resolution, e.g. "heading \"Risks\" not found; using the whole note". */
  readonly notes: readonly string[];
  /**
   * One line on what the target document is about (seed 000), set on the references of a chat turn
   * whose document was loaded; absent on references resolved outside a turn or stored before summaries.
   */
  readonly summary?: string;
}
