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

/**
 * Reads the verbs around a reference to guess what the user wants done with it: "edit @post" asks
 * to write, "add a photo to @post" to insert, anything else reads. The nearest verb in the same
 * sentence wins, looking back first. In chat mode everything is read-only.
 */
export function inferPermission(
  message: string,
  start: number,
  end: number,
  mode: ChatMode,
): ReferencePermission {
  if (mode === 'chat') return 'read';
  let sentenceStart = 0;
  for (const m of message.slice(0, start).matchAll(SENTENCE_END))
    sentenceStart = m.index + m[0].length;
  const before = [...message.slice(sentenceStart, start).toLowerCase().matchAll(WORD)]
    .map((m) => m[0])
    .slice(-WINDOW);
  for (const word of before.reverse()) {
    const verb = verbOf(word);
    if (verb) return verb;
  }
  const rest = message.slice(end);
  const stop = rest.search(SENTENCE_END);
  const after = [...(stop === -1 ? rest : rest.slice(0, stop)).toLowerCase().matchAll(WORD)]
    .map((m) => m[0])
    .slice(0, WINDOW);
  for (const word of after) {
    const verb = verbOf(word);
    if (verb) return verb;
  }
  return 'read';
}
