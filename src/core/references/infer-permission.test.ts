import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleCatalog } from '../../testing/reference-catalog-fixture.ts';
import { type ChatMode, createPermissionReader, inferPermission } from './infer-permission.ts';
import { parseReferences } from './parse-references.ts';
import { resolveReferences } from './resolve-references.ts';

/** The permission of every reference of a message, in order, as `raw:permission`. */
const permissionsOf = (message: string, mode: ChatMode = 'agent'): string[] => {
  const read = createPermissionReader(message, mode);
  return parseReferences(message).map((r) => `${r.raw}:${read(r.start, r.end)}`);
};

describe('permissions follow the clause each reference sits in', () => {
  it.each([
    // Seed 001's own examples.
    [
      'Add @site-photo.png as the featured image above the conclusion in @why-solar-pumps',
      ['@site-photo.png:read', '@why-solar-pumps:insert'],
    ],
    [
      'Add @image.jpg as the featured image above the conclusion in @my-post',
      ['@image.jpg:read', '@my-post:insert'],
    ],
    ['Please insert a short paragraph about fog into [[Note#Risks]]', ['[[Note#Risks]]:insert']],
    ['Summarize @youtube-transcript', ['@youtube-transcript:read']],
    ['What keywords are in @content.md?', ['@content.md:read']],
    ['Edit @content.md to include more SEO keywords', ['@content.md:write']],
    // The object of an editing verb is written, wherever it stands.
    ['Edit @my-post to add keywords', ['@my-post:write']],
    ['Please rewrite the intro of @my-post', ['@my-post:write']],
    ['Fix the typos in @my-post.', ['@my-post:write']],
    ['Shorten the second and third paragraphs of the conclusion of @my-post', ['@my-post:write']],
    ['Update @a and @b', ['@a:write', '@b:write']],
    ['Edit one two three four five six seven eight @my-post', ['@my-post:write']],
    ['@my-post one two three four five six seven edit', ['@my-post:write']],
    ['Could you @my-post editing', ['@my-post:write']],
    ['@my-post: fix the typos', ['@my-post:write']],
    ['Translate @my-post into French', ['@my-post:write']],
    // What an insert verb adds is read; where it goes gets insert.
    ['Add @photo.jpg to the post', ['@photo.jpg:read']],
    ['Add @photo.jpg to @my-post', ['@photo.jpg:read', '@my-post:insert']],
    ['Insert a chart into @my-post', ['@my-post:insert']],
    ['We are adding @photo.jpg', ['@photo.jpg:read']],
    ['Put it in @my-post then edit it', ['@my-post:insert']],
    ['Place @a and @b below the introduction of @post', ['@a:read', '@b:read', '@post:insert']],
    ['Add a quote from @interview to the end of @post', ['@interview:read', '@post:insert']],
    ['Add a paragraph about @alice at the top of @post', ['@alice:read', '@post:insert']],
    [
      'Add @photo, which Alice took last week near the river, to @post',
      ['@photo:read', '@post:insert'],
    ],
    ['Add a caption to Grace\u2019s photo in @post', ['@post:insert']],
    ['In @post, add a paragraph about fog', ['@post:insert']],
    ['@post: add a paragraph about fog', ['@post:insert']],
    ['@photo.jpg should be added to the post', ['@photo.jpg:read']],
    ['Copy the table from @a into @b', ['@a:read', '@b:insert']],
    ["Don't forget to add @photo to @post", ['@photo:read', '@post:insert']],
    // Sources, topics and infinitives of verbs we do not know only read.
    ['Edit @my-post to match @style-guide', ['@my-post:write', '@style-guide:read']],
    ['Rewrite @draft using @notes', ['@draft:write', '@notes:read']],
    ['Replace the intro of @post with text from @draft', ['@post:write', '@draft:read']],
    ['Update the paragraph about @alice in @post', ['@alice:read', '@post:write']],
    ['Remove @photo from @post', ['@photo:write', '@post:write']],
    // Several clauses in one message; "and" joins objects or opens a clause.
    ['Fix @a and summarize @b', ['@a:write', '@b:read']],
    [
      'Summarize @notes; then add the summary to @post and fix the typos in @other',
      ['@notes:read', '@post:insert', '@other:write'],
    ],
    ['Read @my-post and stop. Then edit it', ['@my-post:read']],
    ['Open a.md and fix @my-post', ['@my-post:write']],
    ['Fix @a and the typos in @b', ['@a:write', '@b:write']],
    ['Edit @a, then add @photo to @b', ['@a:write', '@photo:read', '@b:insert']],
    ['Fix @a, I only need @b for reference', ['@a:write', '@b:read']],
    ['@notes and fix @post', ['@notes:read', '@post:write']],
    ['Compare [[A]] with @"A", then edit [[A]]', ['[[A]]:read', '@"A":read', '[[A]]:write']],
    // Negation.
    ["Don't edit @my-post, just summarize it", ['@my-post:read']],
    ['Do not change @a but fix @b', ['@a:read', '@b:write']],
    ["Edit @a but don't touch @b", ['@a:write', '@b:read']],
    ["Don't edit or change @post", ['@post:read']],
    ['No need to update @post', ['@post:read']],
    ['Without editing @post, list its sections', ['@post:read']],
    ['No, edit @post', ['@post:write']],
    // Questions that only ask read; requests phrased as questions do not.
    ['What does @my-post say?', ['@my-post:read']],
    ['Which sections of @my-post need fixing?', ['@my-post:read']],
    ['Should I edit @my-post?', ['@my-post:read']],
    ['Does @post include a photo?', ['@post:read']],
    ['Could you fix @my-post?', ['@my-post:write']],
    ['Can you add @photo to @post?', ['@photo:read', '@post:insert']],
    ['I edited things yesterday. What does @my-post say?', ['@my-post:read']],
    // Nouns, adjectives and reports that look like verbs.
    ['The update in @post is wrong', ['@post:read']],
    ['@post is correct', ['@post:read']],
    ['Here is the link to @post', ['@post:read']],
    ['I edited @my-post yesterday, summarize it', ['@my-post:read']],
    // Sentences and line breaks end a verb's reach.
    ['Edited yesterday:\n@my-post', ['@my-post:read']],
    ['Fix 123 456 !!! @my-post', ['@my-post:read']],
    ['Fix 123 456 ,,, @my-post', ['@my-post:write']],
    ['Edit @edit-log-notes', ['@edit-log-notes:write']],
    ['Read @edit-this', ['@edit-this:read']],
  ] as const)('%j → %j', (message, expected) => {
    expect(permissionsOf(message)).toEqual(expected);
  });

  it('keeps every reference read-only in chat mode', () => {
    expect(permissionsOf('Edit @my-post and add @a to @b', 'chat')).toEqual([
      '@my-post:read',
      '@a:read',
      '@b:read',
    ]);
  });

  it('reads a span the parser did not take as a reference (`Fix.@my-post`) after its sentence ends', () => {
    const message = 'Fix.@my-post';
    expect(inferPermission(message, 4, message.length, 'agent')).toBe('read');
  });
});

