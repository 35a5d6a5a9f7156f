import type { McpServer, ResourceLink } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { DOCUMENT_KINDS } from '../../../core/index.ts';
import { partialCoverageNote, SEARCH_MODES, searchChunks } from '../../../search/index.ts';
import { documentUri } from '../footnote-uri.ts';
import type { McpContext } from '../mcp-context.ts';
import { SearchOutput } from '../mcp-schemas.ts';
import { guardTool, READS, toolResult } from './tool-result.ts';

/** Characters of each excerpt: enough to judge a hit, far less than the note. */
export const SEARCH_EXCERPT_CHARS = 200;

const SearchInput = z.object({
  query: z.string().min(1).max(500),
  limit: z.number().int().min(1).max(20).default(8),
  kind: z.enum(DOCUMENT_KINDS).optional(),
  mode: z
    .enum(SEARCH_MODES)
    .optional()
    .describe(
      'lexical: by the words typed; vector: by meaning (needs an embedding model); hybrid: both fused. Default: hybrid with an embedding model, else lexical',
    ),
});

/** `search`: ranked passages with short excerpts and exact spans, plus a link per hit. */
export function registerSearchTool(server: McpServer, context: McpContext): void {
  server.registerTool(
    'search',
    {
      title: 'Search the workspace',
      description:
        'Ranked passages matching a query, each with a ~200-character excerpt, its exact span, an id and the signals that found it (lexical: shares words with the query; vector: close in meaning); fetch an id for the full passage.',
      inputSchema: SearchInput,
      outputSchema: SearchOutput,
      annotations: READS,
    },
    guardTool(
      context,
      async ({ query, limit, kind, mode }: z.output<typeof SearchInput>, signal) => {
        const ws = context.workspace;
        const catalog = await ws.catalog();
        const found = await searchChunks(ws.store, ws.vectors, ws.embedder, query, {
          limit,
          excerptChars: SEARCH_EXCERPT_CHARS,
          signal,
          ...(kind && { kinds: [kind] }),
          ...(mode && { mode }),
        });
        const hits = found.results;
        const results = hits.map((hit) => {
          const entry = catalog.get(hit.documentId);
          const uri = documentUri(
            {
              kind: hit.kind,
              path: hit.path,
              slug: entry?.slug ?? '',
              entityId: entry?.entityId ?? null,
            },
            { page: hit.page, section: hit.section, heading: hit.headingPath.at(-1) ?? null },
          );
          return {
            id: hit.chunkId,
            uri,
            path: hit.path,
            title: hit.title,
            kind: hit.kind,
            page: hit.page,
            section: hit.section,
            headingPath: [...hit.headingPath],
            start: hit.start,
            end: hit.end,
            excerpt: hit.excerpt,
            score: Math.round(hit.score * 1000) / 1000,
            signals: [...hit.signals],
          };
        });
        const partial = found.vectorError
          ? `vector search failed, searched by words only: ${found.vectorError}`
          : partialCoverageNote(found.coverage);
        const listing =
          results.length === 0
            ? `No passages match ${JSON.stringify(query)}.`
            : results
                .map((r, i) => {
                  const where =
                    r.page !== null
                      ? `page ${r.page}`
                      : r.section
                        ? `§ ${r.section}`
                        : r.headingPath.at(-1);
                  return `${i + 1}. ${r.title} (${r.path}${where ? ` · ${where}` : ''}) id ${r.id} [${r.signals.join(' + ')}]\n   ${r.excerpt}`;
                })
                .join('\n');
        const text = partial ? `${listing}\n(${partial})` : listing;
        const links: ResourceLink[] = results.map((r) => ({
          type: 'resource_link',
          uri: r.uri,
          name: r.title,
          mimeType: 'text/plain',
        }));
        return toolResult({ mode: found.mode, results }, text, links);
      },
    ),
  );
}
