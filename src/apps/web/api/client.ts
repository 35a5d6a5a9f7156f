import { DefaultChatTransport, type UIMessage, type UIMessageChunk } from 'ai';
import type {
  ContentSlice,
  DocumentDetail,
  DocumentSummary,
  EditJson,
  ModelList,
  ReferenceJson,
  SessionDetail,
  SessionMatch,
  SessionSummary,
  SuggestGroup,
  TurnOptions,
} from './types.ts';

/** An error answer of the API, with its stable code and, for bad input, the field. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** The words of whatever a request threw (an ApiError carries the server's own message). */
export const errorMessage = (cause: unknown): string =>
  cause instanceof Error ? cause.message : String(cause);

const TOKEN_KEY = 'footnote.token';

/** The bearer token the user gave (servers off loopback require one); null on loopback. */
export function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Remembers (or forgets, with null) the bearer token for later visits. */
export function storeToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

const authHeaders = (): Record<string, string> => {
  const token = storedToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

/** Reads an error answer (`{error: {code, message, field}}`) into an ApiError. */
async function apiError(response: Response): Promise<ApiError> {
  {
    let code = 'http_error';
    let message = `${response.status} ${response.statusText}`;
    let field: string | undefined;
    try {
      const body = (await response.json()) as {
        error?: { code?: string; message?: string; field?: string };
      };
      code = body.error?.code ?? code;
      message = body.error?.message ?? message;
      field = body.error?.field;
    } catch {
      // not JSON: keep the status line
    }
    return new ApiError(response.status, code, message, field);
  }
}

/**
 * The file name a Content-Disposition header gives: the exact UTF-8 `filename*` when there is
 * one, else the plain `filename`; null without either.
 */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a broken encoding: fall back to the plain name
    }
  }
  return (
    /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ??
    /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1] ??
    null
  );
}

async function request(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(path, {
    ...init,
    headers: { ...authHeaders(), ...(init.headers as Record<string, string> | undefined) },
  });
  if (!response.ok) throw await apiError(response);
  return response;
}

