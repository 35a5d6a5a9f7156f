/** A running measurement of resident memory; `stop` returns the highest value seen, in bytes. */
export interface PeakRssTracker {
  stop(): number;
}

/**
 * Samples the process's resident set size on a timer so a phase's own peak can be reported
 * (`resourceUsage().maxRSS` only knows the peak of the whole process so far).
 */
export function trackPeakRss(intervalMs = 20): PeakRssTracker {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

/** The process's peak resident set size since it started, in bytes. */
export const processPeakRss = () => process.resourceUsage().maxRSS * 1024;
