import type { LanguageModel } from 'ai';
import { createServer } from '../src/apps/server/create-server.ts';
import { openWorkspaceHandle, type WorkspaceHandle } from '../src/apps/server/workspace-handle.ts';
import { gptTokenCounter, memoizeTokenCounter } from '../src/core/index.ts';
import { copySampleWorkspace } from '../src/testing/run-footnote.ts';
import { scriptedModel } from '../src/testing/scripted-model.ts';
import { logProgress } from './log-progress.ts';
import { mean, percentile } from './metrics.ts';
import { trackPeakRss } from './track-peak-rss.ts';

/** Options for {@link runServerBench}. */
export interface ServerBenchOptions {
  /** Sequential turns timed after the warm-up. @default 200 */
  readonly sequentialTurns?: number;
  /** Untimed turns first, so JIT, caches and the connection pool are warm. @default 10 */
  readonly warmupTurns?: number;
  /** Streamed turns started at once. @default 200 */
  readonly concurrentTurns?: number;
  /** Keep the workspace in this PostgreSQL database instead of its SQLite file. */
  readonly databaseUrl?: string;
}

/** Latency figures in milliseconds. */
export interface LatencyMs {
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
}

/** Everything the server section measured. */
export interface ServerBenchResult {
  readonly message: string;
  readonly sequential: {
    readonly turns: number;
    readonly warmupTurns: number;
    /** Request start → response headers (what `fetch` resolves on). */
    readonly headersMs: LatencyMs;
    /** Request start → first chunk of the streamed body. */
    readonly firstByteMs: LatencyMs;
    /** Mean body reads per turn: 1 means the whole stream arrived in one chunk. */
    readonly meanBodyReads: number;
    /** Request start → end of the streamed body. */
    readonly totalMs: LatencyMs;
    readonly errors: number;
  };
  readonly concurrent: {
    readonly turns: number;
    readonly seconds: number;
    readonly turnsPerSecond: number;
    readonly errors: number;
    /** Per-turn time, request start → end of body, while all turns compete. */
    readonly totalMs: LatencyMs;
    readonly peakRssBytes: number;
  };
}

/** The question every timed turn asks. */
export const MESSAGE = 'What does [[Pump Design]] say?';

/** One streamed turn: when its first body chunk and its end arrived, and whether it ended well. */
export interface TurnTiming {
  readonly headersMs: number;
  readonly firstByteMs: number;
  readonly reads: number;
  readonly totalMs: number;
  readonly ok: boolean;
  readonly problem?: string;
}

/** The `type` of the last `data:` event of an SSE body (ignoring `[DONE]`), or null. */
function lastChunkType(body: string): string | null {
  const lines = body.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] ?? '';
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
    try {
      return (JSON.parse(line.slice(6)) as { type?: string }).type ?? null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Posts one chat turn asking for a stream, reads the body to its end, and times it. */
export async function streamedTurn(chatUrl: string): Promise<TurnTiming> {
  const started = performance.now();
  try {
    const response = await fetch(chatUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: MESSAGE }),
    });
    const headersMs = performance.now() - started;
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let firstByteMs = -1;
    let body = '';
    let reads = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads++;
      if (firstByteMs < 0) firstByteMs = performance.now() - started;
      body += decoder.decode(value, { stream: true });
    }
    body += decoder.decode();
    const totalMs = performance.now() - started;
    if (firstByteMs < 0) firstByteMs = totalMs;
    if (response.status !== 200)
      return {
        headersMs,
        firstByteMs,
        reads,
        totalMs,
        ok: false,
        problem: `HTTP ${response.status}: ${body}`,
      };
    const last = lastChunkType(body);
    if (last !== 'finish')
      return {
        headersMs,
        firstByteMs,
        reads,
        totalMs,
        ok: false,
        problem: `stream ended with ${last}`,
      };
    return { headersMs, firstByteMs, reads, totalMs, ok: true };
  } catch (error) {
    const totalMs = performance.now() - started;
    return {
      headersMs: totalMs,
      firstByteMs: totalMs,
      reads: 0,
      totalMs,
      ok: false,
      problem: String(error),
    };
  }
}

