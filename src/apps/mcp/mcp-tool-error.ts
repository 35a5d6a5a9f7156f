import { FootnoteError } from '../../core/index.ts';

/**
 * A call the MCP server refuses with a message the client's model can act on (a bad id, a path
 * that leaves the workspace, a missing or foreign document): answered as a tool error
 * (`isError: true`) or a resource error, never a crash.
 */
export class McpToolError extends FootnoteError {
  constructor(code: string, message: string) {
    super(code, message);
    this.name = 'McpToolError';
  }
}
