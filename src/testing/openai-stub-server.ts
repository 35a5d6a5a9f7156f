import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { conceptVector } from './concept-embedding.ts';

/** One tool call a stub turn makes; `arguments` is sent as JSON text, split across chunks. */
export interface StubToolCall {
  /** @default `call_<turn>_<index>` */
  readonly id?: string;
  readonly name: string;
  readonly arguments: string | Readonly<Record<string, unknown>>;
}

/** Fields every turn may have. */
interface StubTurnBase {
  /** Pause before the response and between streamed chunks. @default 0 */
  readonly delayMs?: number;
}

/** Answer with text: streamed as content deltas (word by word, or the given chunks), or as one JSON message. */
export interface StubTextTurn extends StubTurnBase {
  readonly text: string;
  readonly chunks?: readonly string[];
  readonly toolCalls?: never;
  readonly status?: never;
}

/** Answer with tool calls (optionally after some text); finish reason `tool_calls`. */
export interface StubToolCallsTurn extends StubTurnBase {
  readonly toolCalls: readonly StubToolCall[];
  readonly text?: string;
  readonly chunks?: readonly string[];
  readonly status?: never;
}

/** Fail with an HTTP status and an OpenAI-style JSON error body. */
export interface StubErrorTurn extends StubTurnBase {
  readonly status: number;
  readonly error?: string;
  readonly text?: never;
  readonly toolCalls?: never;
}

/** One scripted response; requests are answered by turns in order. */
export type StubTurn = StubTextTurn | StubToolCallsTurn | StubErrorTurn;

/** A chat-completions request body as the stub recorded it (parsed JSON). */
export interface StubRequestBody {
  readonly model?: unknown;
  readonly stream?: unknown;
  readonly messages?: readonly unknown[];
  readonly tools?: readonly unknown[];
  readonly [key: string]: unknown;
}

/** An embeddings request as the stub recorded it: the model and the texts, in order. */
export interface StubEmbeddingRequest {
  readonly model: string;
  readonly input: readonly string[];
}

/** How the stub answers `POST /v1/embeddings`. */
export interface StubEmbeddingOptions {
  /** The vector of one text. @default {@link conceptVector} (synonyms cluster) */
  readonly vector?: (text: string, model: string) => readonly number[];
  /** Fail a request with this status and message instead of answering it (it is still recorded). */
  readonly fail?: (request: StubEmbeddingRequest) => { status: number; error?: string } | undefined;
}

/** Options of a stub server. */
export interface StubOptions {
  /** Answers to `POST /v1/embeddings` (always served; these options change how). */
  readonly embeddings?: StubEmbeddingOptions;
  /**
   * Answers a request outside the script (and outside `requests`) when it returns a turn: e.g.
   * the background one-line summary requests a configured model gets, which carry no tools, so
   * they do not take the turns scripted for the chat.
   */
  readonly offScript?: (body: StubRequestBody) => StubTurn | undefined;
}

/** A started stub: its base URL (ends in `/v1`), what it received, and how to stop it. */
export interface RunningStub {
  readonly url: string;
  /** Bodies of the chat-completions requests received, in order (not those answered off script). */
  readonly requests: readonly StubRequestBody[];
  /** Bodies of the requests `offScript` answered. */
  readonly offScriptRequests: readonly StubRequestBody[];
  /** Headers of the same requests, in the same order. */
  readonly requestHeaders: readonly IncomingHttpHeaders[];
  /** The embeddings requests received, in order (failed ones too). */
  readonly embeddingRequests: readonly StubEmbeddingRequest[];
  /** How many texts the embeddings requests carried, in all. */
  embeddedTextCount(): number;
  close(): Promise<void>;
}

/** A stub server not yet listening. */
export interface OpenAIStubServer {
  start(): Promise<RunningStub>;
}

const MAX_BODY_BYTES = 1_000_000;
const CREATED = 1_700_000_000;

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const errorBody = (message: string, type: string, code: number | string) => ({
  error: { message, type, param: null, code },
});

/** The request body, or null when it is too large. */
async function readBody(req: IncomingMessage): Promise<string | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) return null;
    parts.push(buf);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** Splits `text` into about `pieces` parts (at least one character each). */
function splitInto(text: string, pieces: number): string[] {
  if (text.length <= 1) return [text];
  const size = Math.ceil(text.length / Math.min(pieces, text.length));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const wordChunks = (text: string): string[] => text.match(/\s*\S+\s*/g) ?? [text];

const argumentsOf = (call: StubToolCall) =>
  typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);

