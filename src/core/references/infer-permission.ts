import { parseReferences } from './parse-references.ts';
import {
  ASKING_OPENERS,
  CLAUSE_OPENERS,
  CONJUNCTIONS,
  COPULAS,
  DETERMINERS,
  isInflected,
  NEGATORS,
  PAST_MARKERS,
  type PhraseRole,
  PLACE_NOUNS,
  prepositionRole,
  type VerbClass,
  verbClassOf,
} from './permission-words.ts';
import type { ReferencePermission } from './reference.ts';

export { INSERT_VERBS, WRITE_VERBS } from './permission-words.ts';

/** Whether a chat turn may change documents (`agent`) or only read them (`chat`). */
export type ChatMode = 'chat' | 'agent';

/** Where a reference was written: `message.slice(start, end)`. */
export interface PermissionSpan {
  readonly start: number;
  readonly end: number;
}

/** How many words after a negator ("don't", "no need to") it still negates a verb. */
const NEGATION_REACH = 4;

/** Token kinds: a word, a reference, a stop (`.`, `?` or `!` before a space, a reference or the end; a line break), `;`, `,`. */
const Kind = { Word: 0, Reference: 1, Stop: 2, Semicolon: 3, Comma: 4 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

const ROLES: readonly PhraseRole[] = ['object', 'destination', 'source', 'topic'];
const OBJECT = 0;
const DESTINATION = 1;

const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;

/** Whether the code point is a letter (`mark`: or a combining mark, which continues a word). */
function isLetter(code: number, mark: boolean): boolean {
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
  const char = String.fromCodePoint(code);
  return LETTER.test(char) || (mark && MARK.test(char));
}

/** Whether the code unit is white space, as `\s` reads it. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const isApostrophe = (code: number) => code === 0x27 || code === 0x2019;

/** The tokens of a message, in parallel arrays sized once (a message has at most one token per character). */
interface Tokens {
  readonly count: number;
  readonly kind: Uint8Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
  /** Lower-cased word (apostrophes as `'`); '' for other tokens. */
  readonly word: string[];
  /** 1 when the word began with a capital letter (a name, not an infinitive after `to`). */
  readonly capital: Uint8Array;
  /** 1 for a stop that is a question mark. */
  readonly question: Uint8Array;
}

/** Splits a message into words and clause marks, with each reference as one opaque token. */
function tokenize(message: string, spans: readonly PermissionSpan[]): Tokens {
  const size = message.length + 1;
  const kind = new Uint8Array(size);
  const starts = new Int32Array(size);
  const ends = new Int32Array(size);
  const capital = new Uint8Array(size);
  const question = new Uint8Array(size);
  const words: string[] = [];
  let count = 0;
  const push = (k: Kind, start: number, end: number) => {
    kind[count] = k;
    starts[count] = start;
    ends[count] = end;
    words.push('');
    return count++;
  };
  /** Tokens of `message[from, to)`: words (letters, marks, inner apostrophes), stops, `;` and `,`. */
  const readText = (from: number, to: number) => {
    let pos = from;
    while (pos < to) {
      const code = message.codePointAt(pos) ?? 0;
      if (isLetter(code, false)) {
        let end = pos + (code > 0xffff ? 2 : 1);
        while (end < to) {
          const next = message.codePointAt(end) ?? 0;
          if (isLetter(next, true)) end += next > 0xffff ? 2 : 1;
          else if (
            isApostrophe(next) &&
            end + 1 < to &&
            isLetter(message.codePointAt(end + 1) ?? 0, false)
          )
            end++;
          else break;
        }
        const word = message.slice(pos, end);
        const i = push(Kind.Word, pos, end);
        const lower = word.toLowerCase();
        words[i] = lower.includes('’') ? lower.replaceAll('’', "'") : lower;
        capital[i] = word.charCodeAt(0) === lower.charCodeAt(0) ? 0 : 1;
        pos = end;
        continue;
      }
      if (code === 0x2e || code === 0x3f || code === 0x21) {
        // `.`, `?` or `!` ends a sentence before a space, a reference or the end, not inside `a.md`.
        const next = message.charCodeAt(pos + 1);
        if (pos + 1 >= to || isSpace(next) || next === 0x40 || next === 0x5b)
          question[push(Kind.Stop, pos, pos + 1)] = code === 0x3f ? 1 : 0;
      } else if (code === 0x0a || code === 0x0d) push(Kind.Stop, pos, pos + 1);
      else if (code === 0x3b) push(Kind.Semicolon, pos, pos + 1);
      else if (code === 0x2c) push(Kind.Comma, pos, pos + 1);
      pos += code > 0xffff ? 2 : 1;
    }
  };
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start < at || span.end <= span.start || span.end > message.length) continue;
    readText(at, span.start);
    push(Kind.Reference, span.start, span.end);
    at = span.end;
  }
  readText(at, message.length);
  return {
    count,
    kind: kind.subarray(0, count),
    start: starts.subarray(0, count),
    end: ends.subarray(0, count),
    word: words,
    capital,
    question,
  };
}