/** p50, p99 and mean of some timings. */
export const latency = (values: readonly number[]): LatencyMs => ({
  p50: percentile(values, 50),
  p99: percentile(values, 99),
  mean: mean(values),
});

/** Logs how many turns failed, with the first problem; returns how many. */
export function reportProblems(label: string, timings: readonly TurnTiming[]): number {
  const failed = timings.filter((t) => !t.ok);
  if (failed.length > 0)
    logProgress(`server: ${label}: ${failed.length} failed turns, first: ${failed[0]?.problem}`);
  return failed.length;
}

/**
 * Measures what the HTTP server adds over the model: the real server on 127.0.0.1 serving a copy
 * of the sample workspace, with an instant scripted model, first sequential streamed turns
 * (time to first byte and total), then many streamed turns at once (throughput and memory).
 */
export async function runServerBench(options: ServerBenchOptions = {}): Promise<ServerBenchResult> {
  const { sequentialTurns = 200, warmupTurns = 10, concurrentTurns = 200, databaseUrl } = options;
  const sample = copySampleWorkspace();
  const handles = new Map<string, WorkspaceHandle>();
  let app: ReturnType<typeof createServer> | null = null;
  try {
    handles.set(
      'default',
      await openWorkspaceHandle('default', sample.workspace, { watch: false, databaseUrl }),
    );
    app = createServer({
      workspaces: handles,
      tokenCounter: memoizeTokenCounter(gptTokenCounter),
      model: () => scriptedModel([{ text: 'Answer [1].' }]) as unknown as LanguageModel,
      authenticate: null,
      rateLimit: { limit: 1_000_000, windowMs: 3_600_000 },
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const chatUrl = `${url}/api/workspaces/default/chat`;
    logProgress(`server: listening on ${url}`);

    const warmup: TurnTiming[] = [];
    for (let i = 0; i < warmupTurns; i++) warmup.push(await streamedTurn(chatUrl));
    const warmupErrors = reportProblems('warm-up', warmup);
    if (warmupErrors === warmup.length && warmup.length > 0)
      throw new Error(`server: every warm-up turn failed: ${warmup[0]?.problem}`);

    const sequential: TurnTiming[] = [];
    for (let i = 0; i < sequentialTurns; i++) sequential.push(await streamedTurn(chatUrl));
    const firstByte = latency(sequential.map((t) => t.firstByteMs));
    const sequentialTotal = latency(sequential.map((t) => t.totalMs));
    logProgress(
      `server: ${sequentialTurns} sequential turns, first byte p50 ${firstByte.p50.toFixed(2)} ms, total p50 ${sequentialTotal.p50.toFixed(2)} ms`,
    );

    const rss = trackPeakRss();
    const started = performance.now();
    const concurrent = await Promise.all(
      Array.from({ length: concurrentTurns }, () => streamedTurn(chatUrl)),
    );
    const seconds = (performance.now() - started) / 1000;
    const peakRssBytes = rss.stop();
    logProgress(`server: ${concurrentTurns} concurrent turns in ${seconds.toFixed(2)} s`);

    return {
      message: MESSAGE,
      sequential: {
        turns: sequentialTurns,
        warmupTurns,
        headersMs: latency(sequential.map((t) => t.headersMs)),
        firstByteMs: firstByte,
        meanBodyReads: mean(sequential.map((t) => t.reads)),
        totalMs: sequentialTotal,
        errors: reportProblems('sequential', sequential),
      },
      concurrent: {
        turns: concurrentTurns,
        seconds,
        turnsPerSecond: concurrentTurns / seconds,
        errors: reportProblems('concurrent', concurrent),
        totalMs: latency(concurrent.map((t) => t.totalMs)),
        peakRssBytes,
      },
    };
  } finally {
    try {
      await app?.close();
    } finally {
      for (const handle of handles.values()) await handle.close();
      sample.cleanup();
    }
  }
}
