/**
 * The small English vocabulary permission inference reads a request with: which words are verbs
 * that change a document, add to one, remove from one or only read it; which prepositions mark a
 * destination, a source or a topic; and the words that negate, ask or open a new clause.
 */

/** What a verb does to its object: change it, add something somewhere, take something out, or only read. */
export type VerbClass = 'write' | 'insert' | 'remove' | 'read';

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
  'lengthen',
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
  'trim',
  'condense',
  'simplify',
  'cut',
  'strip',
  'erase',
]);

/** Write verbs that take something out of a document: `from` names the document they change. */
const REMOVE_VERBS: ReadonlySet<string> = new Set(['delete', 'remove', 'cut', 'strip', 'erase']);

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
  'copy',
]);

/**
 * Verbs that only read what they name; they govern the references after them as firmly as an
 * editing verb does, so "fix @a and summarize @b" leaves `@b` read-only.
 */
const READ_VERBS: ReadonlySet<string> = new Set([
  'read',
  'summarize',
  'summarise',
  'explain',
  'tell',
  'show',
  'list',
  'compare',
  'check',
  'review',
  'look',
  'find',
  'search',
  'describe',
  'quote',
  'cite',
  'use',
  'keep',
  'leave',
  'see',
  'give',
  'answer',
  'analyze',
  'analyse',
  'extract',
  'count',
  'mention',
  'consider',
  'ignore',
  'skip',
  'open',
  'say',
  'suggest',
  'ask',
  'follow',
  'study',
  'skim',
  'scan',
  'browse',
  'verify',
  'evaluate',
  'assess',
  'critique',
  'rate',
  'match',
]);

/** Prepositions after which a reference is where something goes or where the change happens. */
const DESTINATION_PREPOSITIONS: ReadonlySet<string> = new Set([
  'in',
  'into',
  'inside',
  'within',
  'to',
  'onto',
  'above',
  'below',
  'under',
  'beneath',
  'after',
  'before',
  'between',
  'at',
  'beside',
  'atop',
  'throughout',
  'across',
]);

/** Prepositions after which a reference is material to use, never what is changed. */
const SOURCE_PREPOSITIONS: ReadonlySet<string> = new Set([
  'from',
  'using',
  'with',
  'via',
  'per',
  'like',
  'according',
  'based',
  'than',
]);

/** Prepositions after which a reference is what something is about. */
const TOPIC_PREPOSITIONS: ReadonlySet<string> = new Set(['about', 'regarding', 'concerning']);

/** What a phrase's reference is to its verb: its object, where it goes, what it draws on, what it is about. */
export type PhraseRole = 'object' | 'destination' | 'source' | 'topic';

/** The role a preposition gives the references after it, or null for one that keeps the current role (`of`, `for`, `as`). */
export function prepositionRole(word: string): PhraseRole | null {
  if (DESTINATION_PREPOSITIONS.has(word)) return 'destination';
  if (SOURCE_PREPOSITIONS.has(word)) return 'source';
  if (TOPIC_PREPOSITIONS.has(word)) return 'topic';
  return null;
}

/** Words before a noun: after one of these, `update` or `link` is a thing, not a request. */
export const DETERMINERS: ReadonlySet<string> = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'my',
  'your',
  'our',
  'its',
  'their',
  'his',
  'her',
  'each',
  'every',
  'any',
  'some',
  'all',
  'both',
  'another',
  'latest',
  'last',
  'first',
  'next',
  'new',
]);

/** Nouns that name a place in a document: "add it to section 2 of @post", "move it to top of @post". */
export const PLACE_NOUNS: ReadonlySet<string> = new Set([
  'top',
  'end',
  'bottom',
  'beginning',
  'start',
  'middle',
  'section',
  'intro',
  'introduction',
  'conclusion',
  'paragraph',
  'list',
  'table',
  'page',
  'post',
  'note',
  'notes',
  'document',
  'doc',
  'file',
  'draft',
  'article',
  'heading',
  'header',
  'footer',
]);

/** Words that negate the verb a few words after them: "don't edit", "no need to change", "without touching". */
export const NEGATORS: ReadonlySet<string> = new Set([
  'not',
  'never',
  'without',
  'no',
  'nor',
  'avoid',
  "don't",
  'dont',
  "doesn't",
  'doesnt',
  "didn't",
  'didnt',
  "shouldn't",
  'shouldnt',
  "mustn't",
  'mustnt',
  "won't",
  'wont',
  "can't",
  'cant',
  'cannot',
]);

/** Coordinating words that may open a new clause ("fix @a and summarize @b") or join two objects ("@a and @b"). */
export const CONJUNCTIONS: ReadonlySet<string> = new Set(['and', 'or', 'nor', 'but', 'then', 'so']);

/** Words that, after a conjunction or comma, open a new clause: a subject, a politeness word, a modal. */
export const CLAUSE_OPENERS: ReadonlySet<string> = new Set([
  'i',
  "i'll",
  "i'd",
  "i'm",
  'you',
  "you'll",
  'we',
  "we'll",
  'they',
  'he',
  'she',
  'it',
  "it's",
  'please',
  'also',
  'just',
  'then',
  'let',
  "let's",
  'can',
  'could',
  'would',
  'will',
  'should',
  'maybe',
]);

/** Subjects and auxiliaries after which an `-ed` verb reports the past ("I edited @post") instead of asking. */
export const PAST_MARKERS: ReadonlySet<string> = new Set([
  'i',
  'you',
  'we',
  'they',
  'he',
  'she',
  'it',
  'have',
  'has',
  'had',
  'already',
  'recently',
]);

/** Copulas after which a bare `correct` or `clean` is an adjective ("@post is correct"). */
export const COPULAS: ReadonlySet<string> = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  "isn't",
  "aren't",
  'seems',
  'looks',
  'feels',
]);

/**
 * First words of a question that only asks (what, why, does, is, should I …): such a sentence ending
 * in `?` reads every reference in it. Requests phrased as questions start with can, could, would or
 * will ("Could you fix @post?") and are read as requests.
 */
export const ASKING_OPENERS: ReadonlySet<string> = new Set([
  'what',
  "what's",
  'which',
  'who',
  "who's",
  'whom',
  'whose',
  'why',
  'how',
  "how's",
  'when',
  'where',
  "where's",
  'whether',
  'does',
  'do',
  'did',
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  'should',
  'shall',
  'am',
  "isn't",
  "aren't",
  "doesn't",
  "didn't",
  'any',
]);

/** The forms of a word a verb may hide behind: `fixes`, `edited`, `placing`, `adding`, `updates`. */
function baseForms(word: string): string[] {
  return [
    word,
    word.replace(/(ing|ed|es|s)$/, ''),
    word.replace(/s$/, ''),
    word.replace(/(ing|ed)$/, 'e'),
    word.replace(/(.)\1(ing|ed)$/, '$1'),
  ];
}

/** The class of a verb in any of its forms, or null when the word is not one we know. */
export function verbClassOf(word: string): VerbClass | null {
  for (const form of baseForms(word)) {
    if (REMOVE_VERBS.has(form)) return 'remove';
    if (WRITE_VERBS.has(form)) return 'write';
    if (INSERT_VERBS.has(form)) return 'insert';
    if (READ_VERBS.has(form)) return 'read';
  }
  return null;
}

/** Whether a verb word is a participle or past form (`added`, `editing`), not a bare imperative. */
export const isInflected = (word: string): boolean => /(ed|ing)$/.test(word);
