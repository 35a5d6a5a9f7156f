import { diffWordsWithSpace } from 'diff';
import type { DiffLine } from './diff-lines.ts';

/** A piece of a changed line: words both versions share, or words only this version has. */
export interface WordSegment {
  readonly text: string;
  readonly changed: boolean;
}

/** One line of a diff as a person reads it: the text without its `+`/`-`, with line numbers. */
export interface DiffRow {
  readonly kind: 'add' | 'remove' | 'context';
  /** Line number in the file before the edit; null for an added line. */
  readonly oldLine: number | null;
  /** Line number in the file after the edit; null for a removed line. */
  readonly newLine: number | null;
  readonly text: string;
  /** For a line whose counterpart on the other side is similar: which words changed. */
  readonly words: readonly WordSegment[] | null;
}

/** One hunk: where it starts in the new file, and its rows. */
export interface DiffHunk {
  readonly newStart: number;
  readonly rows: readonly DiffRow[];
}

/** Share of a line's characters two versions must keep for their changed words to be marked. */
const MIN_SIMILARITY = 0.4;
/** Hunks with more changed lines than this (either side) are shown without word marks. */
const MAX_PAIRED_BLOCK = 60;

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** How much of the longer line the shorter one keeps, and the word pieces of each side. */
function compareWords(before: string, after: string) {
  const parts = diffWordsWithSpace(before, after);
  let kept = 0;
  const old: WordSegment[] = [];
  const next: WordSegment[] = [];
  for (const part of parts) {
    if (!part.added && !part.removed) {
      kept += part.value.length;
      old.push({ text: part.value, changed: false });
      next.push({ text: part.value, changed: false });
    } else if (part.removed) old.push({ text: part.value, changed: true });
    else next.push({ text: part.value, changed: true });
  }
  const longest = Math.max(before.length, after.length, 1);
  return { similarity: kept / longest, old, next };
}

/**
 * Marks changed words across one hunk: each removed line is paired, in order, with the first later
 * added line similar enough to it, so a rewritten sentence shows which words changed — even when
 * the line diff put other changes between the two versions — while a line replaced by something
 * else entirely stays whole.
 */
function markWords(rows: DiffRow[]): void {
  const removed = rows.flatMap((row, i) => (row.kind === 'remove' && row.text.trim() ? [i] : []));
  const added = rows.flatMap((row, i) => (row.kind === 'add' && row.text.trim() ? [i] : []));
  if (removed.length > MAX_PAIRED_BLOCK || added.length > MAX_PAIRED_BLOCK) return;
  let from = 0;
  for (const r of removed) {
    const before = rows[r] as DiffRow;
    for (let a = from; a < added.length; a++) {
      const at = added[a] as number;
      const after = rows[at] as DiffRow;
      const { similarity, old, next } = compareWords(before.text, after.text);
      if (similarity < MIN_SIMILARITY) continue;
      rows[r] = { ...before, words: old };
      rows[at] = { ...after, words: next };
      from = a + 1;
      break;
    }
  }
}

/**
 * A unified diff (classified by `classifyDiff`) as hunks of readable rows: file headers and
 * "no newline" notes dropped, each line numbered on its side, and the changed words of a line that
 * was rewritten rather than replaced marked on both sides.
 */
export function readableDiff(lines: readonly DiffLine[]): DiffHunk[] {
  const hunks: { newStart: number; rows: DiffRow[] }[] = [];
  let oldLine = 0;
  let newLine = 0;
  let removed: DiffRow[] = [];
  let added: DiffRow[] = [];
  /** Puts a block of removals, then its additions, into the current hunk. */
  const flush = () => {
    hunks.at(-1)?.rows.push(...removed, ...added);
    removed = [];
    added = [];
  };
  for (const line of lines) {
    if (line.kind === 'hunk') {
      flush();
      const match = HUNK_HEADER.exec(line.text);
      oldLine = Number(match?.[1] ?? 1);
      newLine = Number(match?.[2] ?? 1);
      hunks.push({ newStart: newLine, rows: [] });
      continue;
    }
    if (hunks.length === 0 || line.kind === 'file' || line.kind === 'note') continue;
    const text = line.text.slice(1);
    if (line.kind === 'remove') {
      // A removal after additions starts a new block (the diff interleaves them rarely).
      if (added.length > 0) flush();
      removed.push({ kind: 'remove', oldLine: oldLine++, newLine: null, text, words: null });
    } else if (line.kind === 'add') {
      added.push({ kind: 'add', oldLine: null, newLine: newLine++, text, words: null });
    } else {
      flush();
      hunks.at(-1)?.rows.push({
        kind: 'context',
        oldLine: oldLine++,
        newLine: newLine++,
        text,
        words: null,
      });
    }
  }
  flush();
  for (const hunk of hunks) markWords(hunk.rows);
  return hunks;
}
