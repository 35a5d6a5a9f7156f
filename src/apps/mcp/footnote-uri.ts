import type { DocumentKind } from '../../core/index.ts';

/** The scheme of every resource the MCP server offers. */
export const FOOTNOTE_SCHEME = 'footnote://';

/**
 * What a `footnote://` URI names: a note (or source, text file) by path with an optional heading or
 * `^block`, a PDF or one of its pages, a content item or one of its sections, an entity, a session.
 */
export type FootnoteUri =
  | {
      readonly kind: 'note';
      readonly path: string;
      readonly heading: string | null;
      readonly block: string | null;
    }
  | { readonly kind: 'pdf'; readonly path: string; readonly page: number | null }
  | { readonly kind: 'content'; readonly slug: string; readonly section: string | null }
  | { readonly kind: 'entity'; readonly type: string; readonly slug: string }
  | { readonly kind: 'session'; readonly id: string };

/** A URI read, or why it could not be: expected failures are data, not exceptions. */
export type ParsedUri =
  | { readonly ok: true; readonly uri: FootnoteUri }
  | { readonly ok: false; readonly reason: string };

const PAGE_SUFFIX = /\/page\/(\d{1,6})$/;

/** Whether text starts like a `footnote://` URI (any case of the scheme). */
export const isFootnoteUri = (text: string): boolean =>
  text.slice(0, FOOTNOTE_SCHEME.length).toLowerCase() === FOOTNOTE_SCHEME;

const decode = (part: string): string | null => {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
};

/** A workspace-relative path from URI segments: decoded, no empty, `.` or `..` segment, no NUL. */
function readPath(encoded: string): { path: string } | { reason: string } {
  const segments = encoded.split('/').map(decode);
  if (segments.some((s) => s === null)) return { reason: 'the path is not valid percent-encoding' };
  const parts = segments as string[];
  if (parts.some((s) => s === '..' || s === '.'))
    return { reason: 'the path leaves the workspace (a . or .. segment)' };
  if (parts.some((s) => s === '' || s.includes('\0') || s.includes('/') || s.includes('\\')))
    return { reason: 'the path has an empty or malformed segment' };
  return { path: parts.join('/') };
}

/**
 * Reads a `footnote://` URI without normalizing it first, so `..` is refused rather than silently
 * collapsed. The forms are those `formatFootnoteUri` writes.
 */
