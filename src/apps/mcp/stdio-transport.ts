import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { createMcpServer } from './create-mcp-server.ts';
import type { McpContext } from './mcp-context.ts';

/** Options for {@link serveMcpOverStdio}. */
export interface StdioOptions {
  /** Where protocol messages come from. @default process.stdin */
  readonly input?: NodeJS.ReadableStream & import('node:stream').Readable;
  /** Where protocol messages go; nothing else may be written there. @default process.stdout */
  readonly output?: import('node:stream').Writable;
  /** Ends the connection (SIGINT, SIGTERM). */
  readonly signal?: AbortSignal;
  readonly onError?: (error: Error) => void;
}

/**
 * Serves one MCP client over stdio until it closes its end (or `signal` aborts): the era — a
 * 2025 `initialize` or a 2026-07-28 opening — is chosen by the client's first message, and one
 * server over the context's workspace answers the whole connection.
 */
export async function serveMcpOverStdio(
  context: McpContext,
  options: StdioOptions = {},
): Promise<void> {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const ended = new Promise<void>((resolve) => {
    input.once('end', resolve);
    input.once('close', resolve);
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  const connection = serveStdio(() => createMcpServer(context), {
    transport: new StdioServerTransport(input, output),
    ...(options.onError && { onerror: options.onError }),
  });
  await ended;
  await connection.close();
}
