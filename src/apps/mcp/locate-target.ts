import {
  blockPart,
  type CatalogEntry,
  type DocumentPart,
  headingPart,
  isLoaded,
  pagePart,
  type ReferenceTarget,
  resolveDocumentName,
  resolveReferences,
  type StoredDocument,
  sectionPart,
  spanPart,
} from '../../core/index.ts';
import type { WorkspaceHandle } from '../server/workspace-handle.ts';
import { documentUri, type FootnoteUri, isFootnoteUri, parseFootnoteUri } from './footnote-uri.ts';
import { McpToolError } from './mcp-tool-error.ts';

/** A document, or one part of it, that a caller named. */
export interface Located {
  readonly doc: StoredDocument;
  /** The part asked for; null for the whole document. */
  readonly part: DocumentPart | null;
  /** The heading or `^block` the part is, for its URI (sections and pages are on the part). */
  readonly heading: string | null;
  readonly block: string | null;
  /** The canonical `footnote://` URI of what was located. */
  readonly uri: string;
  /** How a reference was read, e.g. `heading "Risks" not found; using the whole note`. */
  readonly notes: readonly string[];
}

const notFound = (what: string) =>
  new McpToolError(
    'not_found',
    `no document ${what} in this workspace; use search or list_documents to find one`,
  );

const listOf = (entries: readonly { path: string }[]) =>
  entries
    .slice(0, 8)
    .map((e) => e.path)
    .join(', ');

/** Refuses a path that could leave the workspace: absolute, `..` or `.` segments, NUL or backslashes. */
export function checkRelativePath(path: string): void {
  const segments = path.split('/');
  if (
    path.startsWith('/') ||
    /^[A-Za-z]:/.test(path) ||
    path.includes('\\') ||
    path.includes('\0') ||
    segments.some((s) => s === '..' || s === '.')
  )
    throw new McpToolError(
      'path_outside_workspace',
      `path ${JSON.stringify(path)} leaves the workspace; give a path relative to its folder`,
    );
}

async function load(ws: WorkspaceHandle, entry: CatalogEntry | undefined, what: string) {
  const doc = entry ? await ws.store.getDocument(entry.id) : null;
  if (!doc || doc.status === 'deleted') throw notFound(what);
  return doc;
}

/** The one live entry among matches; several are an error naming them (never the first silently). */
function single(matches: readonly CatalogEntry[], what: string): CatalogEntry | undefined {
  const live = matches.filter((e) => e.status !== 'deleted');
  if (live.length > 1)
    throw new McpToolError(
      'ambiguous',
      `${what} names ${live.length} documents: ${listOf(live)}; give the full path`,
    );
  return live[0];
}

const located = (
  doc: StoredDocument,
  part: DocumentPart | null,
  anchor: { heading?: string | null; block?: string | null } = {},
): Located => ({
  doc,
  part,
  heading: anchor.heading ?? null,
  block: anchor.block ?? null,
  notes: [],
  uri: documentUri(
    { kind: doc.kind, path: doc.path, slug: doc.slug, entityId: entityIdOf(doc) },
    {
      heading: anchor.heading ?? null,
      block: anchor.block ?? null,
      section: part?.section ?? null,
      page: part?.page ?? null,
    },
  ),
});

/** An entity document's id (`person/alice`), from what the reader stored. */
export const entityIdOf = (doc: Pick<StoredDocument, 'metadata'>): string | null =>
  typeof doc.metadata.entityId === 'string' ? doc.metadata.entityId : null;

function headingOf(doc: StoredDocument, heading: string): Located {
  const part = headingPart(doc, heading);
  if (!part)
    throw new McpToolError(
      'not_found',
      `no heading ${JSON.stringify(heading)} in ${doc.path}; it has: ${doc.headings.map((h) => h.text).join(', ') || 'no headings'}`,
    );
  return located(doc, part, { heading: part.label.slice(2) });
}

function sectionOf(doc: StoredDocument, section: string): Located {
  const byTitle = doc.sections.find((s) => s.title.toLowerCase() === section.toLowerCase());
  const part = sectionPart(doc, section) ?? (byTitle ? sectionPart(doc, byTitle.id) : null);
  if (!part)
    throw new McpToolError(
      'not_found',
      `no section ${JSON.stringify(section)} in ${doc.path}; it has: ${doc.sections.map((s) => s.id).join(', ') || 'no sections'}`,
    );
  return located(doc, part);
}

function pageOf(doc: StoredDocument, page: number): Located {
  const part = pagePart(doc, page);
  if (!part)
    throw new McpToolError(
      'not_found',
      `${doc.path} has no page ${page} (it has ${doc.pages.length})`,
    );
  return located(doc, part);
}

function blockOf(doc: StoredDocument, block: string): Located {
  const part = blockPart(doc, block);
  if (!part) throw new McpToolError('not_found', `no block ^${block} in ${doc.path}`);
  return located(doc, part, { block: part.label.slice(1) });
}

