/** How well the passage a citation points to backs the claim that cites it. */
export type SupportVerdict = 'supported' | 'partial' | 'unsupported';

/**
 * The exact words of a source that a citation rests on. For a note, post, source or text file
 * `body.slice(start, end) === text`; for a PDF also the page and the offsets into that page's text;
 * for an entity the field name (the text is the field value as written).
 */
export interface CitationQuote {
  readonly text: string;
  /** Span in the document body; null when the text is not a body slice (entity fields, outlines). */
  readonly start: number | null;
  readonly end: number | null;
  /** False for a double-quoted passage of the answer that its cited source does not contain. */
  readonly found: boolean;
  /** The PDF page holding the quote, and the quote's span in that page's text. */
  readonly page?: number | null;
  readonly pageStart?: number | null;
  readonly pageEnd?: number | null;
  /** The entity field the quote is the value of, and that entity's id (`person/bob`). */
  readonly field?: string | null;
  readonly entity?: string | null;
}

/** The verdict on one source a claim cites, with the passage that best supports the claim. */
export interface SourceSupport {
  /** The source number cited. */
  readonly n: number;
  readonly verdict: SupportVerdict;
  /** 0…1: how much of the claim's content the passage carries. */
  readonly score: number;
  /**
   * The passage of the source that best carries the claim — the supporting words when the verdict
   * is `supported`, the closest words otherwise; null when nothing in the source relates to it.
   */
  readonly quote: CitationQuote | null;
  /** Numbers, dates, quantities and names of the claim the passage lacks. */
  readonly missing: readonly string[];
}

/** A sentence or list item of an answer that carries citation markers, and how its sources back it. */
export interface Claim {
  /** Span of the claim in the answer text (markers included). */
  readonly start: number;
  readonly end: number;
  /** The claim without its markers, whitespace collapsed. */
  readonly text: string;
  /** The valid source numbers its markers cite, in written order, each once. */
  readonly markers: readonly number[];
  /** One entry per cited source, in `markers` order. */
  readonly support: readonly SourceSupport[];
  /** The best verdict among its sources. */
  readonly verdict: SupportVerdict;
}

/** Counts of an answer's cited claims by verdict; null on messages stored before claims were checked. */
export interface ClaimSummary {
  readonly claims: number;
  readonly supported: number;
  readonly partial: number;
  readonly unsupported: number;
}
