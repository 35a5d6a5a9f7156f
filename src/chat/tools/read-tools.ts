import { tool } from 'ai';
import { z } from 'zod';
import {
  DOCUMENT_KINDS,
  type DocumentPart,
  firstParagraph,
  namedPart,
  outlineOf,
  pagePart,
  type StoredDocument,
  sectionCount,
  type ToolCallDocument,
} from '../../core/index.ts';
import { searchChunks } from '../../search/index.ts';
import { documentOf, lineRange, recorded } from './tool-call-log.ts';
import { findDocument, type ToolContext, ToolInputError } from './tool-context.ts';

/** Longest document text a read tool returns whole; larger ones come back as an outline. */
export const MAX_READ_CHARS = 20_000;

/** Passages `search` returns when the model names no limit. */
export const DEFAULT_SEARCH_RESULTS = 10;

/** Most passages one `search` returns; a larger limit is taken as this one, not refused. */
export const MAX_SEARCH_RESULTS = 20;

/** The number of results a `search` limit asks for, within 1…{@link MAX_SEARCH_RESULTS}. */
export const searchLimit = (limit: number | undefined): number =>
  Math.min(MAX_SEARCH_RESULTS, Math.max(1, Math.floor(limit ?? DEFAULT_SEARCH_RESULTS)));

/** A relevance score as the model reads it: two decimals say enough to compare results. */
const roundScore = (score: number): number => Math.round(score * 100) / 100;

const touch = (
  context: ToolContext,
  name: string,
  doc: StoredDocument,
  part: Partial<DocumentPart> = {},
) =>
  context.tracker.touch({
    tool: name,
    documentId: doc.id,
    path: doc.path,
    title: doc.title,
    kind: doc.kind,
    status: doc.status,
    page: part.page ?? null,
    section: part.section ?? null,
  });

