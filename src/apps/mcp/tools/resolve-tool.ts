import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { resolveReferences } from '../../../core/index.ts';
import { MAX_MESSAGE_CHARS, referenceJson } from '../../../protocol/index.ts';
import type { McpContext } from '../mcp-context.ts';
import { ResolveOutput } from '../mcp-schemas.ts';
import { formatReferenceLine } from './format-reference-line.ts';
import { guardTool, READS, toolResult } from './tool-result.ts';

const ResolveInput = z.object({
  message: z.string().min(1).max(MAX_MESSAGE_CHARS),
  current: z.string().max(500).optional(),
});

/** `resolve`: the references of a message, exactly as chat and `footnote resolve --json` read them. */
export function registerResolveTool(server: McpServer, context: McpContext): void {
  server.registerTool(
    'resolve',
    {
      title: 'Resolve references',
      description:
        'The [[wikilinks]] and @mentions of a message resolved to documents, sections and pages (with candidates, suggestions and edit permission), as chat reads them.',
      inputSchema: ResolveInput,
      outputSchema: ResolveOutput,
      annotations: READS,
    },
    guardTool(context, async ({ message, current }: z.output<typeof ResolveInput>) => {
      const references = resolveReferences(message, await context.workspace.catalog(), {
        currentPath: current ?? null,
        mode: context.mode,
      });
      const text =
        references.length === 0
          ? 'No references in this message.'
          : references.map(formatReferenceLine).join('\n');
      return toolResult({ references: references.map(referenceJson) }, text);
    }),
  );
}
