import type { QuoteJson } from '../api/types.ts';

/** What the source viewer should show: a document, and optionally a span or page to highlight. */
export interface ViewerTarget {
  readonly documentId: string;
  readonly path: string;
  readonly title: string;
  /** Document kind (note, pdf, file, content, source, entity). */
  readonly kind: string;
  /** Character span in the document's indexed text to highlight and scroll to. */
  readonly start?: number | null;
  readonly end?: number | null;
  /**
   * The words the answer attributed to this source (the sentence before its marker): when they
   * are found inside the span, the viewer highlights them instead of the whole span.
   */
  readonly quote?: string | null;
  /**
   * The exact words of the source that support the claim (the checker's quote): highlighted
   * instead of the span when they are found in the document (for a PDF, on their page).
   */
  readonly passage?: QuoteJson | null;
  /**
   * The part of the document a link named (`[[Note#Heading]]`, a block, a section), located once
   * the document is loaded, when no span is given.
   */
  readonly part?: {
    readonly heading: string | null;
    readonly block: string | null;
    readonly section: string | null;
    readonly page: number | null;
  } | null;
  /** PDF page to open at. */
  readonly page?: number | null;
  /** What led here ("Source 2", "reference"), for the viewer's heading. */
  readonly label?: string;
  /**
   * A sentence shown above the document: what became of it since the message that led here
   * ("Deleted since this message was sent…").
   */
  readonly notice?: string | null;
}
