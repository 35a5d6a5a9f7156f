import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..', '..');
const STARTUP_MS = 60_000;

/** A `footnote serve` child process. */
export interface ServeChild {
  /** Base URL without a trailing slash. */
  readonly url: string;
  readonly child: ChildProcess;
  /** Milliseconds from spawn to the line announcing the address. */
  readonly startupMs: number;
  /** Resolves once the process has exited, with its exit code or signal. */
  readonly exited: Promise<string>;
  stderr(): string;
}

/**
 * Starts the real CLI, `footnote serve -w <workspace> --port 0` with an OpenAI-compatible model at
 * `baseUrl`, and waits for the line announcing its address. `compileCache` is a folder Node keeps
 * compiled code in, so restarts are cheaper.
 */
export async function startServe(options: {
  readonly workspace: string;
  readonly baseUrl: string;
  readonly compileCache?: string;
  /** Keep the workspace in this PostgreSQL database instead of its SQLite file. */
  readonly databaseUrl?: string;
}): Promise<ServeChild> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      join(repo, 'bin/footnote.js'),
      'serve',
      '-w',
      options.workspace,
      '--port',
      '0',
      '--model',
      'openai-compatible:stub',
      '--base-url',
      options.baseUrl,
      ...(options.databaseUrl ? ['--database-url', options.databaseUrl] : []),
    ],
    {
      cwd: repo,
      env: {
        ...process.env,
        NO_COLOR: '1',
        ...(options.compileCache && { NODE_COMPILE_CACHE: options.compileCache }),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<string>((done) =>
    child.once('exit', (code, signal) => done(signal ?? String(code))),
  );
  let stderr = '';
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => {
      fail(new Error(`footnote serve did not announce its URL in ${STARTUP_MS} ms:\n${stderr}`));
    }, STARTUP_MS);
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      const match = /(http:\/\/127\.0\.0\.1:\d+)\/? in your browser/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
    void exited.then((how) => {
      clearTimeout(timer);
      fail(new Error(`footnote serve exited early (${how}):\n${stderr}`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw error;
  });
  return { url, child, startupMs: performance.now() - started, exited, stderr: () => stderr };
}

/** What a client read of one streamed turn. */
export interface StreamedTurn {
  sessionId: string | null;
  messageId: string | null;
  text: string;
  /** When (performance.now) the client had read each character: `arrivals[i]` for character i. */
  readonly arrivals: number[];
  /** `finish` when the server ended the turn, `closed` when the connection ended without it. */
  ending: 'finish' | 'closed' | null;
}

/**
 * Sends a chat turn asking for the AI SDK UI message stream and reads it as it comes, calling
 * `onText` after each text delta; resolves when the stream ends — finished, or cut off.
 */
export async function streamTurn(
  url: string,
  message: string,
  options: {
    readonly signal?: AbortSignal;
    readonly onText?: (turn: StreamedTurn) => void;
    /** Continue this session instead of starting one. */
    readonly sessionId?: string;
  } = {},
): Promise<StreamedTurn> {
  const turn: StreamedTurn = {
    sessionId: null,
    messageId: null,
    text: '',
    arrivals: [],
    ending: null,
  };
  try {
    const response = await fetch(`${url}/api/workspaces/default/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message, ...(options.sessionId && { sessionId: options.sessionId }) }),
      ...(options.signal && { signal: options.signal }),
    });
    if (response.status !== 200 || !response.body)
      throw new Error(`chat answered ${response.status}: ${await response.text()}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
        const part = JSON.parse(event.slice(6)) as {
          type: string;
          delta?: string;
          messageMetadata?: { sessionId?: string; messageId?: string };
        };
        if (part.type === 'start') {
          turn.sessionId = part.messageMetadata?.sessionId ?? null;
          turn.messageId = part.messageMetadata?.messageId ?? null;
        } else if (part.type === 'text-delta' && part.delta) {
          const at = performance.now();
          turn.text += part.delta;
          while (turn.arrivals.length < turn.text.length) turn.arrivals.push(at);
          options.onText?.(turn);
        } else if (part.type === 'finish') {
          turn.ending = 'finish';
        }
      }
    }
  } catch (error) {
    // A killed server or an aborted request ends the stream with an error: that is a cut-off.
    if (turn.sessionId === null) throw error;
  }
  turn.ending ??= 'closed';
  return turn;
}