describe('permission inference properties', () => {
  const vocabulary = [
    ...['edit', 'Fixed', 'tidying', 'adds', 'PUT', 'paste', 'summarize', 'the', 'to', 'into'],
    ...['from', 'about', 'and', 'then', "don't", 'what', 'can', 'a.md', 'İx', 'ΑΣ', '42'],
    ...[' ', '  ', '.', '. ', '!', '?', '?\t', '\n', ';', ',', '@', '@a', '[[b]]', '[1]', 'x'],
  ];
  const text = fc.array(fc.constantFrom(...vocabulary), { maxLength: 40 }).map((p) => p.join(''));

  it('never throws and always answers read, write or insert, for any span', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 80 })), fc.nat(), fc.nat(), (m, a, b) => {
        const start = a % (m.length + 1);
        const end = start + (b % (m.length - start + 1));
        expect(['read', 'write', 'insert']).toContain(inferPermission(m, start, end, 'agent'));
        expect(inferPermission(m, start, end, 'chat')).toBe('read');
      }),
      { numRuns: 2000 },
    );
  });

  it('reads each reference from its own sentence: an earlier sentence changes nothing', () => {
    fc.assert(
      fc.property(text, text, (earlier, sentence) => {
        const prefix = `${earlier.replace(/[.?!\s]+$/, '')}x. `;
        const alone = permissionsOf(sentence);
        if (alone.length === 0) return;
        expect(permissionsOf(prefix + sentence).slice(-alone.length)).toEqual(alone);
      }),
      { numRuns: 2000 },
    );
  });

  const verbs = ['Edit', 'Add', 'Insert', 'Fix', 'Summarize', 'Put', 'Rewrite', 'Remove'];
  const preps = ['to', 'into', 'in', 'above', 'from', 'with', 'about', 'of', 'for'];
  const fillers = fc.array(fc.constantFrom('green', 'short', 'very', 'old', 'second', 'quick'), {
    maxLength: 12,
  });

  it('does not depend on how many words stand between a verb and its references', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...verbs),
        fillers,
        fc.array(fc.tuple(fillers, fc.constantFrom(...preps), fillers), { maxLength: 3 }),
        (verb, first, phrases) => {
          const build = (pad: boolean) => {
            const words = (list: readonly string[]) =>
              pad ? list.map((w) => `${w} `).join('') : '';
            let message = `${verb} ${words(first)}@r0`;
            phrases.forEach(([before, prep, after], i) => {
              message += ` ${words(before)}${prep} the ${words(after)}@r${i + 1}`;
            });
            return message;
          };
          const near = permissionsOf(build(false)).map((p) => p.split(':')[1]);
          const far = permissionsOf(build(true)).map((p) => p.split(':')[1]);
          expect(far).toEqual(near);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('reference resolution time grows linearly with the message', () => {
  const catalog = sampleCatalog();
  const repeated = (unit: string, length: number) =>
    unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  /** CPU time of this process, not wall time: other work on a busy machine does not count. */
  const millisFor = (message: string, mode: ChatMode) => {
    const begun = process.cpuUsage();
    resolveReferences(message, catalog, { mode });
    const spent = process.cpuUsage(begun);
    return (spent.user + spent.system) / 1000;
  };
  const fastestOf = (runs: number, measure: () => number) =>
    Math.min(...Array.from({ length: runs }, measure));

  // Eight times the text may cost about what eight short texts cost; a rescan per reference costs
  // eight times that. Both sides take the same time when linear, so a busy machine slows them alike.
  it.each([
    ['@a ', 'agent'],
    ['@a ', 'chat'],
    ['Edit @a and ', 'agent'],
    ['@1 ', 'agent'],
    ['Add @a to @b, ', 'agent'],
    ["don't edit @a or ", 'agent'],
    ['a ', 'agent'],
    ['to ', 'agent'],
  ] as const)(
    '%j repeated, %s mode: one 32k-character message costs under 2.5× eight 4k ones',
    (unit, mode) => {
      const small = repeated(unit, 4_000);
      const large = repeated(unit, 32_000);
      // Warm up first: the first runs measure the compiler, not the code.
      for (let run = 0; run < 3; run++) {
        millisFor(small, mode);
        millisFor(large, mode);
      }
      const eightSmall = () =>
        Array.from({ length: 8 }, () => millisFor(small, mode)).reduce((a, b) => a + b);
      const largeMillis = fastestOf(5, () => millisFor(large, mode));
      expect(largeMillis / fastestOf(5, eightSmall)).toBeLessThan(2.5);
      expect(largeMillis).toBeLessThan(1_000);
    },
    120_000,
  );
});