export function parseFootnoteUri(text: string): ParsedUri {
  if (!isFootnoteUri(text))
    return { ok: false, reason: `expected a URI starting ${FOOTNOTE_SCHEME}` };
  const rest = text.slice(FOOTNOTE_SCHEME.length);
  const hashAt = rest.indexOf('#');
  const main = hashAt >= 0 ? rest.slice(0, hashAt) : rest;
  const fragment = hashAt >= 0 ? decode(rest.slice(hashAt + 1)) : null;
  if (hashAt >= 0 && (fragment === null || fragment === ''))
    return { ok: false, reason: 'the #fragment is empty or not valid percent-encoding' };
  const slash = main.indexOf('/');
  const kind = (slash >= 0 ? main.slice(0, slash) : main).toLowerCase();
  const tail = slash >= 0 ? main.slice(slash + 1) : '';
  if (tail === '') return { ok: false, reason: `nothing named after ${FOOTNOTE_SCHEME}${kind}/` };
  const fail = (reason: string): ParsedUri => ({ ok: false, reason });
  switch (kind) {
    case 'note': {
      const read = readPath(tail);
      if ('reason' in read) return fail(read.reason);
      const block = fragment?.startsWith('^') ? fragment.slice(1) : null;
      return {
        ok: true,
        uri: { kind, path: read.path, heading: block === null ? fragment : null, block },
      };
    }
    case 'pdf': {
      if (fragment !== null) return fail('a PDF URI takes /page/N, not a #fragment');
      const page = PAGE_SUFFIX.exec(tail);
      const read = readPath(page ? tail.slice(0, page.index) : tail);
      if ('reason' in read) return fail(read.reason);
      const number = page ? Number(page[1]) : null;
      if (number === 0) return fail('pages are numbered from 1');
      return { ok: true, uri: { kind, path: read.path, page: number } };
    }
    case 'content': {
      const parts = tail.split('/').map(decode);
      if (parts.length > 2 || parts.some((p) => !p) || fragment !== null)
        return fail('expected footnote://content/{slug} or footnote://content/{slug}/{section}');
      return { ok: true, uri: { kind, slug: parts[0] as string, section: parts[1] ?? null } };
    }
    case 'entity': {
      const parts = tail.split('/').map(decode);
      if (parts.length !== 2 || parts.some((p) => !p) || fragment !== null)
        return fail('expected footnote://entity/{type}/{slug}');
      return { ok: true, uri: { kind, type: parts[0] as string, slug: parts[1] as string } };
    }
    case 'session': {
      const id = decode(tail);
      if (!id || id.includes('/') || fragment !== null)
        return fail('expected footnote://session/{id}');
      return { ok: true, uri: { kind, id } };
    }
    default:
      return fail(
        `unknown resource kind ${JSON.stringify(kind)}; expected note, pdf, content, entity or session`,
      );
  }
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** Writes the canonical URI of a resource; `parseFootnoteUri` reads it back to the same value. */
export function formatFootnoteUri(uri: FootnoteUri): string {
  switch (uri.kind) {
    case 'note': {
      const fragment =
        uri.block !== null
          ? `#^${encodeURIComponent(uri.block)}`
          : uri.heading !== null
            ? `#${encodeURIComponent(uri.heading)}`
            : '';
      return `${FOOTNOTE_SCHEME}note/${encodePath(uri.path)}${fragment}`;
    }
    case 'pdf':
      return `${FOOTNOTE_SCHEME}pdf/${encodePath(uri.path)}${uri.page !== null ? `/page/${uri.page}` : ''}`;
    case 'content':
      return `${FOOTNOTE_SCHEME}content/${encodeURIComponent(uri.slug)}${uri.section !== null ? `/${encodeURIComponent(uri.section)}` : ''}`;
    case 'entity':
      return `${FOOTNOTE_SCHEME}entity/${encodeURIComponent(uri.type)}/${encodeURIComponent(uri.slug)}`;
    case 'session':
      return `${FOOTNOTE_SCHEME}session/${encodeURIComponent(uri.id)}`;
  }
}

/** What a document's own URI is built from: enough of the stored document or its catalog entry. */
export interface UriSubject {
  readonly kind: DocumentKind;
  readonly path: string;
  readonly slug: string;
  readonly entityId: string | null;
}

/** The part of a document a URI may name below the document itself. */
export interface UriPart {
  readonly heading?: string | null;
  readonly block?: string | null;
  readonly section?: string | null;
  readonly page?: number | null;
}

/**
 * The canonical URI of a document or a part of it: PDFs by path (and page), content by slug (and
 * section), entities by type and slug, everything else as a note by path (and heading or block).
 */
export function documentUri(doc: UriSubject, part: UriPart = {}): string {
  if (doc.kind === 'pdf')
    return formatFootnoteUri({ kind: 'pdf', path: doc.path, page: part.page ?? null });
  if (doc.kind === 'content' && doc.slug)
    return formatFootnoteUri({ kind: 'content', slug: doc.slug, section: part.section ?? null });
  const slash = doc.entityId?.indexOf('/') ?? -1;
  if (doc.kind === 'entity' && doc.entityId && slash > 0)
    return formatFootnoteUri({
      kind: 'entity',
      type: doc.entityId.slice(0, slash),
      slug: doc.entityId.slice(slash + 1),
    });
  return formatFootnoteUri({
    kind: 'note',
    path: doc.path,
    heading: part.block ? null : (part.heading ?? null),
    block: part.block ?? null,
  });
}
