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

/**
 * What became of a stored reference's document since its message was sent ("archived since" /
 * "deleted since"), from the status the server recomputes when a session is read; null when
 * nothing changed.
 */
export function changedSince(
  reference: Pick<ReferenceJson, 'status' | 'statusWhenSent'>,
): 'archived' | 'deleted' | null {
  const { status, statusWhenSent } = reference;
  if (!statusWhenSent || statusWhenSent === status) return null;
  return status === 'archived' || status === 'deleted' ? status : null;
}

const NOTICES = {
  archived: 'Archived since this message was sent: it is sent again only when named again.',
  deleted:
    'Deleted from the workspace since this message was sent. This is its text as last indexed.',
} as const;

/**
 * Where the viewer opens for a resolved reference; null when it points nowhere. A document deleted
 * or archived since the message was sent still opens (the index keeps its last text), saying so.
 */
export function targetOfReference(reference: ReferenceJson): ViewerTarget | null {
  const target = reference.target;
  const since = changedSince(reference);
  if (!target || reference.status === 'unresolved') return null;
  if (reference.status === 'deleted' && !since) return null;
  return {
    documentId: target.documentId,
    path: target.path,
    title: target.title,
    kind: target.kind,
    page: target.page,
    label: reference.origin === 'user' ? 'Your reference' : 'Read by a tool',
    ...(since && { notice: NOTICES[since] }),
  };
}
