import {
  type Citation,
  type ContextSource,
  checkCitations,
  type InvalidMarker,
} from '../core/index.ts';

/** What step 5 of a turn produces for the stored message. */
export interface NumberedCitations {
  readonly citations: readonly Citation[];
  readonly invalidMarkers: readonly InvalidMarker[];
  readonly grounded: boolean;
}

/**
 * Maps the answer's markers to every source the model saw this turn (context and tools): every
 * source stays attached, cited or not; markers that point nowhere are kept as text and flagged.
 */
export function numberCitations(
  text: string,
  sources: readonly ContextSource[],
): NumberedCitations {
  const checked = checkCitations(text, sources);
  return {
    citations: checked.citations,
    invalidMarkers: checked.invalid.map((m) => ({ raw: m.raw, start: m.start, end: m.end })),
    grounded: checked.grounded,
  };
}
