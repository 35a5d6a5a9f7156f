// Full-size reproduction of issue 12, defect 1: a 10.4 MB note of 1.3 million `- [[H]]` list items
// (its Markdown tree once grew the heap past 4 GB and killed `index` and `serve`). Measures, for
// the real CLI in a child process: `footnote index` (wall time, peak RSS of the whole process with
// its reader threads), and `footnote serve` with the note dropped into the watched workspace (peak
// RSS, the slowest /health answer while it indexes, time until the note is reported).
//
//   node bench/hostile-file.ts [--lines 1300000] [--skip-serve]
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { logProgress } from './log-progress.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(repoRoot, 'bin', 'footnote.js');
const MiB = 1024 * 1024;

/** The issue's file: one wikilink list item per line. */
const hostileNote = (lines: number) => '- [[H]]\n'.repeat(lines);

/** A few ordinary notes, so "the rest of the workspace is indexed" can be checked. */
async function writeWorkspace(root: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const path = join(root, 'notes', `Note ${i}.md`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, `# Note ${i}\n\nOrdinary words about pumps, valves and note ${i}.\n`);
  }
}

/** The process's resident-memory high-water mark (all threads), in bytes; null off Linux. */
function highWaterMark(pid: number): number | null {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a child's VmHWM until it exits (the kernel's figure is a maximum, so the last sample is the peak). */
function trackChild(child: ChildProcess) {
  let peak: number | null = null;
  const timer = setInterval(() => {
    const now = child.pid ? highWaterMark(child.pid) : null;
    if (now !== null) peak = Math.max(peak ?? 0, now);
  }, 20);
  const exited = new Promise<number | null>((done) =>
    child.on('close', (code) => {
      clearInterval(timer);
      done(code);
    }),
  );
  return { exited, peak: () => peak };
}

async function measureIndex(lines: number) {
  const root = await makeTempDir('footnote-hostile-index-');
  await writeWorkspace(root);
  await writeFile(join(root, 'notes', 'Huge List.md'), hostileNote(lines));
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'index', '--workspace', root, '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  const tracked = trackChild(child);
  const code = await tracked.exited;
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`footnote index exited ${code}: ${stderr}`);
  const report = JSON.parse(stdout) as {
    documents: number;
    problems: Array<{ path: string; reason: string; severity: string }>;
  };
  return {
    seconds,
    peakRssBytes: tracked.peak(),
    documents: report.documents,
    problems: report.problems,
  };
}

async function measureServe(lines: number) {
  const root = await makeTempDir('footnote-hostile-serve-');
  await writeWorkspace(root);
  const child = spawn(process.execPath, [cli, 'serve', '--workspace', root, '--port', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const tracked = trackChild(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  try {
    let url: string | null = null;
    for (let i = 0; i < 1200 && !url; i++) {
      url = /^Open (http:\/\/127\.0\.0\.1:\d+)\/ in your browser$/m.exec(stderr)?.[1] ?? null;
      if (!url) await sleep(50);
    }
    if (!url) throw new Error(`serve did not start: ${stderr}`);
    await writeFile(join(root, 'notes', 'Huge List.md'), hostileNote(lines));
    const dropped = performance.now();
    let slowestMs = 0;
    let polls = 0;
    let failures = 0;
    // Bounded: ten minutes of polls at most.
    for (let i = 0; i < 6000 && !/Huge List\.md: /.test(stderr); i++) {
      const started = performance.now();
      try {
        const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        if (response.status !== 200) failures++;
      } catch {
        failures++;
      }
      slowestMs = Math.max(slowestMs, performance.now() - started);
      polls++;
      await sleep(100);
    }
    const problem = /^ {2}\S+ notes\/Huge List\.md: .*$/m.exec(stderr)?.[0].trim() ?? null;
    return {
      secondsToReport: (performance.now() - dropped) / 1000,
      healthPolls: polls,
      healthFailures: failures,
      slowestHealthMs: slowestMs,
      problem,
      alive: child.exitCode === null,
      peakRssBytes: tracked.peak(),
    };
  } finally {
    child.kill('SIGTERM');
    await tracked.exited;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      lines: { type: 'string', default: '1300000' },
      'skip-serve': { type: 'boolean', default: false },
    },
  });
  const lines = Number(values.lines);
  if (!Number.isInteger(lines) || lines < 1)
    throw new Error(`--lines: expected a positive integer, got ${JSON.stringify(values.lines)}`);
  const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / MiB).toFixed(0)} MiB`);
  const size = (hostileNote(1).length * lines) / 1e6;
  try {
    logProgress(`index: a ${size.toFixed(1)} MB note of ${lines} list items and 20 notes`);
    const index = await measureIndex(lines);
    process.stdout.write(
      `footnote index: ${index.seconds.toFixed(1)} s, peak RSS ${mb(index.peakRssBytes)}, ` +
        `${index.documents} documents\n${index.problems.map((p) => `  ${p.severity} ${p.path}: ${p.reason}`).join('\n')}\n`,
    );
    if (!values['skip-serve']) {
      logProgress('serve: dropping the note into a watched workspace');
      const serve = await measureServe(lines);
      process.stdout.write(
        `footnote serve: reported after ${serve.secondsToReport.toFixed(1)} s, peak RSS ${mb(serve.peakRssBytes)}, ` +
          `${serve.healthPolls} /health polls, slowest ${serve.slowestHealthMs.toFixed(0)} ms, ` +
          `${serve.healthFailures} failed, server ${serve.alive ? 'alive' : 'DEAD'}\n  ${serve.problem ?? 'no problem reported'}\n`,
      );
    }
  } finally {
    await removeTempDirs();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
