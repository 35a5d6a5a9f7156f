import type { EmbedReport } from '../../workspace/index.ts';

/** One line saying what an embedding pass did, e.g. after `footnote index`. */
export function formatEmbedReport(report: EmbedReport): string {
  const seconds = (report.elapsedMs / 1000).toFixed(1);
  return (
    `embeddings (${report.model}): ${report.embedded} chunks embedded, ${report.reused} reused — ` +
    `${report.covered}/${report.chunks} chunks have vectors (${seconds} s)`
  );
}
