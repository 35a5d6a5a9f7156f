import type { CallToolResult, ContentBlock, ToolAnnotations } from '@modelcontextprotocol/server';
import { toolErrorMessage } from '../../../chat/index.ts';
import { FootnoteError } from '../../../core/index.ts';
import type { McpContext } from '../mcp-context.ts';

/** Annotations of a tool that only reads the workspace. */
export const READS: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** A result with structured content, the text a model reads, and any further blocks (links). */
export function toolResult(
  structured: object,
  text: string,
  more: readonly ContentBlock[] = [],
): CallToolResult {
  return {
    structuredContent: structured as Record<string, unknown>,
    content: [{ type: 'text', text }, ...more],
  };
}

/** A tool error (`isError: true`) whose message says what was wrong, never a file-system internal. */
export function toolFailure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * Runs a tool body and turns what it throws into a tool error: our own errors keep their message;
 * anything else is reported to the context and answered as "the tool failed".
 */
export function guardTool<A>(
  context: McpContext,
  run: (args: A, signal: AbortSignal) => Promise<CallToolResult>,
) {
  return async (args: A, ctx: { mcpReq: { signal: AbortSignal } }): Promise<CallToolResult> => {
    try {
      return await run(args, ctx.mcpReq.signal);
    } catch (error) {
      if (!FootnoteError.isInstance(error)) context.onError?.(error);
      return toolFailure(toolErrorMessage(error));
    }
  };
}
