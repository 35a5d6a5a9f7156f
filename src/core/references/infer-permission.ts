import type { ReferencePermission } from './reference.ts';

/** Whether a chat turn may change documents (`agent`) or only read them (`chat`). */
export type ChatMode = 'chat' | 'agent';

/** Verbs that ask to change a referenced document in place. */
export const WRITE_VERBS: ReadonlySet<string> = new Set([
  'edit',
  'rewrite',
  'update',
  'fix',
  'change',
  'modify',
  'revise',
  'correct',
  'improve',
  'shorten',
  'expand',
  'rename',
  'replace',
  'delete',
  'remove',
  'reword',
  'rephrase',
  'polish',
  'proofread',
  'restructure',
  'reorganize',
  'reorganise',
  'tidy',
  'clean',
  'translate',
  'retitle',
  'tag',
  'retag',
]);

/** Verbs that ask to add something to a referenced document. */
export const INSERT_VERBS: ReadonlySet<string> = new Set([
  'add',
  'insert',
  'place',
  'append',
  'prepend',
  'attach',
  'put',
  'include',
  'embed',
  'paste',
  'link',
]);

/** How many words on each side of a reference are read for its verb. */
const WINDOW = 6;

const verbOf = (word: string): ReferencePermission | null => {
  const forms = [
    word,
    word.replace(/(ing|ed|es|s)$/, ''),
    word.replace(/(ing|ed)$/, 'e'),
    word.replace(/(.)\1(ing|ed)$/, '$1'),
  ];
  for (const form of forms) {
    if (WRITE_VERBS.has(form)) return 'write';
    if (INSERT_VERBS.has(form)) return 'insert';
  }
  return null;
};

const WORD = /[\p{L}]+/gu;
/** A sentence ends at `.`, `?` or `!` followed by a space or the end, or at a line break (not at `a.md`). */
const SENTENCE_END = /[.?!](?=\s|$)|\n/g;
const STOP_MARKS = '.?!';

/** Index of the first element of an ascending array that is at least `value` (its length if none). */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as number) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The verb (or null) of each word of a text, lower-cased as a whole first, as the window is read. */
const verbsIn = (text: string): (ReferencePermission | null)[] =>
  Array.from(text.toLowerCase().matchAll(WORD), (m) => verbOf(m[0]));

/**
 * Indexes a message once (its sentence ends and its runs of letters) and returns a function that
 * infers the permission of a reference at `start`–`end` in it, as {@link inferPermission} does,
 * with a few binary searches instead of a rescan, so a message's references are read in linear
 * time however many there are.
 */
export function createPermissionReader(
  message: string,
  mode: ChatMode,
): (start: number, end: number) => ReferencePermission {
  if (mode === 'chat') return () => 'read';
  const sentenceEnds = Array.from(message.matchAll(SENTENCE_END), (m) => m.index);
  const wordStarts: number[] = [];
  const wordEnds: number[] = [];
  for (const m of message.matchAll(WORD)) {
    wordStarts.push(m.index);
    wordEnds.push(m.index + m[0].length);
  }
  // One run of letters may lower-case into several words (`İ` gains a combining dot), each a verb or not.
  const verbsOfRun: (ReferencePermission | null)[][] = [];
  const verbsOf = (run: number, from: number, to: number) => {
    const whole = from === wordStarts[run] && to === wordEnds[run];
    if (!whole) return verbsIn(message.slice(from, to));
    verbsOfRun[run] ??= verbsIn(message.slice(from, to));
    return verbsOfRun[run];
  };

  return (start, end) => {
    // Back from the reference to the start of its sentence; a stop mark just before it counts,
    // as it ends the text read.
    const endBefore = sentenceEnds[lowerBound(sentenceEnds, start) - 1];
    const sentenceStart = STOP_MARKS.includes(message[start - 1] ?? '\n')
      ? start
      : endBefore === undefined
        ? 0
        : endBefore + 1;
    let seen = 0;
    for (let run = lowerBound(wordStarts, start) - 1; run >= 0 && seen < WINDOW; run--) {
      const from = wordStarts[run] as number;
      if (from < sentenceStart) break;
      const verbs = verbsOf(run, from, Math.min(wordEnds[run] as number, start));
      for (let i = verbs.length - 1; i >= 0 && seen < WINDOW; i--, seen++) {
        const verb = verbs[i];
        if (verb) return verb;
      }
    }
    // Then forward to the end of its sentence.
    const sentenceStop = sentenceEnds[lowerBound(sentenceEnds, end)] ?? message.length;
    seen = 0;
    for (let run = lowerBound(wordEnds, end + 1); run < wordStarts.length && seen < WINDOW; run++) {
      const to = wordEnds[run] as number;
      if ((wordStarts[run] as number) >= sentenceStop) break;
      const verbs = verbsOf(run, Math.max(wordStarts[run] as number, end), to);
      for (let i = 0; i < verbs.length && seen < WINDOW; i++, seen++) {
        const verb = verbs[i];
        if (verb) return verb;
      }
    }
    return 'read';
  };
}

/**
 * Reads the verbs around a reference to guess what the user wants done with it: "edit @post" asks
 * to write, "add a photo to @post" to insert, anything else reads. The nearest verb in the same
 * sentence wins, looking back first. In chat mode everything is read-only. For several references
 * of one message use {@link createPermissionReader}, which indexes the message once.
 */
export function inferPermission(
  message: string,
  start: number,
  end: number,
  mode: ChatMode,
): ReferencePermission {
  return createPermissionReader(message, mode)(start, end);
}
