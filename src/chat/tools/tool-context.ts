import type {
  Actor,
  ChatMode,
  DocumentStore,
  ProposedEdit,
  Reference,
  ReferenceCatalog,
  SessionStore,
  StoredDocument,
} from '../../core/index.ts';
import { FootnoteError } from '../../core/index.ts';
import type { ReferenceTracker } from '../reference-tracker.ts';
import type { SourceRegistry } from '../source-registry.ts';

/** A proposed or applied edit, as stored and reported to the caller (CLI, server, UI: see `editJson`). */
export type EditRecord = ProposedEdit;

/** Everything a tool may touch during one turn; built by the engine, never by the model. */
export interface ToolContext {
  readonly root: string;
  readonly store: DocumentStore;
  readonly sessions: SessionStore;
  readonly catalog: ReferenceCatalog;
  readonly registry: SourceRegistry;
  readonly tracker: ReferenceTracker;
  /** The user's references in this turn: the only basis for edit permission. */
  readonly references: readonly Reference[];
  readonly mode: ChatMode;
  /** The user of the turn: edits are checked against their role where they execute, and recorded with them. */
  readonly actor: Actor;
  /** Store edits as proposals (a diff the user applies later) instead of writing them. */
  readonly dryRun: boolean;
  readonly sessionId: string;
  readonly messageId: string;
  readonly now: () => Date;
  readonly newId: () => string;
  readonly onEdit: (edit: EditRecord) => void;
  /** Brings the index up to date after a file was written. */
  readonly reindex: () => Promise<void>;
}

/** A tool failure the model should read and recover from; never crashes the turn. */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}

/** Finds the document a tool names, by path, file name, title or alias, like a reference would. */
export async function findDocument(context: ToolContext, name: string): Promise<StoredDocument> {
  const wanted = name
    .trim()
    .replace(/^\[\[|\]\]$/g, '')
    .replace(/^@/, '');
  const entry =
    context.catalog.atPath(wanted) ??
    context.catalog.get(wanted) ??
    context.catalog
      .byFileName(wanted.slice(wanted.lastIndexOf('/') + 1))
      .find((e) => e.status !== 'deleted') ??
    context.catalog.byTitleOrAlias(wanted).find((e) => e.status !== 'deleted');
  const doc = entry ? await context.store.getDocument(entry.id) : null;
  if (!doc || doc.status === 'deleted')
    throw new ToolInputError(
      `no document named ${JSON.stringify(name)}; use search or list_documents to find it`,
    );
  return doc;
}

/** What the model (and the stored tool call) learns of a failure: our own messages, never file-system internals. */
export function toolErrorMessage(error: unknown): string {
  if (error instanceof ToolInputError || FootnoteError.isInstance(error))
    return (error as Error).message;
  const code = (error as { code?: unknown })?.code;
  return code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR'
    ? 'the file could not be read'
    : 'the tool failed';
}
