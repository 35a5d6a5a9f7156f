import type { ChunkSearchResult } from '../../search/index.ts';
import type { IndexReport } from '../../workspace/index.ts';

const colorWanted = (stream: NodeJS.WriteStream) => stream.isTTY === true && !process.env.NO_COLOR;

/** Styles text for a terminal; plain when piped or NO_COLOR is set. */
export function style(stream: NodeJS.WriteStream) {
  const on = colorWanted(stream);
  const wrap = (code: string) => (text: string) => (on ? `\x1b[${code}m${text}\x1b[0m` : text);
  return {
    bold: wrap('1'),
    dim: wrap('2'),
    yellow: wrap('33'),
    cyan: wrap('36'),
    green: wrap('32'),
  };
}

/** Human summary of an index run. */
export function formatIndexReport(report: IndexReport, stream: NodeJS.WriteStream): string {
  const s = style(stream);
  const lines = [
    `${s.bold(String(report.documents))} documents, ${report.chunks} chunks — ` +
      `${report.added} added, ${report.updated} updated, ${report.renamed} renamed, ${report.deleted} deleted, ` +
      `${report.unchanged} unchanged, ${report.skipped} skipped (${report.ms} ms)`,
  ];
  for (const p of report.problems) {
    lines.push(
      s.yellow(`  ${p.severity === 'skipped' ? 'skipped' : 'warning'} ${p.path}: ${p.reason}`),
    );
  }
  return lines.join('\n');
}

/** Human listing of search results: title, where, and the matching excerpt. */
export function formatSearchResults(
  query: string,
  results: readonly ChunkSearchResult[],
  stream: NodeJS.WriteStream,
): string {
  const s = style(stream);
  if (results.length === 0) return `No results for ${JSON.stringify(query)}.`;
  return results
    .map((r, i) => {
      const where = [
        r.path,
        r.page !== null ? `page ${r.page}` : null,
        r.section
          ? `§${r.section}`
          : r.headingPath.length
            ? `# ${r.headingPath.join(' › ')}`
            : null,
      ]
        .filter(Boolean)
        .join(' · ');
      const flag = r.status === 'archived' ? s.yellow(' (archived)') : '';
      const found = s.green(`(${r.signals.join(' + ')})`);
      return `${s.bold(`${i + 1}. ${r.title}`)}${flag} ${s.dim(`[${r.kind}]`)} ${found}\n   ${s.cyan(where)}\n   ${r.excerpt}`;
    })
    .join('\n\n');
}
