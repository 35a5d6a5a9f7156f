import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { locateTarget } from '../locate-target.ts';
import type { McpContext } from '../mcp-context.ts';
import { FetchOutput } from '../mcp-schemas.ts';
import { fetchedContent, readLocated } from '../read-located.ts';
import { guardTool, READS, toolResult } from './tool-result.ts';

const FetchInput = z.object({ id: z.string().min(1).max(2000) });

/** `fetch`: a document, section, page or span, by whatever names it, as text with its location. */
export function registerFetchTool(server: McpServer, context: McpContext): void {
  server.registerTool(
    'fetch',
    {
      title: 'Read a document or part',
      description:
        'Read by search id, document id, path, footnote:// URI or reference ([[Note#Heading]], @post:section, @page:doc.pdf#2). Long documents return an outline: fetch a part.',
      inputSchema: FetchInput,
      outputSchema: FetchOutput,
      annotations: READS,
    },
    guardTool(context, async ({ id }: z.output<typeof FetchInput>) => {
      const at = await locateTarget(context.workspace, id);
      const fetched = readLocated(at);
      return toolResult(fetched, fetchedContent(fetched, at.doc));
    }),
  );
}