async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await request(path, {
    ...init,
    headers: {
      accept: 'application/json',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  return response.status === 204 ? (undefined as T) : ((await response.json()) as T);
}

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
const q = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** Footnote's HTTP API for one workspace, as the web UI uses it. */
export class WorkspaceApi {
  readonly workspaceId: string;
  private readonly base: string;

  constructor(workspaceId: string) {
    this.workspaceId = workspaceId;
    this.base = `/api/workspaces/${encodeURIComponent(workspaceId)}`;
  }

  private doc(documentId: string) {
    return `${this.base}/documents/${encodeURIComponent(documentId)}`;
  }

  private session(sessionId: string) {
    return `${this.base}/sessions/${encodeURIComponent(sessionId)}`;
  }

  /**
   * Resolves every reference in a draft, for the chips; with the open session's id, `[n]` names a
   * source of its previous answer; with the current document's path, ties resolve toward it.
   */
  async resolve(
    message: string,
    mode: TurnOptions['mode'],
    sessionId: string | null = null,
    currentPath: string | null = null,
  ): Promise<ReferenceJson[]> {
    const body = await json<{ references: ReferenceJson[] }>(
      `${this.base}/references/resolve`,
      post({ message, mode, ...(sessionId && { sessionId }), ...(currentPath && { currentPath }) }),
    );
    return body.references;
  }

  /** Autocomplete for what follows `[[` or `@`. */
  async suggest(text: string, trigger: '[[' | '@', limit = 8): Promise<SuggestGroup[]> {
    const body = await json<{ groups: SuggestGroup[] }>(
      `${this.base}/suggest${q({ q: text, trigger, limit })}`,
    );
    return body.groups;
  }

  async sessions(): Promise<SessionSummary[]> {
    return (await json<{ sessions: SessionSummary[] }>(`${this.base}/sessions`)).sessions;
  }

  /** This user's conversations whose title or a message contains `text`, newest activity first. */
  async searchSessions(text: string, limit = 20, signal?: AbortSignal): Promise<SessionMatch[]> {
    const body = await json<{ sessions: SessionMatch[] }>(
      `${this.base}/sessions${q({ q: text, limit })}`,
      signal ? { signal } : {},
    );
    return body.sessions;
  }

  async loadSession(sessionId: string): Promise<SessionDetail> {
    return json<SessionDetail>(this.session(sessionId));
  }

  async renameSession(sessionId: string, title: string): Promise<SessionSummary> {
    const body = await json<{ session: SessionSummary }>(this.session(sessionId), {
      method: 'PATCH',
      body: JSON.stringify({ title }),
    });
    return body.session;
  }

  async deleteSession(sessionId: string): Promise<void> {
    await json<void>(this.session(sessionId), { method: 'DELETE' });
  }

  /** The session as a file (Markdown with footnotes, or JSON), with the name the server gave it. */
  async exportSession(
    sessionId: string,
    format: 'md' | 'json',
  ): Promise<{ blob: Blob; filename: string | null }> {
    const response = await request(`${this.session(sessionId)}/export${q({ format })}`);
    return {
      blob: await response.blob(),
      filename: attachmentName(response.headers.get('content-disposition')),
    };
  }

  /** What the model saw for one answer: the context report. */
  async messageContext(sessionId: string, messageId: string): Promise<unknown> {
    const body = await json<{ context: unknown }>(
      `${this.session(sessionId)}/messages/${encodeURIComponent(messageId)}/context`,
    );
    return body.context;
  }

  async documents(filter: { q?: string; kind?: string } = {}): Promise<DocumentSummary[]> {
    return (
      await json<{ documents: DocumentSummary[] }>(
        `${this.base}/documents${q({ q: filter.q || undefined, kind: filter.kind })}`,
      )
    ).documents;
  }

  async document(documentId: string): Promise<DocumentDetail> {
    return (await json<{ document: DocumentDetail }>(this.doc(documentId))).document;
  }

  async content(documentId: string, range: { start?: number; end?: number } = {}) {
    return json<ContentSlice>(`${this.doc(documentId)}/content${q(range)}`);
  }

  /** The original file (image, PDF, …) as a blob; fetched with the token, shown via an object URL. */
  async raw(documentId: string): Promise<Blob> {
    return (await request(`${this.doc(documentId)}/raw`)).blob();
  }

  /** Writes a proposed agent edit (permission and freshness are checked again on the server). */
  async applyEdit(editId: string): Promise<EditJson> {
    return (
      await json<{ edit: EditJson }>(
        `${this.base}/edits/${encodeURIComponent(editId)}/apply`,
        post({}),
      )
    ).edit;
  }

  async discardEdit(editId: string): Promise<EditJson> {
    return (
      await json<{ edit: EditJson }>(
        `${this.base}/edits/${encodeURIComponent(editId)}/discard`,
        post({}),
      )
    ).edit;
  }

  /** Rolls the document back to what it was before an applied edit. */
  async undoEdit(editId: string): Promise<EditJson> {
    return (
      await json<{ edit: EditJson }>(
        `${this.base}/edits/${encodeURIComponent(editId)}/undo`,
        post({}),
      )
    ).edit;
  }

  /**
   * Sends one user message and returns the answer as AI SDK UI message chunks (the server's
   * stream); `sessionId` names the session (a new id starts one). With `retry`, the id of an answer
   * of the session, that answer is written again in place (the AI SDK's regenerate); with `edit`,
   * the id of its last question, that question is replaced by `message` and answered again in place
   * (the AI SDK's sendMessage with a `messageId`).
   */
  async chat(
    sessionId: string,
    message: UIMessage,
    options: TurnOptions,
    signal: AbortSignal,
    retry: string | null = null,
    edit: string | null = null,
  ): Promise<ReadableStream<UIMessageChunk>> {
    const transport = new DefaultChatTransport<UIMessage>({
      api: `${this.base}/chat`,
      headers: () => authHeaders(),
      body: () => ({ ...options }),
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (!response.ok) throw await apiError(response);
        return response;
      },
    });
    return transport.sendMessages({
      chatId: sessionId,
      messages: [message],
      abortSignal: signal,
      trigger: retry ? 'regenerate-message' : 'submit-message',
      messageId: retry ?? edit ?? undefined,
    });
  }
}

/** The models this server offers (the default first) and what each can do. */
export async function listModels(): Promise<ModelList> {
  return json<ModelList>('/api/models');
}

/** The workspaces this user may use. */
export async function listWorkspaces(): Promise<{ id: string }[]> {
  return (await json<{ workspaces: { id: string }[] }>('/api/workspaces')).workspaces;
}
