/** A column of a printed table: its header and which side its cells line up on. */
export interface Column {
  readonly header: string;
  readonly align?: 'left' | 'right';
}

/** Lays out rows as a plain-text table with a title, so results read well in a terminal and in a log. */
export function formatTable(
  title: string,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
): string {
  const widths = columns.map((c, i) =>
    Math.max(c.header.length, ...rows.map((r) => (r[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    columns
      .map((c, i) => {
        const cell = cells[i] ?? '';
        const width = widths[i] ?? 0;
        return c.align === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [
    title,
    line(columns.map((c) => c.header)),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(line),
  ].join('\n');
}
