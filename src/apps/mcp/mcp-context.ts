import type { LanguageModel } from 'ai';
import type { Actor, ChatMode, Summarizer, TokenCounter } from '../../core/index.ts';
import type { RateLimitDecision } from '../server/rate-limiter.ts';
import type { WorkspaceHandle } from '../server/workspace-handle.ts';

/**
 * Everything one MCP server instance works with: one workspace (never another), the caller, the
 * mode, and how turns get a model. Built by the stdio command or the HTTP route, never by a tool.
 */
export interface McpContext {
  readonly workspace: WorkspaceHandle;
  /** Who calls: the local user on stdio, the token's user over HTTP; edits are checked against their role. */
  readonly actor: Actor;
  /** `agent` adds the edit tools; `chat` is read-only. */
  readonly mode: ChatMode;
  /** The model of an `ask` turn. */
  readonly model: () => LanguageModel;
  readonly tokenCounter: TokenCounter;
  /** Counts one `ask` turn against the caller's limit (the same one as /api chat); absent: no limit. */
  readonly takeTurn?: () => RateLimitDecision | Promise<RateLimitDecision>;
  /** Registers a running turn so a server shutting down stops it and waits until it is stored. */
  readonly track?: (controller: AbortController, turn: Promise<unknown>) => void;
  /** Most model steps per `ask` turn. @default 8 */
  readonly maxSteps?: number;
  /** Who writes one-line document summaries for a turn answered by `model` (as for chat); none: first paragraphs. */
  readonly summarizer?: (model: LanguageModel) => Summarizer | undefined;
  /** Earlier messages of a session sent with each `ask` turn at most. @default the engine's (10) */
  readonly historyMessages?: number;
  /** The model's context window in tokens. @default the engine's */
  readonly contextWindow?: number;
  /** Hears failures the client only sees as "the tool failed" (stderr on stdio, the server log on HTTP). */
  readonly onError?: (error: unknown) => void;
  readonly now?: () => Date;
  readonly newId?: () => string;
}
