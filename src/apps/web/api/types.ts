import type { z } from 'zod';
import type { Block, Heading, Page, Section } from '../../../core/document.ts';
import type { DocumentSummary } from '../../../core/document-store.ts';
import type { SuggestGroup, SuggestItem } from '../../../core/references/suggest-references.ts';
import type { SessionMatchJson } from '../../../protocol/http-schemas.ts';
import type { messageJson, referenceJson } from '../../../protocol/message-json.ts';
import type { ModelsJson } from '../../../protocol/model-json.ts';

/** A reference as the API returns it (resolve, messages, `data-references`). */
export type ReferenceJson = ReturnType<typeof referenceJson>;
/** A stored message as the API returns it. */
export type MessageJson = ReturnType<typeof messageJson>;
/** One numbered source of an answer (cited or only seen). */
export type CitationJson = MessageJson['citations'][number];
/** The exact words of a source that a citation rests on (the checker's supporting passage). */
export type QuoteJson = NonNullable<CitationJson['quote']>;
/** A cited sentence or list item of an answer, with a support verdict per source it cites. */
export type ClaimJson = MessageJson['claims'][number];
/** Claim counts by verdict; null on messages stored before claims were checked. */
export type ClaimSummaryJson = MessageJson['claimSummary'];
export type { SuggestGroup, SuggestItem };

export type ChatMode = 'chat' | 'agent';
export type Permission = ReferenceJson['permission'];

/** A session in the sidebar list. */
export interface SessionSummary {
  readonly id: string;
  readonly title: string;
  readonly messageCount: number;
  readonly lastMessageAt: string | null;
  readonly createdAt: string;
}

/** A conversation a search found, with its earliest matching message around the words. */
export type SessionMatch = z.infer<typeof SessionMatchJson>;

/** An edit an agent proposed (dry run) or made; Apply / Discard / Undo act on its id. */
export interface EditJson {
  readonly id: string;
  readonly sessionId: string;
  readonly messageId: string;
  readonly tool: string;
  readonly documentId: string;
  readonly path: string;
  readonly diff: string;
  /**
   * proposed → applied | discarded; `stale` when the file changed after the preview; `undone` after
   * Undo; `rolled_back` when a rollback of the document took its text out.
   */
  readonly status: 'proposed' | 'applied' | 'discarded' | 'stale' | 'undone' | 'rolled_back';
  readonly versionId: string | null;
  readonly reference: string;
  readonly createdAt: string;
}

/** A whole stored session. */
export interface SessionDetail {
  readonly session: SessionSummary & { readonly updatedAt: string };
  readonly messages: readonly MessageJson[];
  readonly edits: readonly EditJson[];
}

/** A document in the sidebar list. */
export type { DocumentSummary };

/** Metadata of one document, for previews and the viewer. */
export interface DocumentDetail extends DocumentSummary {
  readonly metadata: Record<string, unknown>;
  readonly updatedAt: string;
  /** Bytes of the file on disk. */
  readonly size: number;
  /** Characters of its indexed text. */
  readonly length: number;
  readonly wordCount: number;
  readonly summary: string;
  readonly headings: readonly Heading[];
  readonly sections: readonly Section[];
  readonly blocks: readonly Block[];
  readonly pages: readonly Page[];
  readonly entity: unknown;
}

/** A slice of a document's indexed text. */
export interface ContentSlice {
  readonly documentId: string;
  readonly start: number;
  readonly end: number;
  readonly length: number;
  readonly text: string;
}

/** `GET /api/models`: what the server offers, the default first. */
export type ModelList = z.infer<typeof ModelsJson>;
/** One model a chat may name, with whether it can use tools and edit. */
export type ModelChoice = ModelList['models'][number];

/** What the chat endpoint takes from the web UI, besides the message itself. */
export interface TurnOptions {
  readonly mode: ChatMode;
  /** One of `GET /api/models`; absent: the server's default. */
  readonly model?: string;
  /** Pinned notes by document id: sent with every message of the session (at most 5 are used). */
  readonly pinned?: readonly string[];
  /** The document open in the viewer: ties between same-named documents resolve toward it. */
  readonly currentPath?: string;
  /** Per-reference permission chosen in agent mode, by target path. */
  readonly permissions?: readonly { readonly path: string; readonly permission: Permission }[];
  /** Agent edits are previewed (proposed) and applied only on Apply. */
  readonly dryRun?: boolean;
}
