import type { McpServer } from '@modelcontextprotocol/server';
import type { McpContext } from '../mcp-context.ts';
import { registerAskTool } from './ask-tool.ts';
import { registerEditTools } from './edit-tools.ts';
import { registerFetchTool } from './fetch-tool.ts';
import { registerLinksTool } from './links-tool.ts';
import { registerListDocumentsTool } from './list-documents-tool.ts';
import { registerResolveTool } from './resolve-tool.ts';
import { registerSearchTool } from './search-tool.ts';

/** The tools of the context's mode: six that read (and ask), plus the edit tools in agent mode. */
export function registerTools(server: McpServer, context: McpContext): void {
  registerSearchTool(server, context);
  registerFetchTool(server, context);
  registerResolveTool(server, context);
  registerAskTool(server, context);
  registerListDocumentsTool(server, context);
  registerLinksTool(server, context);
  if (context.mode === 'agent' && context.actor.role !== 'viewer')
    registerEditTools(server, context);
}
