/** How one line of a unified diff is shown. */
export type DiffLineKind = 'file' | 'hunk' | 'add' | 'remove' | 'context' | 'note';

/** One line of a unified diff, classified. */
export interface DiffLine {
  readonly kind: DiffLineKind;
  readonly text: string;
}

/**
 * Splits a unified diff into classified lines so each can be coloured: file headers (`---`/`+++`,
 * `Index:`, `===`) only before the first hunk, so a removed line that starts with `--` stays a
 * removal; `\ No newline at end of file` is a note.
 */
export function classifyDiff(diff: string): DiffLine[] {
  const lines = diff.replace(/\r\n?/g, '\n').split('\n');
  if (lines.at(-1) === '') lines.pop();
  let inHunk = false;
  return lines.map((text): DiffLine => {
    if (text.startsWith('@@')) {
      inHunk = true;
      return { kind: 'hunk', text };
    }
    if (!inHunk) {
      if (/^(---|\+\+\+|Index:|={3,}|diff )/.test(text)) return { kind: 'file', text };
    } else if (/^(Index:|diff )/.test(text)) {
      inHunk = false;
      return { kind: 'file', text };
    }
    if (text.startsWith('\\')) return { kind: 'note', text };
    if (text.startsWith('+')) return { kind: 'add', text };
    if (text.startsWith('-')) return { kind: 'remove', text };
    return { kind: 'context', text };
  });
}

/** Lines added and removed, for a compact "+3 −1" summary. */
export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'add') added++;
    else if (line.kind === 'remove') removed++;
  }
  return { added, removed };
}
