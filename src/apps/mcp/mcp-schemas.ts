/**
 * The structured results of the MCP tools, as zod schemas: the SDK publishes them as each tool's
 * `outputSchema` and checks every result against them before it leaves the server. Kept small —
 * every schema is read by the client's model on each `tools/list`.
 */
import { z } from 'zod';
import { DOCUMENT_KINDS } from '../../core/index.ts';
import { SEARCH_MODES } from '../../search/index.ts';

const kind = z.enum(DOCUMENT_KINDS);
const status = z.enum(['active', 'archived', 'deleted']);
const offset = z.number();

/** One search hit: the chunk id (fetch it for the exact span), where it is, and a short excerpt. */
export const SearchHit = z.object({
  id: z.string(),
  uri: z.string(),
  path: z.string(),
  title: z.string(),
  kind,
  page: z.number().nullable(),
  section: z.string().nullable(),
  headingPath: z.array(z.string()),
  start: offset,
  end: offset,
  excerpt: z.string(),
  score: z.number(),
  /** Which retrieval found it: lexical (shares words with the query), vector (close in meaning). */
  signals: z.array(z.enum(['lexical', 'vector'])),
});

export const SearchOutput = z.object({
  /** The retrieval the search ran: lexical, vector, or hybrid (both fused). */
  mode: z.enum(SEARCH_MODES),
  results: z.array(SearchHit),
});

export const FetchOutput = z.object({
  uri: z.string(),
  documentId: z.string(),
  path: z.string(),
  title: z.string(),
  kind,
  status,
  part: z.string().nullable(),
  heading: z.string().nullable(),
  section: z.string().nullable(),
  page: z.number().nullable(),
  start: offset,
  end: offset,
  text: z.string(),
  outline: z.string().nullable(),
  truncated: z.boolean(),
  notes: z.array(z.string()),
});

/** A reference as `footnote resolve --json` prints it; the fields a client acts on are typed. */
export const ResolvedReference = z.looseObject({
  raw: z.string(),
  status: z.enum(['resolved', 'ambiguous', 'unresolved', 'archived', 'deleted', 'over_limit']),
  permission: z.enum(['read', 'write', 'insert']),
  target: z.looseObject({ documentId: z.string(), path: z.string() }).nullable(),
});

export const ResolveOutput = z.object({ references: z.array(ResolvedReference) });

const EditSummary = z.object({
  editId: z.string(),
  path: z.string(),
  status: z.string(),
  versionId: z.string().nullable(),
  diff: z.string(),
});

export const AskOutput = z.object({
  answer: z.string(),
  sessionId: z.string(),
  status: z.enum(['complete', 'interrupted', 'failed', 'streaming']),
  grounded: z.boolean(),
  citations: z.array(
    z.object({
      n: z.number(),
      path: z.string(),
      title: z.string(),
      page: z.number().nullable(),
      section: z.string().nullable(),
      start: offset,
      end: offset,
      cited: z.boolean(),
      quote: z
        .object({ text: z.string(), start: offset.nullable(), end: offset.nullable() })
        .nullable(),
      support: z.enum(['supported', 'partial', 'unsupported']).nullable(),
    }),
  ),
  claims: z.array(
    z.object({
      text: z.string(),
      markers: z.array(z.number()),
      verdict: z.enum(['supported', 'partial', 'unsupported']),
    }),
  ),
  edits: z.array(EditSummary),
});

export const ListDocumentsOutput = z.object({
  documents: z.array(
    z.object({
      id: z.string(),
      uri: z.string(),
      path: z.string(),
      title: z.string(),
      kind,
      status,
      updatedAt: z.string(),
    }),
  ),
  total: z.number(),
});

export const LinksOutput = z.object({
  uri: z.string(),
  path: z.string(),
  outgoing: z.array(
    z.object({
      target: z.string(),
      heading: z.string().nullable(),
      embed: z.boolean(),
      path: z.string().nullable(),
      uri: z.string().nullable(),
    }),
  ),
  backlinks: z.array(z.object({ path: z.string(), title: z.string(), uri: z.string() })),
});

export const EditOutput = EditSummary.extend({ sessionId: z.string(), applied: z.boolean() });
