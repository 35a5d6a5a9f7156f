import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReferences, SECTION_REST_MAX_LENGTH } from './parse-references.ts';
import type { ParsedReference } from './reference.ts';
import { MAX_NAME_WORDS } from './reference.ts';

/** What a case expects of one reference: `raw` plus the fields that differ from the defaults. */
type Expected = Partial<ParsedReference> & { readonly raw: string };

interface Case {
  readonly title: string;
  readonly message: string;
  readonly expected: readonly Expected[];
}

const defaults = {
  embed: false,
  alias: null,
  heading: null,
  block: null,
  sectionTitle: null,
  sectionRest: null,
  page: null,
  prefix: null,
  quoted: false,
  citation: null,
  longer: [],
};

/** The syntax a raw reference is written in, from its first characters. */
const syntaxOf = (raw: string): ParsedReference['syntax'] =>
  raw.startsWith('@') ? 'mention' : /^\[\d/.test(raw) ? 'citation' : 'wikilink';

/** Fills in defaults, the syntax (from the first character) and, unless given, the next `start`. */
function complete(message: string, expected: readonly Expected[]): ParsedReference[] {
  let cursor = 0;
  return expected.map((e) => {
    const start = e.start ?? message.indexOf(e.raw, cursor);
    cursor = start + e.raw.length;
    return {
      syntax: syntaxOf(e.raw),
      name: '',
      ...defaults,
      ...e,
      start,
      end: start + e.raw.length,
    };
  });
}

const none: readonly Expected[] = [];

const wikilinkCases: Case[] = [
  { title: 'plain name', message: 'see [[Name]]', expected: [{ raw: '[[Name]]', name: 'Name' }] },
  {
    title: 'folder path',
    message: '[[folder/Name]] ok',
    expected: [{ raw: '[[folder/Name]]', name: 'folder/Name' }],
  },
  {
    title: 'heading',
    message: '[[Name#Heading]]',
    expected: [{ raw: '[[Name#Heading]]', name: 'Name', heading: 'Heading' }],
  },
  {
    title: 'block',
    message: '[[Name#^block-1]]',
    expected: [{ raw: '[[Name#^block-1]]', name: 'Name', block: 'block-1' }],
  },
  {
    title: 'heading in the current document',
    message: 'above, [[#Heading]]',
    expected: [{ raw: '[[#Heading]]', name: '', heading: 'Heading' }],
  },
  {
    title: 'block in the current document',
    message: '[[#^abc]]',
    expected: [{ raw: '[[#^abc]]', name: '', block: 'abc' }],
  },
  {
    title: 'alias',
    message: '[[Name|shown text]]',
    expected: [{ raw: '[[Name|shown text]]', name: 'Name', alias: 'shown text' }],
  },
  {
    title: 'embed, the ! in the span',
    message: 'x ![[Name]]',
    expected: [{ raw: '![[Name]]', name: 'Name', embed: true }],
  },
  {
    title: 'heading and alias',
    message: '[[Name#Heading|shown]]',
    expected: [{ raw: '[[Name#Heading|shown]]', name: 'Name', heading: 'Heading', alias: 'shown' }],
  },
  {
    title: 'embed with folder, heading and alias',
    message: '![[a/Name#H|s]]',
    expected: [{ raw: '![[a/Name#H|s]]', name: 'a/Name', heading: 'H', alias: 's', embed: true }],
  },
  {
    title: 'PDF page',
    message: '[[doc.pdf#page=12]]',
    expected: [{ raw: '[[doc.pdf#page=12]]', name: 'doc.pdf', page: 12 }],
  },
  {
    title: 'page 0 is no page, so a heading',
    message: '[[doc.pdf#page=0]]',
    expected: [{ raw: '[[doc.pdf#page=0]]', name: 'doc.pdf', heading: 'page=0' }],
  },
  {
    title: 'name, heading and alias trimmed',
    message: '[[  Name  #  Heading  |  shown  ]]',
    expected: [
      {
        raw: '[[  Name  #  Heading  |  shown  ]]',
        name: 'Name',
        heading: 'Heading',
        alias: 'shown',
      },
    ],
  },
  {
    title: 'nested heading: the last part',
    message: '[[Note#Part#Sub]]',
    expected: [{ raw: '[[Note#Part#Sub]]', name: 'Note', heading: 'Sub' }],
  },
  { title: 'empty [[]]', message: 'a [[]] b', expected: none },
  { title: 'blank [[ ]]', message: 'a [[ ]] b', expected: none },
  { title: 'alias without target', message: '[[|shown]]', expected: none },
  { title: 'lone #', message: '[[#]]', expected: none },
  {
    title: 'empty alias is no alias',
    message: '[[Name| ]]',
    expected: [{ raw: '[[Name| ]]', name: 'Name' }],
  },
  {
    title: 'alias split at the first bar',
    message: '[[a|b|c]]',
    expected: [{ raw: '[[a|b|c]]', name: 'a', alias: 'b|c' }],
  },
  {
    title: 'table-escaped bar',
    message: '| [[Name\\|shown]] |',
    expected: [{ raw: '[[Name\\|shown]]', name: 'Name', alias: 'shown' }],
  },
  {
    title: 'unclosed [[ does not swallow a later mention',
    message: '[[a @bob',
    expected: [{ raw: '@bob', name: 'bob' }],
  },
  {
    title: 'no link across a line break',
    message: '[[a\nb]] [[c]]',
    expected: [{ raw: '[[c]]', name: 'c' }],
  },
  {
    title: 'a [[ inside ends the attempt; the later link stands',
    message: '[[a [[b]]',
    expected: [{ raw: '[[b]]', name: 'b' }],
  },
  {
    title: 'three brackets: the link opens at the last two',
    message: '[[[x]]]',
    expected: [{ raw: '[[x]]', name: 'x', start: 1 }],
  },
  {
    title: 'two links back to back',
    message: '[[a]][[b]]',
    expected: [
      { raw: '[[a]]', name: 'a' },
      { raw: '[[b]]', name: 'b' },
    ],
  },
  {
    title: ']] inside a code span does not close the link',
    message: '[[a `]]` b]]',
    expected: [{ raw: '[[a `]]` b]]', name: 'a `]]` b' }],
  },
  {
    title: 'a code span running to the next line breaks the link',
    message: '[[a `b\nc` d]]',
    expected: none,
  },
];

const mentionCases: Case[] = [
  { title: 'at the start', message: '@post', expected: [{ raw: '@post', name: 'post' }] },
  ...[
    '@post.',
    '@post,',
    '@post;',
    '@post!',
    '@post?',
    '(@post)',
    "@post's",
    '@post’s',
    '@post...',
  ].map(
    (message): Case => ({
      title: `trailing punctuation: ${message}`,
      message,
      expected: [{ raw: '@post', name: 'post' }],
    }),
  ),
  {
    title: 'trailing - / _ are not part of the name',
    message: '@a- @b/ @c_',
    expected: [
      { raw: '@a', name: 'a' },
      { raw: '@b', name: 'b' },
      { raw: '@c', name: 'c' },
    ],
  },
  {
    title: 'internal dots, dashes and slashes stay',
    message: '@image.jpg, @v1.2-notes and @notes/pump_log.md.',
    expected: [
      { raw: '@image.jpg', name: 'image.jpg' },
      { raw: '@v1.2-notes', name: 'v1.2-notes' },
      { raw: '@notes/pump_log.md', name: 'notes/pump_log.md' },
    ],
  },
  { title: 'e-mail address', message: 'write to alice@example.com', expected: none },
  { title: 'profile URL', message: 'see https://medium.com/@user and mailto:@x', expected: none },
  { title: 'x@y', message: 'x@y', expected: none },
  { title: 'after _ . + -', message: 'a_@b a.@b a+@b a-@b', expected: none },
  { title: 'after a non-ASCII letter', message: 'Zoë@x 日本@x', expected: none },
  { title: '@ alone', message: 'a @ b @', expected: none },
  { title: '@@ and @@name', message: '@@ @@name', expected: none },
  { title: '@. and punctuation only', message: '@. @... @-_ @/', expected: none },
  { title: '@ then space', message: '@ post', expected: none },
  { title: '@ then emoji', message: '@🙂', expected: none },
  {
    title: 'Latin letters with diacritics',
    message: 'ask @Zoë',
    expected: [{ raw: '@Zoë', name: 'Zoë' }],
  },
  {
    title: 'combining marks stay in the name',
    message: '@Zoe\u0308!',
    expected: [{ raw: '@Zoe\u0308', name: 'Zoe\u0308' }],
  },
  {
    title: 'CJK',
    message: '@日本語ノート を見て',
    expected: [{ raw: '@日本語ノート', name: '日本語ノート' }],
  },
  {
    title: 'astral letters',
    message: '@𠀀𠀁',
    expected: [{ raw: '@𠀀𠀁', name: '𠀀𠀁' }],
  },
  {
    title: 'emoji on both sides',
    message: '🙂@Zoë🙂 👍🏽 @x',
    expected: [
      { raw: '@Zoë', name: 'Zoë' },
      { raw: '@x', name: 'x' },
    ],
  },
  {
    title: 'quoted',
    message: 'see @"Name with spaces".',
    expected: [{ raw: '@"Name with spaces"', name: 'Name with spaces', quoted: true }],
  },
  {
    title: 'curly quotes',
    message: '@“Name with spaces”',
    expected: [{ raw: '@“Name with spaces”', name: 'Name with spaces', quoted: true }],
  },
  {
    title: 'quoted name trimmed',
    message: '@"  Grace  "',
    expected: [{ raw: '@"  Grace  "', name: 'Grace', quoted: true }],
  },
  { title: 'empty and blank quotes', message: '@"" @" " @“”', expected: none },
  {
    title: 'unclosed quote is text and swallows nothing',
    message: '@"Grace Hopper and @bob',
    expected: [{ raw: '@bob', name: 'bob' }],
  },
  {
    title: 'no line break inside quotes',
    message: '@"a\nb" @c',
    expected: [{ raw: '@c', name: 'c' }],
  },
  ...(['content', 'source', 'page', 'file', 'note', 'entity'] as const).map(
    (prefix): Case => ({
      title: `prefix ${prefix}:`,
      message: `@${prefix}:pump-notes`,
      expected: [{ raw: `@${prefix}:pump-notes`, name: 'pump-notes', prefix }],
    }),
  ),
  {
    title: 'prefixes are case-insensitive',
    message: '@SOURCE:a @Content:b @fiLe:c.txt',
    expected: [
      { raw: '@SOURCE:a', name: 'a', prefix: 'source' },
      { raw: '@Content:b', name: 'b', prefix: 'content' },
      { raw: '@fiLe:c.txt', name: 'c.txt', prefix: 'file' },
    ],
  },
  {
    title: 'quoted name after a prefix',
    message: '@source:"Interview with Grace"',
    expected: [
      {
        raw: '@source:"Interview with Grace"',
        name: 'Interview with Grace',
        prefix: 'source',
        quoted: true,
      },
    ],
  },
  {
    title: 'prefix word with nothing after the colon is a plain mention',
    message: '@source: the rest',
    expected: [{ raw: '@source', name: 'source' }],
  },
  {
    title: 'prefix with an unclosed quote is a plain mention',
    message: '@note:"unclosed',
    expected: [{ raw: '@note', name: 'note' }],
  },
  {
    title: '@page: with a number',
    message: '@page:doc.pdf#12.',
    expected: [{ raw: '@page:doc.pdf#12', name: 'doc.pdf', page: 12, prefix: 'page' }],
  },
  {
    title: '@page: without a number',
    message: '@page:doc.pdf',
    expected: [{ raw: '@page:doc.pdf', name: 'doc.pdf', prefix: 'page' }],
  },
  {
    title: '@page: quoted with a number',
    message: '@page:"Field Report.pdf"#3',
    expected: [
      {
        raw: '@page:"Field Report.pdf"#3',
        name: 'Field Report.pdf',
        page: 3,
        prefix: 'page',
        quoted: true,
      },
    ],
  },
  {
    title: '@page: with a word after # is a heading',
    message: '@page:doc.pdf#intro',
    expected: [{ raw: '@page:doc.pdf#intro', name: 'doc.pdf', heading: 'intro', prefix: 'page' }],
  },
  {
    title: 'digits after # without the page prefix are a section id',
    message: '@doc.pdf#12',
    expected: [{ raw: '@doc.pdf#12', name: 'doc.pdf', heading: '12' }],
  },
  {
    title: 'section by id',
    message: '@slug#section-id, next',
    expected: [{ raw: '@slug#section-id', name: 'slug', heading: 'section-id' }],
  },
  {
    title: '# without an id is not part of the mention',
    message: '@slug# @slug#-',
    expected: [
      { raw: '@slug', name: 'slug' },
      { raw: '@slug', name: 'slug' },
    ],
  },
  {
    title: 'section by title: first word in the span, the line in sectionRest',
    message: 'in @slug:Risks and Mitigations  \nnext line',
    expected: [
      {
        raw: '@slug:Risks',
        name: 'slug',
        sectionTitle: 'Risks',
        sectionRest: 'Risks and Mitigations',
      },
    ],
  },
  {
    title: 'sectionRest is capped',
    message: `@slug:${'word '.repeat(60)}`,
    expected: [
      {
        raw: '@slug:word',
        name: 'slug',
        sectionTitle: 'word',
        sectionRest: 'word '.repeat(60).slice(0, SECTION_REST_MAX_LENGTH).trimEnd(),
      },
    ],
  },
  {
    title: 'section by quoted title',
    message: '@slug:"Multi Word Title" more',
    expected: [{ raw: '@slug:"Multi Word Title"', name: 'slug', sectionTitle: 'Multi Word Title' }],
  },
  {
    title: 'colon then space is punctuation',
    message: '@post: look',
    expected: [{ raw: '@post', name: 'post' }],
  },
  {
    title: 'colon at the end is punctuation',
    message: 'ask @post:',
    expected: [{ raw: '@post', name: 'post' }],
  },
  {
    title: 'quoted name with section id',
    message: '@"My Post"#intro',
    expected: [{ raw: '@"My Post"#intro', name: 'My Post', quoted: true, heading: 'intro' }],
  },
  {
    title: 'quoted name with section title',
    message: '@"My Post":Intro part',
    expected: [
      {
        raw: '@"My Post":Intro',
        name: 'My Post',
        quoted: true,
        sectionTitle: 'Intro',
        sectionRest: 'Intro part',
      },
    ],
  },
  {
    title: 'quoted name with quoted section title',
    message: '@“My Post”:“Intro Part”',
    expected: [
      { raw: '@“My Post”:“Intro Part”', name: 'My Post', quoted: true, sectionTitle: 'Intro Part' },
    ],
  },
  {
    title: 'prefix, name and section title',
    message: '@content:pump-notes:Intro',
    expected: [
      {
        raw: '@content:pump-notes:Intro',
        name: 'pump-notes',
        prefix: 'content',
        sectionTitle: 'Intro',
        sectionRest: 'Intro',
      },
    ],
  },
  {
    title: 'several references on one line',
    message: 'Compare @a, @"b c" and [[d#e]] with ![[f]];@g',
    expected: [
      { raw: '@a', name: 'a' },
      { raw: '@"b c"', name: 'b c', quoted: true },
      { raw: '[[d#e]]', name: 'd', heading: 'e' },
      { raw: '![[f]]', name: 'f', embed: true },
      { raw: '@g', name: 'g' },
    ],
  },
  {
    title: 'mention right after a link',
    message: '[[a]]@b',
    expected: [
      { raw: '[[a]]', name: 'a' },
      { raw: '@b', name: 'b' },
    ],
  },
  {
    title: 'a link inside a quoted mention belongs to the mention',
    message: '@"see [[x]]"',
    expected: [{ raw: '@"see [[x]]"', name: 'see [[x]]', quoted: true }],
  },
];

const citationCases: Case[] = [
  {
    title: 'a source of the previous answer',
    message: 'tell me more about [2]',
    expected: [{ raw: '[2]', citation: 2 }],
  },
  {
    title: 'chained sources',
    message: 'compare [1][3].',
    expected: [
      { raw: '[1]', citation: 1 },
      { raw: '[3]', citation: 3 },
    ],
  },
  {
    title: 'in parentheses, at the start, before punctuation',
    message: '[4] says so (see [12]), right?',
    expected: [
      { raw: '[4]', citation: 4 },
      { raw: '[12]', citation: 12 },
    ],
  },
  {
    title: 'beside a wikilink and a mention',
    message: '[[Pump]] [1] @a',
    expected: [
      { raw: '[[Pump]]', name: 'Pump' },
      { raw: '[1]', citation: 1 },
      { raw: '@a', name: 'a' },
    ],
  },
  { title: 'zero is no source', message: 'about [0]', expected: none },
  { title: 'four digits read as a year', message: 'in [2024]', expected: none },
  { title: 'not a number', message: '[2a] [ 2] [2 ] [-1] [1.5] [^1]', expected: none },
  { title: 'indexing a word', message: 'x[1] and é[2] and a_[3]', expected: none },
  { title: 'an inline link', message: 'see [1](https://x.org)', expected: none },
  {
    title: 'inside link text',
    message: 'see [the [1] note](n.md) or [2]',
    expected: [{ raw: '[2]', citation: 2 }],
  },
  { title: 'inside a link destination', message: '[a](x/[1]) b', expected: none },
  { title: 'a reference-style link', message: '[1][ref] and [2][]', expected: none },
  { title: 'a link definition', message: '  [1]: https://x.org', expected: none },
  {
    title: 'a colon after [n] inside a line',
    message: 'and [1]: is it right?',
    expected: [{ raw: '[1]', citation: 1 }],
  },
  { title: 'an image', message: '![1]', expected: none },
  { title: 'nested brackets', message: '[[1] x\n[2]]', expected: none },
  {
    title: 'a wikilink named by a number',
    message: '[[1]]',
    expected: [{ raw: '[[1]]', name: '1' }],
  },
  { title: 'in inline code', message: '`[1]` [2]', expected: [{ raw: '[2]', citation: 2 }] },
  {
    title: 'in fenced code',
    message: '```\n[1]\n```\n[2]',
    expected: [{ raw: '[2]', citation: 2 }],
  },
  { title: 'escaped', message: '\\[1] [2\\]', expected: none },
];

const escapeCases: Case[] = [
  { title: '\\[[ is text', message: '\\[[x]]', expected: none },
  {
    title: '\\\\[[ is an escaped backslash, then a link',
    message: '\\\\[[x]]',
    expected: [{ raw: '[[x]]', name: 'x' }],
  },
  { title: 'three backslashes escape again', message: '\\\\\\[[x]]', expected: none },
  { title: '\\@ is text', message: 'say \\@bob', expected: none },
  {
    title: '\\\\@ is a mention',
    message: '\\\\@bob',
    expected: [{ raw: '@bob', name: 'bob' }],
  },
  {
    title: '\\! makes an embed a plain link',
    message: '\\![[x]]',
    expected: [{ raw: '[[x]]', name: 'x' }],
  },
  {
    title: 'an escaped backtick opens no code span',
    message: '\\`@a`',
    expected: [{ raw: '@a', name: 'a' }],
  },
];

const codeCases: Case[] = [
  {
    title: 'inline code, one backtick',
    message: '`@a [[b]]` @c',
    expected: [{ raw: '@c', name: 'c' }],
  },
  {
    title: 'inline code, two backticks with one inside',
    message: '``@a ` [[b]]`` @c',
    expected: [{ raw: '@c', name: 'c' }],
  },
  {
    title: 'an unmatched backtick is text',
    message: 'it`s @a',
    expected: [{ raw: '@a', name: 'a' }],
  },
  {
    title: 'runs close only on the same length',
    message: '``@a` @b',
    expected: [
      { raw: '@a', name: 'a' },
      { raw: '@b', name: 'b' },
    ],
  },
  { title: 'inline code across a line break', message: '`a\n@b`', expected: none },
  {
    title: 'inline code does not cross a blank line',
    message: '`a\n\n@b`',
    expected: [{ raw: '@b', name: 'b' }],
  },
  {
    title: 'fenced with backticks',
    message: '```ts\n@a [[b]]\n```\n@c',
    expected: [{ raw: '@c', name: 'c' }],
  },
  {
    title: 'fenced with tildes',
    message: '~~~\n@a\n~~~\n@c',
    expected: [{ raw: '@c', name: 'c' }],
  },
  {
    title: 'a fence closes only on its own marker',
    message: '```\n~~~\n@a\n```\n@c',
    expected: [{ raw: '@c', name: 'c' }],
  },
  {
    title: 'a fence closes only on at least its length',
    message: '````\n```\n@a\n````\n@c',
    expected: [{ raw: '@c', name: 'c' }],
  },
  {
    title: 'an unclosed fence runs to the end',
    message: 'x\n```\n@a\n\n[[b]]',
    expected: none,
  },
  {
    title: 'fences may be indented up to three spaces',
    message: '   ```\n@a\n   ```\n@c',
    expected: [{ raw: '@c', name: 'c' }],
  },
  {
    title: 'four spaces is not a fence',
    message: '    ```\n@a',
    expected: [{ raw: '@a', name: 'a' }],
  },
  {
    title: 'a closing fence has nothing after it',
    message: '```\n``` x\n@a\n```  \n@c',
    expected: [{ raw: '@c', name: 'c' }],
  },
  {
    title: 'a backtick in the info string makes it inline, not a fence',
    message: '```a`b\n@c',
    expected: [{ raw: '@c', name: 'c' }],
  },
  {
    title: 'CRLF line endings',
    message: '```\r\n@a\r\n```\r\n@c\r\n',
    expected: [{ raw: '@c', name: 'c' }],
  },
  {
    title: 'code before the same text outside code',
    message: '`@a` @a',
    expected: [{ raw: '@a', name: 'a', start: 5 }],
  },
];

describe('parseReferences', () => {
  describe.each([
    ['wikilinks', wikilinkCases],
    ['mentions', mentionCases],
    ['citations', citationCases],
    ['escapes', escapeCases],
    ['code', codeCases],
  ] as const)('%s', (_group, cases) => {
    // `longer` (the readings over the next words) is checked where a case names it.
    it.each(cases)('$title', ({ message, expected }) => {
      const found = parseReferences(message).map((r, i) =>
        expected[i] && 'longer' in (expected[i] as Expected) ? r : { ...r, longer: [] },
      );
      expect(found).toEqual(complete(message, expected));
    });
  });

  it('returns nothing for an empty message', () => {
    expect(parseReferences('')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

/** The contract every result keeps, whatever the input; broken promises come back as text. */
function contractBreaches(message: string, references: readonly ParsedReference[]): string[] {
  const breaches: string[] = [];
  let previousEnd = 0;
  for (const [index, r] of references.entries()) {
    const at = `#${index} ${JSON.stringify(r.raw)}`;
    if (r.start < previousEnd) breaches.push(`${at} starts before the previous one ends`);
    if (r.end <= r.start) breaches.push(`${at} is empty`);
    if (message.slice(r.start, r.end) !== r.raw) breaches.push(`${at} does not slice the message`);
    if (r.syntax === 'mention') {
      if (!r.raw.startsWith('@')) breaches.push(`${at} is a mention without @`);
      if (r.name === '') breaches.push(`${at} is a mention without a name`);
    } else if (r.syntax === 'citation') {
      if (r.raw !== `[${r.citation}]`) breaches.push(`${at} is not [n] with its number`);
      if ((r.citation ?? 0) < 1) breaches.push(`${at} names no source number`);
    } else {
      if (!/^!?\[\[[^\n\r]*\]\]$/.test(r.raw)) breaches.push(`${at} is not shaped like a wikilink`);
      if (r.embed !== r.raw.startsWith('!')) breaches.push(`${at} has embed wrong`);
    }
    previousEnd = r.end;
  }
  return breaches;
}

function expectWellFormed(message: string, references: readonly ParsedReference[]): void {
  expect(contractBreaches(message, references)).toEqual([]);
}

const grammarPiece = fc.oneof(
  fc.constantFrom(
    '[[',
    ']]',
    '![[',
    '[',
    ']',
    '@',
    '"',
    '“',
    '”',
    '#',
    '#^',
    '|',
    ':',
    '`',
    '``',
    '```',
    '~~~',
    '\n',
    '\r\n',
    '\n\n',
    '\\',
    ' ',
    '   ',
    '.',
    "'",
    'page:',
    'Source:',
    'page=3',
    'Name',
    'a',
    'Zoë',
    '日本',
    '🙂',
    '12',
    '[1]',
    '[23]',
    '(',
    ')',
    '](',
  ),
  fc.string({ maxLength: 4 }),
);
const grammarish = fc.array(grammarPiece, { maxLength: 60 }).map((pieces) => pieces.join(''));

/** Text of words, spaces and mentions: where multi-word names live. */
const wordy = fc
  .array(
    fc.constantFrom(
      ...['@', '@note:', '@page:', '@"', '"', 'field', 'Trial', 'lessons.md', 'Zoë', '42', '-x'],
      ...[' ', '  ', '   ', '\t', '\n', '#x', ':Y', ':"Z"', ',', '.', '`', '[[a]]', '[1]'],
    ),
    { maxLength: 40 },
  )
  .map((pieces) => pieces.join(''));

describe('parseReferences: properties', () => {
  it('reads multi-word names as longer readings that slice the message, longest first, bounded', () => {
    fc.assert(
      fc.property(fc.oneof(wordy, grammarish), (message) => {
        const references = parseReferences(message);
        references.forEach((r, i) => {
          if (r.quoted || r.syntax !== 'mention' || r.longer.length === 0) return;
          expect(r.longer.length).toBeLessThan(MAX_NAME_WORDS);
          let previousEnd = Number.POSITIVE_INFINITY;
          for (const longer of r.longer) {
            expect(message.slice(r.start, longer.end)).toBe(longer.raw);
            expect(longer.end).toBeLessThan(previousEnd);
            expect(longer.end).toBeGreaterThan(r.end);
            expect(longer.name.startsWith(r.name)).toBe(true);
            expect(/[\n\r]/.test(longer.raw)).toBe(false);
            // No reference the parser found starts inside a longer reading.
            expect(longer.end <= (references[i + 1]?.start ?? message.length)).toBe(true);
            previousEnd = longer.end;
          }
        });
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    ['@field trial lessons', ['@field trial lessons', '@field trial']],
    ['@field trial lessons, please', ['@field trial lessons', '@field trial']],
    ['@field trial lessons#risks now', ['@field trial lessons#risks', '@field trial']],
    ['@field  trial', ['@field  trial']],
    ['@field   trial', []],
    ['@field, trial', []],
    ['@field - trial', []],
    ['@"field" trial', []],
    ['@field#x trial', []],
    ['@note:Alice Smith', ['@note:Alice Smith']],
    ['@page:doc.pdf#2 more', []],
    ['@a b c d e f g h', ['@a b c d e f', '@a b c d e', '@a b c d', '@a b c', '@a b']],
    ['@a @b', []],
    ['@a\nb', []],
  ])('%j reads the longer names %j', (message, raws) => {
    expect(parseReferences(message)[0]?.longer.map((l) => l.raw)).toEqual(raws);
  });

  it.each([
    ['UTF-16 code units', fc.string({ maxLength: 200 })],
    ['graphemes', fc.string({ unit: 'grapheme', maxLength: 100 })],
    ['binary, lone surrogates included', fc.string({ unit: 'binary', maxLength: 200 })],
    ['grammar fragments', grammarish],
  ])('never throws and keeps exact, ordered, non-overlapping spans on %s', (_unit, strings) => {
    fc.assert(
      fc.property(strings, (message) => {
        expectWellFormed(message, parseReferences(message));
      }),
      { numRuns: 500 },
    );
  });

  it('finds each reference again, the same, when it stands alone', () => {
    fc.assert(
      fc.property(fc.oneof(grammarish, wordy), (message) => {
        for (const { sectionRest, longer: _, ...reference } of parseReferences(message)) {
          const alone = parseReferences(reference.raw);
          expect(alone).toHaveLength(1);
          const { sectionRest: aloneRest, longer: __, ...rest } = alone[0] as ParsedReference;
          expect(rest).toEqual({ ...reference, start: 0, end: reference.raw.length });
          if (sectionRest !== null) {
            expect(aloneRest).toBe(reference.sectionTitle);
            const title = reference.sectionTitle ?? '';
            expect(sectionRest.startsWith(title) || title.startsWith(sectionRest)).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('does not depend on what stands before a blank line', () => {
    fc.assert(
      fc.property(grammarish, (message) => {
        const lead = '@x [[y]] `z\n\n';
        const shifted = parseReferences(lead + message).slice(2);
        const plain = parseReferences(message).map((r) => ({
          ...r,
          start: r.start + lead.length,
          end: r.end + lead.length,
        }));
        expect(shifted).toEqual(plain);
      }),
      { numRuns: 300 },
    );
  });

  it('finds nothing inside a fence no line of the message can close', () => {
    fc.assert(
      fc.property(grammarish, (message) => {
        const longest = Math.max(0, ...(message.match(/~+/g) ?? []).map((run) => run.length));
        const fence = '~'.repeat(Math.max(3, longest + 1));
        expect(parseReferences(`${fence}\n${message}`)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a [n] that stands on its own line after a blank line, with its number', () => {
    fc.assert(
      fc.property(
        grammarish.filter((m) => !m.includes('```') && !m.includes('~~~')),
        fc.integer({ min: 1, max: 999 }),
        (message, n) => {
          const found = parseReferences(`${message}\n\n[${n}]`).at(-1);
          expect(found).toMatchObject({ syntax: 'citation', raw: `[${n}]`, citation: n });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds no [n] inside the text of a Markdown link', () => {
    fc.assert(
      fc.property(grammarish, (message) => {
        for (const reference of parseReferences(message)) {
          if (reference.syntax !== 'citation') continue;
          const linked = parseReferences(`[see ${reference.raw} here](u)`);
          expect(linked.filter((r) => r.syntax === 'citation')).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('finds nothing once every backslash, @ and [ is escaped', () => {
    fc.assert(
      fc.property(grammarish, (message) => {
        const escaped = message.replace(/[\\@[]/g, (c) => `\\${c}`);
        expect(parseReferences(escaped)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseReferences: huge inputs', () => {
  const repeat = (piece: string, times: number) => piece.repeat(times);
  it.each([
    ['unclosed [[', repeat('[[a', 200_000)],
    ['bare @', repeat('@', 600_000)],
    ['backticks', repeat('`', 600_000)],
    ['[[, @, " and ` mixed', repeat('[[a @"b `', 200_000)],
    ['unclosed curly quotes', repeat('@“', 300_000)],
    ['section titles on one long line', repeat('@a:b ', 200_000)],
    [
      'backtick runs of every length',
      Array.from({ length: 1000 }, (_, i) => '`'.repeat(i + 1)).join(' '),
    ],
    ['fence openers', repeat('````\n```\n', 100_000)],
    ['embed openers', repeat('![[', 200_000)],
    ['unclosed link texts', repeat('[a [1] ', 150_000)],
    ['link texts without destinations closing', repeat('[1](x [2] ', 100_000)],
    ['mentions followed by words', repeat('@a b c d e f g ', 80_000)],
    ['mentions each followed by a long word', repeat(`@a ${'b'.repeat(5_000)} `, 200)],
  ])(
    '%s',
    (_name, message) => {
      expectWellFormed(message, parseReferences(message));
    },
    20_000,
  );

  it('a 1 MB message of ordinary references', () => {
    const line = 'See [[Pump#Risks|risks]], @content:pump:Intro, `@code` and @"Big Doc"#s1.\n';
    const message = line.repeat(Math.ceil(1_000_000 / line.length));
    const references = parseReferences(message);
    expect(references).toHaveLength((3 * message.length) / line.length);
    expectWellFormed(message, references);
  }, 20_000);
});