/** Finds what a `footnote://` URI names (sessions are not documents: their resource reads them). */
async function locateUri(ws: WorkspaceHandle, uri: FootnoteUri, raw: string): Promise<Located> {
  const catalog = await ws.catalog();
  switch (uri.kind) {
    case 'note': {
      const doc = await load(ws, catalog.atPath(uri.path), uri.path);
      if (uri.block) return blockOf(doc, uri.block);
      return uri.heading ? headingOf(doc, uri.heading) : located(doc, null);
    }
    case 'pdf': {
      const doc = await load(ws, catalog.atPath(uri.path), uri.path);
      return uri.page !== null ? pageOf(doc, uri.page) : located(doc, null);
    }
    case 'content': {
      const slug = uri.slug.toLowerCase();
      const entry = single(
        catalog.entries.filter((e) => e.kind === 'content' && e.slug.toLowerCase() === slug),
        `content slug ${JSON.stringify(uri.slug)}`,
      );
      const doc = await load(ws, entry, `with content slug ${JSON.stringify(uri.slug)}`);
      return uri.section ? sectionOf(doc, uri.section) : located(doc, null);
    }
    case 'entity': {
      const id = `${uri.type}/${uri.slug}`.toLowerCase();
      const entry = catalog.entries.find(
        (e) => e.entityId?.toLowerCase() === id && e.status !== 'deleted',
      );
      return located(await load(ws, entry, `for entity ${uri.type}/${uri.slug}`), null);
    }
    case 'session':
      throw new McpToolError(
        'not_a_document',
        `${raw} is a session; read it as a resource (resources/read) instead`,
      );
  }
}

/** The part a resolved reference's target names, or the whole document. */
function targetOf(doc: StoredDocument, t: ReferenceTarget | null): Located {
  if (!t) return located(doc, null);
  if (t.span) {
    const heading = t.heading ?? null;
    const part = spanPart(doc, t.span, { page: t.page, section: t.section, heading });
    if (part) return located(doc, part, { heading });
  }
  if (t.block) return blockOf(doc, t.block);
  if (t.section) return sectionOf(doc, t.section);
  if (t.page !== null) return pageOf(doc, t.page);
  if (t.heading) return headingOf(doc, t.heading);
  return located(doc, null);
}

/** Resolves reference text (`[[Note#Heading]]`, `@post:section`, `@page:doc.pdf#2`) as chat does. */
async function locateReference(ws: WorkspaceHandle, text: string): Promise<Located> {
  const catalog = await ws.catalog();
  const ref = resolveReferences(text, catalog, { maxReferences: 1 })[0];
  if (!ref)
    throw new McpToolError(
      'invalid_reference',
      `no reference could be read in ${JSON.stringify(text)}`,
    );
  if (ref.status === 'ambiguous')
    throw new McpToolError(
      'ambiguous',
      `${ref.raw} is ambiguous: ${listOf(ref.candidates)}; write the full path, e.g. [[${ref.candidates[0]?.path ?? ''}]]`,
    );
  if (!isLoaded(ref) || !ref.target) {
    const hint = ref.suggestions.map((s) => s.insert).slice(0, 5);
    throw new McpToolError(
      'not_found',
      `${ref.raw} does not name a document here${hint.length ? `; did you mean ${hint.join(', ')}` : ''}`,
    );
  }
  const doc = await ws.store.getDocument(ref.target.documentId);
  if (!doc || doc.status === 'deleted') throw notFound(ref.raw);
  return { ...targetOf(doc, ref.target), notes: ref.notes };
}

/**
 * A name as a chat tool reads it (`resolveDocumentName`: an exact path or id, else the wikilink
 * rules with `#Heading` or `#^block`, else the mention rules), so `fetch` and the model's own
 * `read_document` agree on what a name means; several equal matches are an error naming them.
 */
async function locateName(ws: WorkspaceHandle, name: string): Promise<Located> {
  checkRelativePath(name.replace(/#.*$/, ''));
  const outcome = resolveDocumentName(name, await ws.catalog());
  if (outcome.status === 'ambiguous')
    throw new McpToolError(
      'ambiguous',
      `${JSON.stringify(name)} names ${outcome.candidates.length} documents: ${listOf(outcome.candidates)}; give the full path`,
    );
  const doc = outcome.target ? await ws.store.getDocument(outcome.target.documentId) : null;
  if (
    outcome.status === 'unresolved' ||
    outcome.status === 'deleted' ||
    !doc ||
    doc.status === 'deleted'
  )
    throw notFound(JSON.stringify(name));
  return { ...targetOf(doc, outcome.target), notes: outcome.notes };
}

/**
 * Finds what a caller names, in this workspace only: a `footnote://` URI, reference text, a chunk
 * (span) or document id, or a path, file name or title (`path#Heading` for a heading). Ids of another
 * workspace are not found; paths that leave the workspace are refused.
 */
export async function locateTarget(ws: WorkspaceHandle, input: string): Promise<Located> {
  const text = input.trim();
  if (!text)
    throw new McpToolError('invalid_input', 'give an id, path, footnote:// URI or reference');
  if (isFootnoteUri(text)) {
    const parsed = parseFootnoteUri(text);
    if (!parsed.ok) {
      const code = parsed.reason.includes('leaves') ? 'path_outside_workspace' : 'invalid_uri';
      throw new McpToolError(code, `${text}: ${parsed.reason}`);
    }
    return locateUri(ws, parsed.uri, text);
  }
  if (text.startsWith('[[') || text.startsWith('@') || text.startsWith('![['))
    return locateReference(ws, text);
  const chunk = await ws.store.getChunk(text);
  if (chunk) {
    const doc = await ws.store.getDocument(chunk.documentId);
    if (!doc || doc.status === 'deleted') throw notFound(text);
    const heading = chunk.headingPath.at(-1) ?? null;
    const part = spanPart(doc, chunk, { page: chunk.page, section: chunk.sectionId, heading });
    if (!part) throw notFound(text);
    return located(doc, part, { heading });
  }
  const byId = await ws.store.getDocument(text);
  if (byId) {
    if (byId.status === 'deleted') throw notFound(text);
    return located(byId, null);
  }
  return locateName(ws, text);
}
