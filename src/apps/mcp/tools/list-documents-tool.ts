import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { DOCUMENT_KINDS } from '../../../core/index.ts';
import { documentUri } from '../footnote-uri.ts';
import { checkRelativePath } from '../locate-target.ts';
import type { McpContext } from '../mcp-context.ts';
import { ListDocumentsOutput } from '../mcp-schemas.ts';
import { guardTool, READS, toolResult } from './tool-result.ts';

const ListInput = z.object({
  kind: z.enum(DOCUMENT_KINDS).optional(),
  folder: z.string().max(500).optional(),
  limit: z.number().int().min(1).max(500).default(100),
});

/** `list_documents`: the workspace's documents, of one kind or under one folder, with their URIs. */
export function registerListDocumentsTool(server: McpServer, context: McpContext): void {
  server.registerTool(
    'list_documents',
    {
      title: 'List documents',
      description: 'Documents of the workspace, optionally of one kind or under one folder.',
      inputSchema: ListInput,
      outputSchema: ListDocumentsOutput,
      annotations: READS,
    },
    guardTool(context, async ({ kind, folder, limit }: z.output<typeof ListInput>) => {
      const prefix = folder?.replace(/^\/+|\/+$/g, '') ?? '';
      if (prefix) checkRelativePath(prefix);
      const catalog = await context.workspace.catalog();
      const all = await context.workspace.store.listDocuments(kind ? { kinds: [kind] } : {});
      const matching = all.filter(
        (d) => !prefix || d.path.toLowerCase().startsWith(`${prefix.toLowerCase()}/`),
      );
      const documents = matching.slice(0, limit).map((d) => ({
        id: d.id,
        uri: documentUri({ ...d, entityId: catalog.get(d.id)?.entityId ?? null }),
        path: d.path,
        title: d.title,
        kind: d.kind,
        status: d.status,
        updatedAt: d.updatedAt,
      }));
      const more = matching.length - documents.length;
      const text =
        documents.length === 0
          ? 'No documents match.'
          : `${documents.map((d) => `${d.path} — ${d.title} (${d.kind}${d.status === 'active' ? '' : `, ${d.status}`})`).join('\n')}${more > 0 ? `\n… and ${more} more (raise limit or narrow by folder)` : ''}`;
      return toolResult({ documents, total: matching.length }, text);
    }),
  );
}
