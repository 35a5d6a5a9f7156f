import type {
  Actor,
  ChatMode,
  ChunkVectorStore,
  DocumentStore,
  ProposedEdit,
  Reference,
  ReferenceCandidate,
  ReferenceCatalog,
  SessionStore,
  StoredDocument,
  TextEmbedder,
} from '../../core/index.ts';
import { FootnoteError, resolveDocumentName } from '../../core/index.ts';
import type { ReferenceTracker } from '../reference-tracker.ts';
import type { SourceRegistry } from '../source-registry.ts';
import type { ToolCallLog } from './tool-call-log.ts';

/** A proposed or applied edit, as stored and reported to the caller (CLI, server, UI: see `editJson`). */
export type EditRecord = ProposedEdit;

/** Everything a tool may touch during one turn; built by the engine, never by the model. */
export interface ToolContext {
  readonly root: string;
  readonly store: DocumentStore;
  /** Chunk vectors and the embedding model: with both, `search` is hybrid, else lexical. */
  readonly vectors?: ChunkVectorStore | null;
  readonly embedder?: TextEmbedder | null;
  readonly sessions: SessionStore;
  readonly catalog: ReferenceCatalog;
  readonly registry: SourceRegistry;
  readonly tracker: ReferenceTracker;
  /** Where each call's result summary and returned documents are recorded, to store with the call. */
  readonly log: ToolCallLog;
  /** The user's references in this turn: the only basis for edit permission. */
  readonly references: readonly Reference[];
  readonly mode: ChatMode;
  /** The document open beside the chat: it breaks name ties for tools as it does for references. */
  readonly currentPath?: string | null;
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

/** A name several documents answer to equally well: the model is given them to choose from. */
export class AmbiguousDocumentError extends ToolInputError {
  readonly candidates: readonly ReferenceCandidate[];

  constructor(name: string, candidates: readonly ReferenceCandidate[]) {
    super(
      `${JSON.stringify(name)} names ${candidates.length} documents: ${candidates
        .map((c) => `${c.path} ("${c.title}")`)
        .join(', ')}; call again with the path of the one you mean`,
    );
    this.name = 'AmbiguousDocumentError';
    this.candidates = candidates;
  }
}

/**
 * Finds the document a tool names by the rules of references (`resolveDocumentName`), so the tool
 * reads what `[[name]]` would: live before archived, the current folder, the shortest path. A name
 * several documents share throws {@link AmbiguousDocumentError} with them, never picking one.
 */
export async function findDocument(context: ToolContext, name: string): Promise<StoredDocument> {
  const outcome = resolveDocumentName(name, context.catalog, {
    currentPath: context.currentPath ?? null,
  });
  if (outcome.status === 'ambiguous') throw new AmbiguousDocumentError(name, outcome.candidates);
  if (outcome.status === 'deleted')
    throw new ToolInputError(`${outcome.target?.path} was deleted; it can no longer be read`);
  const doc = outcome.target ? await context.store.getDocument(outcome.target.documentId) : null;
  if (!doc || doc.status === 'deleted')
    throw new ToolInputError(
      `no document named ${JSON.stringify(name)}; use search or list_documents to find it`,
    );
  return doc;
}

/** What a tool answers on a failure: the message, and the candidates when the name was ambiguous. */
export function toolErrorOutput(error: unknown): {
  readonly error: string;
  readonly candidates?: readonly { readonly path: string; readonly title: string }[];
} {
  return error instanceof AmbiguousDocumentError
    ? {
        error: error.message,
        candidates: error.candidates.map((c) => ({ path: c.path, title: c.title })),
      }
    : { error: toolErrorMessage(error) };
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
