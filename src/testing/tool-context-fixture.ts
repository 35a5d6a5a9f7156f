import { join } from 'node:path';
import { ReferenceTracker } from '../chat/reference-tracker.ts';
import { SourceRegistry } from '../chat/source-registry.ts';
import { ToolCallLog } from '../chat/tools/tool-call-log.ts';
import type { ToolContext } from '../chat/tools/tool-context.ts';
import {
  type ChatMode,
  LOCAL_USER,
  loadReferenceCatalog,
  type ProposedEdit,
  resolveReferences,
} from '../core/index.ts';
import { SqliteSessionStore, SqliteStore } from '../store/index.ts';
import { indexWorkspace } from '../workspace/index.ts';
import { createTempWorkspace, type TempWorkspace } from './temp-workspace.ts';

/** A small indexed workspace (real files, real SQLite) whose tools a test can call directly. */
export interface ToolWorkspace {
  readonly workspace: TempWorkspace;
  readonly store: SqliteStore;
  readonly sessions: SqliteSessionStore;
  /** The tool context of one turn of `message`, its references resolved as the engine would. */
  contextFor(
    message: string,
    options?: {
      readonly mode?: ChatMode;
      readonly dryRun?: boolean;
      readonly currentPath?: string | null;
    },
  ): Promise<ToolContext & { readonly edits: ProposedEdit[] }>;
  close(): Promise<void>;
}

/** Writes `files` to a temp workspace and indexes it, for tests of the chat tools. */
export async function openToolWorkspace(
  files: Readonly<Record<string, string | Uint8Array>>,
): Promise<ToolWorkspace> {
  const workspace = createTempWorkspace(files);
  const store = SqliteStore.open(join(workspace.root, '.footnote', 'footnote.db'));
  const sessions = new SqliteSessionStore(store.db);
  await indexWorkspace(workspace.root, store);
  let ids = 0;
  return {
    workspace,
    store,
    sessions,
    async contextFor(message, { mode = 'agent', dryRun = true, currentPath = null } = {}) {
      const catalog = await loadReferenceCatalog(store);
      const references = resolveReferences(message, catalog, { mode, currentPath });
      const when = new Date('2026-03-01T10:00:00Z').toISOString();
      const session = await sessions.createSession({
        id: `session-${++ids}`,
        workspaceId: 'default',
        userId: LOCAL_USER.id,
        title: message,
        createdAt: when,
        updatedAt: when,
      });
      const edits: ProposedEdit[] = [];
      return {
        root: workspace.root,
        store,
        sessions,
        catalog,
        registry: new SourceRegistry(),
        tracker: new ReferenceTracker(references),
        log: new ToolCallLog(),
        references,
        mode,
        currentPath,
        actor: LOCAL_USER,
        dryRun,
        sessionId: session.id,
        messageId: `message-${ids}`,
        now: () => new Date(when),
        newId: () => `id-${++ids}`,
        onEdit: (edit) => edits.push(edit),
        reindex: async () => {
          await indexWorkspace(workspace.root, store);
        },
        edits,
      };
    },
    async close() {
      await store.close();
      workspace.cleanup();
    },
  };
}
