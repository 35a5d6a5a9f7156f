import {
  type Citation,
  type Claim,
  type ClaimSummary,
  type ContextSource,
  checkCitations,
  type InvalidMarker,
  type Page,
  renumberCitations,
} from '../core/index.ts';

/** What step 5 of a turn produces for the stored message. */
export interface NumberedCitations {
  /** The answer with its markers rewritten to the final numbers. */
  readonly text: string;
  /** The sources as finally numbered (cited first, 1…k in order of first citation). */
  readonly sources: readonly ContextSource[];
  readonly citations: readonly Citation[];
  readonly invalidMarkers: readonly InvalidMarker[];
  readonly grounded: boolean;
  readonly claims: readonly Claim[];
  readonly claimSummary: ClaimSummary;
}

/** Extra knowledge for checking: the pages of the PDFs among the sources. */
export interface NumberCitationsOptions {
  readonly pagesOf?: (documentId: string) => readonly Page[] | undefined;
}

/**
 * Numbers the answer's sources as a reader expects (one passage, one number; 1…k in order of
 * first citation), rewrites the markers to match, and checks every claim against the sources it
 * cites: every source stays attached, cited or not; markers that point nowhere are flagged.
 */
export function numberCitations(
  text: string,
  sources: readonly ContextSource[],
  options: NumberCitationsOptions = {},
): NumberedCitations {
  const renumbered = renumberCitations(text, sources);
  const checked = checkCitations(renumbered.text, renumbered.sources, options);
  return {
    text: renumbered.text,
    sources: renumbered.sources,
    citations: checked.citations,
    invalidMarkers: checked.invalid.map((m) => ({ raw: m.raw, start: m.start, end: m.end })),
    grounded: checked.grounded,
    claims: checked.claims,
    claimSummary: checked.claimSummary,
  };
}
