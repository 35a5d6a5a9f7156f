import type { LanguageModel } from 'ai';
import type { Actor, ChatMode, Summarizer, TokenCounter, UserStore } from '../../core/index.ts';
import type { ModelChoice } from '../../llm/index.ts';
import type { WorkspaceHandle } from './workspace-handle.ts';

/**
 * The caller of a request: the local user, or a user with a token. Their role decides which
 * writes they may make (viewer: none; member: their own; admin: all), checked where writes execute.
 */
export interface RequestUser extends Actor {
  /** Workspace ids the user may use; `*` means all. */
  readonly workspaces: readonly string[];
}

/** Everything the server needs, built by `footnote serve` or by tests. */
export interface ServerOptions {
  readonly workspaces: ReadonlyMap<string, WorkspaceHandle>;
  /** Chooses the model for a turn (the body's `model`, or the default). */
  readonly model: (requested: string | undefined) => LanguageModel;
  /**
   * The models clients may pick, the default first: `GET /api/models` lists them, and a chat that
   * names another is refused (400 `model_config`). @default the built-in offline model only
   */
  readonly models?: readonly ModelChoice[];
  /**
   * Who writes one-line document summaries for a turn answered by `model`; undefined (or no
   * option): first paragraphs only, as with the offline model.
   */
  readonly summarizer?: (model: LanguageModel) => Summarizer | undefined;
  readonly tokenCounter: TokenCounter;
  /** Resolves a bearer token to a user; null when tokens are not required (loopback only). */
  readonly authenticate: ((token: string | null) => Promise<RequestUser | null>) | null;
  /** Chat turns per user per window (429 past it); null for no limit. @default 20 per hour */
  readonly rateLimit?: { readonly limit: number; readonly windowMs: number } | null;
  /** Largest request body in bytes. @default 1 MiB */
  readonly bodyLimit?: number;
  /** Most model steps per turn. @default 8 */
  readonly maxSteps?: number;
  /** The tools `/mcp` offers: `agent` adds the edit tools (for users who may write). @default 'chat' */
  readonly mcpMode?: ChatMode;
  /** Earlier messages of a session sent with each turn at most, the newest. @default 10 */
  readonly historyMessages?: number;
  /**
   * The built web UI (`dist/web`: index.html and assets/), served at `/`; null or absent serves no
   * UI. A folder without index.html answers 503 `web_ui_not_built` for its pages.
   */
  readonly webRoot?: string | null;
}

/** The one user of a server bound to loopback without tokens: the machine's own user, an admin. */
export const LOCAL_REQUEST_USER: RequestUser = {
  id: 'local',
  name: 'local',
  role: 'admin',
  workspaces: ['*'],
};

/**
 * Bearer-token authentication against a user store, read on every request (a role changed with
 * `footnote users set-role` applies to the next one): the user with role and workspaces, or null.
 */
export function authenticateWith(
  users: Pick<UserStore, 'findUserByToken'>,
): (token: string | null) => Promise<RequestUser | null> {
  return async (token) => {
    const user = token ? await users.findUserByToken(token) : null;
    return user && { id: user.id, name: user.name, role: user.role, workspaces: user.workspaces };
  };
}