/** What one left-to-right reading of the message learned, per token. */
interface Reading {
  readonly tokens: Tokens;
  /** The verb governing what follows each token (its token index), or -1. */
  readonly verbAfter: Int32Array;
  /** The role of a reference that would follow each token. */
  readonly roleAfter: Uint8Array;
  /** The clause each token belongs to, and the one in effect after it. */
  readonly clauseOf: Int32Array;
  readonly clauseAfter: Int32Array;
  readonly sentenceAfter: Int32Array;
  /** For each token, the first verb at or after it in its clause, or -1. */
  readonly nextVerb: Int32Array;
  readonly verbClass: (VerbClass | null)[];
  readonly verbNegated: Uint8Array;
  readonly verbInflected: Uint8Array;
  /** Sentences that only ask ("What does @post say?"): every reference in them reads. */
  readonly asking: Set<number>;
}

/**
 * Reads the message once, left to right, as a small state machine over clauses: each verb governs
 * the references after it until the clause ends; prepositions set the role of what follows; a
 * conjunction or comma followed by a verb, subject or negation opens a new clause.
 */
function readMessage(tokens: Tokens): Reading {
  const n = tokens.count;
  const r: Reading = {
    tokens,
    verbAfter: new Int32Array(n),
    roleAfter: new Uint8Array(n),
    clauseOf: new Int32Array(n),
    clauseAfter: new Int32Array(n),
    sentenceAfter: new Int32Array(n),
    nextVerb: new Int32Array(n),
    verbClass: new Array<VerbClass | null>(n).fill(null),
    verbNegated: new Uint8Array(n),
    verbInflected: new Uint8Array(n),
    asking: new Set(),
  };
  let verb = -1;
  let role = OBJECT;
  let negation = 0;
  let joiner = ''; // a conjunction or comma waiting to see whether a new clause follows
  let afterTo = false;
  let previous = '';
  let clause = 0;
  let sentence = 0;
  let sentenceOpen = true;
  let sentenceAsks = false;
  const resetClause = () => {
    verb = -1;
    role = OBJECT;
    negation = 0;
    joiner = '';
    afterTo = false;
    previous = '';
  };
  const setVerb = (i: number, cls: VerbClass, word: string) => {
    r.verbClass[i] = cls;
    r.verbNegated[i] = negation > 0 ? 1 : 0;
    r.verbInflected[i] = isInflected(word) ? 1 : 0;
    verb = i;
    role = OBJECT;
    negation = 0;
  };

  // A message repeats its words: classify each distinct word once.
  const classes = new Map<string, VerbClass | null>();
  const classOf = (word: string) => {
    let cls = classes.get(word);
    if (cls === undefined) {
      cls = verbClassOf(word);
      classes.set(word, cls);
    }
    return cls;
  };

  for (let i = 0; i < n; i++) {
    const kind = tokens.kind[i] as Kind;
    const word = tokens.word[i] ?? '';
    r.clauseOf[i] = clause;
    switch (kind) {
      case Kind.Stop:
        if (tokens.question[i] === 1 && sentenceAsks) r.asking.add(sentence);
        sentence++;
        clause++;
        sentenceOpen = true;
        sentenceAsks = false;
        resetClause();
        break;
      case Kind.Semicolon:
        clause++;
        resetClause();
        break;
      case Kind.Comma:
        negation = 0;
        afterTo = false;
        previous = '';
        // A comma only separates clauses once this one has its verb: "In @post, add …" is one.
        if (verb >= 0) joiner = ',';
        break;
      case Kind.Reference:
        sentenceOpen = false;
        joiner = '';
        afterTo = false;
        previous = '';
        break;
      case Kind.Word: {
        if (sentenceOpen) {
          sentenceAsks = ASKING_OPENERS.has(word);
          sentenceOpen = false;
        }
        let cls = DETERMINERS.has(previous) ? null : classOf(word);
        if (cls && COPULAS.has(previous) && !isInflected(word)) cls = null;
        if (cls && word.endsWith('ed') && PAST_MARKERS.has(previous)) cls = 'read';
        if (joiner) {
          const opens = cls !== null || CLAUSE_OPENERS.has(word) || NEGATORS.has(word);
          if (opens) {
            const carry =
              (joiner === 'or' || joiner === 'nor') && verb >= 0 && r.verbNegated[verb] === 1;
            clause++;
            resetClause();
            if (carry) negation = NEGATION_REACH;
            r.clauseOf[i] = clause;
          }
          joiner = '';
        }
        if (afterTo) {
          afterTo = false;
          // "to" before a verb we do not know ("to match @guide") starts an infinitive: it reads.
          const place = DETERMINERS.has(word) || PLACE_NOUNS.has(word) || tokens.capital[i] === 1;
          if (cls === null && !place && !NEGATORS.has(word)) cls = 'read';
        }
        if (NEGATORS.has(word) && cls === null) {
          negation = NEGATION_REACH;
        } else if (word === 'forget' && negation > 0) {
          negation = 0; // "don't forget to add" asks to add
        } else if (cls !== null) {
          setVerb(i, cls, word);
        } else {
          const prepositional = prepositionRole(word);
          if (word === 'to') {
            afterTo = true;
            role = DESTINATION;
          } else if (prepositional) {
            const removing = verb >= 0 && r.verbClass[verb] === 'remove' && word === 'from';
            role = ROLES.indexOf(removing ? 'destination' : prepositional);
          } else if (CONJUNCTIONS.has(word)) {
            joiner = word;
          }
          if (negation > 0) negation--;
        }
        previous = word;
        break;
      }
    }
    r.verbAfter[i] = verb;
    r.roleAfter[i] = role;
    r.clauseAfter[i] = clause;
    r.sentenceAfter[i] = sentence;
  }

  let next = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (i + 1 < n && r.clauseOf[i + 1] !== r.clauseOf[i]) next = -1;
    if (r.verbClass[i] !== null) next = i;
    r.nextVerb[i] = next;
  }
  return r;
}

