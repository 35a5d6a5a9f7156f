const started = performance.now();

/** Writes one progress line to stderr, stamped with seconds since start, keeping stdout for the results. */
export function logProgress(message: string): void {
  const seconds = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[${seconds}s] ${message}\n`);
}