/** Registers a passage as a source and returns it in the shape the model reads. */
function passage(
  context: ToolContext,
  doc: StoredDocument,
  part: DocumentPart,
  chunkId: string | null = null,
) {
  const n = context.registry.register({
    origin: 'retrieval',
    documentId: doc.id,
    path: doc.path,
    title: doc.title,
    kind: doc.kind,
    chunkId,
    page: part.page,
    section: part.section,
    heading: part.label.startsWith('# ') ? part.label.slice(2) : null,
    block: null,
    start: part.start,
    end: part.end,
    text: part.text,
  });
  return {
    n,
    title: doc.title,
    path: doc.path,
    page: part.page,
    section: part.section,
    text: part.text,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How a read is stored: `read notes/x.md lines 1–40`, or the page of a PDF. */
const readSummary = (doc: StoredDocument, part: DocumentPart) =>
  part.page !== null
    ? `read ${doc.path} page ${part.page}`
    : `read ${doc.path} ${lineRange(doc.body, part.start, part.end)}`;

/** The read-only tools every mode offers. */
export function readTools(context: ToolContext) {
  return {
    search: tool({
      description:
        'Search the workspace for passages relevant to a query. Returns numbered passages, best first, each with its relevance score (higher is better, comparable within one search) and the signals that found it (lexical: shares words with the query; vector: close in meaning); cite them as [n]. If nothing useful comes back, search again with other words (synonyms, fewer words) before concluding the workspace does not say.',
      inputSchema: z.object({
        query: z.string().min(1).max(500),
        limit: z
          .number()
          .int()
          .optional()
          .describe(
            `How many passages (default ${DEFAULT_SEARCH_RESULTS}; at most ${MAX_SEARCH_RESULTS}, a larger value is taken as ${MAX_SEARCH_RESULTS})`,
          ),
        kind: z.enum(DOCUMENT_KINDS).optional(),
      }),
      execute: recorded(context.log, async ({ query, limit, kind }) => {
        const { results: hits } = await searchChunks(
          context.store,
          context.vectors ?? null,
          context.embedder ?? null,
          query,
          { limit: searchLimit(limit), ...(kind && { kinds: [kind] }) },
        );
        const results = [];
        const found: ToolCallDocument[] = [];
        for (const hit of hits) {
          const chunk = await context.store.getChunk(hit.chunkId);
          const doc = await context.store.getDocument(hit.documentId);
          if (!chunk || !doc) continue;
          touch(context, 'search', doc);
          found.push(documentOf(doc));
          const label =
            hit.page !== null
              ? `page ${hit.page}`
              : hit.section
                ? `§ ${hit.section}`
                : `# ${hit.headingPath.at(-1) ?? doc.title}`;
          results.push({
            ...passage(
              context,
              doc,
              {
                text: chunk.text,
                start: chunk.start,
                end: chunk.end,
                label,
                page: chunk.page,
                section: chunk.sectionId,
              },
              chunk.id,
            ),
            score: roundScore(hit.score),
            signals: hit.signals,
          });
        }
        return {
          output: { results },
          summary: plural(results.length, 'result'),
          documents: found,
        };
      }),
    }),
    read_document: tool({
      description:
        'Read a whole document by path, file name or title. Large documents come back as an outline.',
      inputSchema: z.object({ path: z.string().min(1).max(500) }),
      execute: recorded<{ path: string }, object>(context.log, async ({ path }) => {
        const doc = await findDocument(context, path);
        touch(context, 'read_document', doc);
        if (doc.body.length > MAX_READ_CHARS || sectionCount(doc) > 10) {
          const outline = outlineOf(doc);
          return {
            output: {
              title: doc.title,
              path: doc.path,
              kind: doc.kind,
              outline,
              firstParagraph: firstParagraph(doc),
              note: 'Too long to return whole: read a part with read_section or get_page.',
            },
            summary: `outline of ${doc.path}`,
            documents: [documentOf(doc)],
          };
        }
        const whole: DocumentPart = {
          text: doc.body,
          start: 0,
          end: doc.body.length,
          label: doc.title,
          page: null,
          section: null,
        };
        return {
          output: { kind: doc.kind, ...passage(context, doc, whole) },
          summary: readSummary(doc, whole),
          documents: [documentOf(doc)],
        };
      }),
    }),
    read_section: tool({
      description:
        'Read one section of a document, by section id or heading text ("introduction" and "conclusion" name a post\'s opening part and last section).',
      inputSchema: z.object({
        path: z.string().min(1).max(500),
        section: z.string().min(1).max(300),
      }),
      execute: recorded(context.log, async ({ path, section }) => {
        const doc = await findDocument(context, path);
        const part = namedPart(doc, section);
        if (!part) {
          const known = doc.sections.length
            ? doc.sections.map((s) => s.id)
            : doc.headings.map((h) => h.text);
          throw new ToolInputError(
            `no section ${JSON.stringify(section)} in ${doc.path}; it has: ${known.join(', ') || 'no sections'}`,
          );
        }
        touch(context, 'read_section', doc, part);
        return {
          output: passage(context, doc, part),
          summary: readSummary(doc, part),
          documents: [documentOf(doc)],
        };
      }),
    }),
    get_page: tool({
      description:
        'Read one page of a PDF, by page id ("<documentId>:<page>") or by document and page number.',
      inputSchema: z.object({
        pageId: z.string().max(300).optional(),
        path: z.string().max(500).optional(),
        page: z.number().int().min(1).optional(),
      }),
      execute: recorded(context.log, async ({ pageId, path, page }) => {
        let doc: StoredDocument;
        let number = page;
        if (pageId) {
          const at = pageId.lastIndexOf(':');
          const found = at > 0 ? await context.store.getDocument(pageId.slice(0, at)) : null;
          if (!found) throw new ToolInputError(`no page ${JSON.stringify(pageId)}`);
          doc = found;
          number = Number(pageId.slice(at + 1));
        } else if (path && page) {
          doc = await findDocument(context, path);
        } else {
          throw new ToolInputError('give pageId, or path and page');
        }
        const part = number ? pagePart(doc, number) : null;
        if (!part)
          throw new ToolInputError(
            `${doc.path} has no page ${number} (it has ${doc.pages.length})`,
          );
        touch(context, 'get_page', doc, part);
        return {
          output: passage(context, doc, part),
          summary: readSummary(doc, part),
          documents: [documentOf(doc)],
        };
      }),
    }),
    list_documents: tool({
      description:
        'List documents of the workspace, optionally of one kind or whose title or path contains a text.',
      inputSchema: z.object({
        kind: z.enum(DOCUMENT_KINDS).optional(),
        contains: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(100).default(50),
      }),
      execute: recorded(context.log, async ({ kind, contains, limit }) => {
        const all = await context.store.listDocuments(kind ? { kinds: [kind] } : {});
        const wanted = contains?.toLowerCase();
        const listed = all
          .filter(
            (d) =>
              !wanted ||
              d.title.toLowerCase().includes(wanted) ||
              d.path.toLowerCase().includes(wanted),
          )
          .slice(0, limit);
        const documents = listed.map((d) => ({
          title: d.title,
          path: d.path,
          kind: d.kind,
          status: d.status,
        }));
        return {
          output: { documents, total: all.length },
          summary: `${documents.length} of ${plural(all.length, 'document')}`,
          documents: listed.map(documentOf),
        };
      }),
    }),
    links: tool({
      description:
        'List the links of a note: the documents it links to, and the notes that link to it (backlinks).',
      inputSchema: z.object({
        path: z.string().min(1).max(500),
        direction: z.enum(['outgoing', 'backlinks', 'both']).default('both'),
      }),
      execute: recorded(context.log, async ({ path, direction }) => {
        const doc = await findDocument(context, path);
        touch(context, 'links', doc);
        const show = (l: {
          target: string;
          heading: string | null;
          sourcePath: string;
          embed: boolean;
        }) => ({
          target: l.target,
          heading: l.heading,
          from: l.sourcePath,
          embed: l.embed,
        });
        const outgoing =
          direction !== 'backlinks' ? (await context.store.outgoingLinks(doc.id)).map(show) : null;
        const backlinks =
          direction !== 'outgoing' ? (await context.store.backlinks(doc.id)).map(show) : null;
        const counts = [
          outgoing && plural(outgoing.length, 'outgoing link'),
          backlinks && plural(backlinks.length, 'backlink'),
        ].filter(Boolean);
        return {
          output: {
            path: doc.path,
            ...(outgoing && { outgoing }),
            ...(backlinks && { backlinks }),
          },
          summary: `links of ${doc.path}: ${counts.join(', ')}`,
          documents: [documentOf(doc)],
        };
      }),
    }),
  };
}
