import type { CitationJson, QuoteJson, ReferenceJson } from '../api/types.ts';
import type { ViewerTarget } from '../viewer/viewer-target.ts';
import { supportingPassage } from './marker-support.ts';

/**
 * Where the viewer opens for source N: its document at the supporting passage when one is known
 * (on its page for a PDF), else at the cited span and page.
 */
export function targetOfCitation(
  citation: CitationJson,
  claim: string | null = null,
  passage: QuoteJson | null = null,
): ViewerTarget {
  return {
    ...(claim && { quote: claim }),
    ...(passage && { passage }),
    documentId: citation.documentId,
    path: citation.path,
    title: citation.title,
    kind: citation.kind,
    start: citation.start,
    end: citation.end,
    page: passage?.page ?? citation.page,
    label: `Source ${citation.n}`,
  };
}

/**
 * The passage a source's own entry (footer, export) opens at: the quote its claims rest on,
 * unless the checker found the source does not back them.
 */
export function passageOf(citation: CitationJson): QuoteJson | null {
  return supportingPassage(citation.support, citation.quote);
}

/** Where the viewer opens for a resolved reference; null when it points nowhere. */
export function targetOfReference(reference: ReferenceJson): ViewerTarget | null {
  const target = reference.target;
  if (!target || reference.status === 'unresolved' || reference.status === 'deleted') return null;
  return {
    documentId: target.documentId,
    path: target.path,
    title: target.title,
    kind: target.kind,
    page: target.page,
    label: reference.origin === 'user' ? 'Your reference' : 'Read by a tool',
  };
}
