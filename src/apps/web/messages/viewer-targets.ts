import type { CitationJson, ReferenceJson } from '../api/types.ts';
import type { ViewerTarget } from '../viewer/viewer-target.ts';

/** Where the viewer opens for source N: its document, at the cited span and page. */
export function targetOfCitation(
  citation: CitationJson,
  claim: string | null = null,
): ViewerTarget {
  return {
    ...(claim && { quote: claim }),
    documentId: citation.documentId,
    path: citation.path,
    title: citation.title,
    kind: citation.kind,
    start: citation.start,
    end: citation.end,
    page: citation.page,
    label: `Source ${citation.n}`,
  };
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