const tokens = (chars: number) => Math.max(1, Math.ceil(chars / 4));

/**
 * A tiny OpenAI-compatible chat-completions server on 127.0.0.1 for tests: it answers requests
 * from `script` in order — streamed SSE when the request says `stream: true`, JSON otherwise —
 * records what it received, and answers requests past the script with a 500. It also serves
 * `POST /v1/embeddings` (see {@link StubEmbeddingOptions}). No network beyond the loopback port
 * it picks.
 */
export function createOpenAIStubServer(
  script: readonly StubTurn[],
  options: StubOptions = {},
): OpenAIStubServer {
  return {
    async start() {
      const requests: StubRequestBody[] = [];
      const offScriptRequests: StubRequestBody[] = [];
      const requestHeaders: IncomingHttpHeaders[] = [];
      const embeddingRequests: StubEmbeddingRequest[] = [];
      const closing = new AbortController();
      let next = 0;

      const streamTurn = async (
        res: ServerResponse,
        turn: StubTextTurn | StubToolCallsTurn,
        body: StubRequestBody,
        index: number,
        signal: AbortSignal,
      ) => {
        const base = {
          id: `chatcmpl-stub-${index + 1}`,
          object: 'chat.completion.chunk',
          created: CREATED,
          model: typeof body.model === 'string' ? body.model : 'stub',
        };
        const chunks: unknown[] = [];
        const delta = (d: Record<string, unknown>, finish: string | null = null) =>
          chunks.push({ ...base, choices: [{ index: 0, delta: d, finish_reason: finish }] });
        const text = turn.text ?? '';
        const pieces = turn.chunks ?? (text ? wordChunks(text) : []);
        pieces.forEach((content, i) => {
          delta(i === 0 ? { role: 'assistant', content } : { content });
        });
        (turn.toolCalls ?? []).forEach((call, i) => {
          const id = call.id ?? `call_${index + 1}_${i + 1}`;
          delta({
            ...(pieces.length === 0 && i === 0 && { role: 'assistant' }),
            tool_calls: [
              { index: i, id, type: 'function', function: { name: call.name, arguments: '' } },
            ],
          });
          for (const part of splitInto(argumentsOf(call), 3))
            delta({ tool_calls: [{ index: i, function: { arguments: part } }] });
        });
        delta({}, turn.toolCalls ? 'tool_calls' : 'stop');
        const options = body.stream_options;
        if (typeof options === 'object' && options !== null && 'include_usage' in options) {
          const completion = tokens(
            text.length + (turn.toolCalls ?? []).map(argumentsOf).join('').length,
          );
          const prompt = tokens(JSON.stringify(body.messages ?? []).length);
          chunks.push({
            ...base,
            choices: [],
            usage: {
              prompt_tokens: prompt,
              completion_tokens: completion,
              total_tokens: prompt + completion,
            },
          });
        }
        res.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-cache',
          connection: 'keep-alive',
        });
        for (const chunk of chunks) {
          if (turn.delayMs) await sleep(turn.delayMs, undefined, { signal });
          if (res.destroyed) return;
          res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        }
        res.end('data: [DONE]\n\n');
      };

      const jsonTurn = (
        res: ServerResponse,
        turn: StubTextTurn | StubToolCallsTurn,
        body: StubRequestBody,
        index: number,
      ) => {
        const text = turn.text ?? '';
        const toolCalls = (turn.toolCalls ?? []).map((call, i) => ({
          id: call.id ?? `call_${index + 1}_${i + 1}`,
          type: 'function',
          function: { name: call.name, arguments: argumentsOf(call) },
        }));
        const prompt = tokens(JSON.stringify(body.messages ?? []).length);
        const completion = tokens(
          text.length + toolCalls.map((c) => c.function.arguments).join('').length,
        );
        sendJson(res, 200, {
          id: `chatcmpl-stub-${index + 1}`,
          object: 'chat.completion',
          created: CREATED,
          model: typeof body.model === 'string' ? body.model : 'stub',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: text === '' && toolCalls.length > 0 ? null : text,
                ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
              },
              finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
            },
          ],
          usage: {
            prompt_tokens: prompt,
            completion_tokens: completion,
            total_tokens: prompt + completion,
          },
        });
      };

      const embeddings = async (req: IncomingMessage, res: ServerResponse) => {
        const raw = await readBody(req);
        if (raw === null) {
          sendJson(res, 413, errorBody('request body too large', 'invalid_request_error', 413));
          return;
        }
        let body: { model?: unknown; input?: unknown };
        try {
          body = JSON.parse(raw) as typeof body;
        } catch {
          sendJson(res, 400, errorBody('body is not JSON', 'invalid_request_error', 400));
          return;
        }
        const input = typeof body.input === 'string' ? [body.input] : body.input;
        if (
          typeof body.model !== 'string' ||
          !Array.isArray(input) ||
          !input.every((t): t is string => typeof t === 'string')
        ) {
          sendJson(
            res,
            400,
            errorBody('model (string) and input (string[]) required', 'invalid_request_error', 400),
          );
          return;
        }
        const request: StubEmbeddingRequest = { model: body.model, input };
        embeddingRequests.push(request);
        const failure = options.embeddings?.fail?.(request);
        if (failure) {
          sendJson(
            res,
            failure.status,
            errorBody(
              failure.error ?? `stub error ${failure.status}`,
              'stub_error',
              failure.status,
            ),
          );
          return;
        }
        const vectorOf = options.embeddings?.vector ?? ((text: string) => conceptVector(text));
        const promptTokens = input.reduce((n, t) => n + tokens(t.length), 0);
        sendJson(res, 200, {
          object: 'list',
          data: input.map((text, index) => ({
            object: 'embedding',
            index,
            embedding: [...vectorOf(text, request.model)],
          })),
          model: request.model,
          usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
        });
      };

      const handle = async (req: IncomingMessage, res: ServerResponse) => {
        // One controller per response: stops its delays when the client goes away or the stub closes.
        const gone = new AbortController();
        res.on('close', () => gone.abort());
        const signal = AbortSignal.any([gone.signal, closing.signal]);
        const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
        if (req.method === 'POST' && path.endsWith('/embeddings')) {
          await embeddings(req, res);
          return;
        }
        if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
          sendJson(res, 404, errorBody(`no route ${req.method} ${path}`, 'not_found', 404));
          return;
        }
        const raw = await readBody(req);
        if (raw === null) {
          sendJson(res, 413, errorBody('request body too large', 'invalid_request_error', 413));
          return;
        }
        let body: StubRequestBody;
        try {
          const parsed: unknown = JSON.parse(raw);
          if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
            throw new Error();
          body = parsed as StubRequestBody;
        } catch {
          sendJson(res, 400, errorBody('body is not a JSON object', 'invalid_request_error', 400));
          return;
        }
        const aside = options.offScript?.(body);
        if (aside) offScriptRequests.push(body);
        else {
          requests.push(body);
          requestHeaders.push(req.headers);
        }
        const index = aside ? -1 : next++;
        const turn = aside ?? script[index];
        if (!turn) {
          sendJson(
            res,
            500,
            errorBody(
              `stub script exhausted: request ${index + 1} but ${script.length} turns scripted`,
              'server_error',
              500,
            ),
          );
          return;
        }
        if (turn.delayMs && turn.status !== undefined)
          await sleep(turn.delayMs, undefined, { signal });
        if (turn.status !== undefined) {
          sendJson(
            res,
            turn.status,
            errorBody(turn.error ?? `stub error ${turn.status}`, 'stub_error', turn.status),
          );
        } else if (body.stream === true) {
          await streamTurn(res, turn, body, index, signal);
        } else {
          if (turn.delayMs) await sleep(turn.delayMs, undefined, { signal });
          jsonTurn(res, turn, body, index);
        }
      };

      const server = createServer((req, res) => {
        handle(req, res).catch(() => {
          // Aborted delays (client gone, stub closing) end here; anything else fails the request.
          if (!res.headersSent) sendJson(res, 500, errorBody('stub failure', 'server_error', 500));
          else res.destroy();
        });
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
      const { port } = server.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${port}/v1`,
        requests,
        offScriptRequests,
        requestHeaders,
        embeddingRequests,
        embeddedTextCount: () => embeddingRequests.reduce((n, r) => n + r.input.length, 0),
        close: () =>
          new Promise<void>((resolve) => {
            closing.abort();
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      };
    },
  };
}

/** Creates and starts a stub server in one call. */
export function startOpenAIStubServer(
  script: readonly StubTurn[],
  options: StubOptions = {},
): Promise<RunningStub> {
  return createOpenAIStubServer(script, options).start();
}