/** What a verb of a class allows on a reference in a role. */
function permissionFor(
  cls: VerbClass,
  role: PhraseRole,
  beforeVerb: boolean,
  imperative: boolean,
): ReferencePermission {
  if (cls === 'read' || role === 'source' || role === 'topic') return 'read';
  if (cls === 'write' || cls === 'remove') return 'write';
  // An insert verb reads its object (what is inserted) and inserts into its destination. A
  // reference named before an imperative ("@post: add a paragraph") is where the addition goes.
  if (role === 'destination' || (beforeVerb && imperative)) return 'insert';
  return 'read';
}

/** Index of the first element of an ascending array that is at least `value` (its length if none). */
function lowerBound(sorted: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as number) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Reads a message once and returns a function that infers the permission of the reference at
 * `start`–`end`, by the clause it sits in: the object of edit/rewrite/fix… is written; the object of
 * add/insert/place… is read (it is what is inserted) and the destination after in/into/to/above/
 * below/after… gets insert; what follows from/using/with/about only reads. A negated verb ("don't
 * edit"), a reading verb (summarize, compare …) and a question that only asks ("What does @post
 * say?") read. Distance between verb and reference does not matter; the clause does. `spans` are
 * the message's references (parsed from it when absent), read as opaque nouns. Linear in the
 * message; each call is a few binary searches.
 */
export function createPermissionReader(
  message: string,
  mode: ChatMode,
  spans?: readonly PermissionSpan[],
): (start: number, end: number) => ReferencePermission {
  if (mode === 'chat') return () => 'read';
  const reading = readMessage(tokenize(message, spans ?? parseReferences(message)));
  const { tokens } = reading;
  return (start, end) => {
    const before = lowerBound(tokens.end, start + 1) - 1;
    const after = lowerBound(tokens.start, end);
    const sentence = before >= 0 ? (reading.sentenceAfter[before] as number) : 0;
    if (reading.asking.has(sentence)) return 'read';
    const clause = before >= 0 ? (reading.clauseAfter[before] as number) : 0;
    const role = ROLES[before >= 0 ? (reading.roleAfter[before] as number) : OBJECT] as PhraseRole;
    let verb = before >= 0 ? (reading.verbAfter[before] as number) : -1;
    let beforeVerb = false;
    if (verb < 0 && after < tokens.count && reading.clauseOf[after] === clause) {
      verb = reading.nextVerb[after] as number;
      beforeVerb = true;
    }
    if (verb < 0 || reading.verbNegated[verb] === 1) return 'read';
    return permissionFor(
      reading.verbClass[verb] as VerbClass,
      role,
      beforeVerb,
      reading.verbInflected[verb] === 0,
    );
  };
}

/**
 * Infers what the user wants done with the one reference at `start`–`end` of a message ("edit
 * @post" writes, "add a photo to @post" inserts, anything else reads); chat mode is read-only.
 * For several references of one message use {@link createPermissionReader}, which reads it once.
 */
export function inferPermission(
  message: string,
  start: number,
  end: number,
  mode: ChatMode,
): ReferencePermission {
  return createPermissionReader(message, mode)(start, end);
}
