import type { LanguageModel } from 'ai';
import { createServer } from '../src/apps/server/create-server.ts';
import type { ServerOptions } from '../src/apps/server/server-options.ts';
import { openWorkspaceHandle, type WorkspaceHandle } from '../src/apps/server/workspace-handle.ts';
import { gptTokenCounter, memoizeTokenCounter } from '../src/core/index.ts';
import { createOfflineModel } from '../src/llm/index.ts';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';
import { type ScriptedStep, scriptedModel } from '../src/testing/scripted-model.ts';

/** A server listening on a real port of 127.0.0.1, over a private copy of the sample workspace. */
export interface RunningServer {
  readonly url: string;
  readonly handle: WorkspaceHandle;
  close(): Promise<void>;
}

/** Starts a server on the sample workspace (as `default`); `over` replaces any option. */
export async function startServer(
  over: Partial<Omit<ServerOptions, 'workspaces'>> = {},
): Promise<RunningServer> {
  const sample = copySampleWorkspace();
  const handle = await openWorkspaceHandle('default', sample.workspace, { watch: false });
  const app = createServer({
    workspaces: new Map([['default', handle]]),
    tokenCounter: memoizeTokenCounter(gptTokenCounter),
    model: () => createOfflineModel(),
    authenticate: null,
    ...over,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    handle,
    close: async () => {
      await app.close();
      await handle.close();
      sample.cleanup();
    },
  };
}

/** A model factory that plays the same scripted steps for every turn. */
export const scripted = (steps: readonly ScriptedStep[]) => () =>
  scriptedModel(steps) as unknown as LanguageModel;

/** A JSON request; the body is sent as JSON when given. */
export const send = (
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  fetch(url, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
