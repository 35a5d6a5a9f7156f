import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { FUZZ_TARGETS, type FuzzTarget } from './fuzz-targets.ts';
import {
  ADVERSARIAL_SHAPES,
  type AdversarialShape,
  measureGrowth,
  shapesNamed,
} from './linear-time.ts';

// Every parser of user input, fed random and grammar-shaped text: none throws, every span it
// returns lies inside its input, and none takes more than linear time on adversarial shapes.
// `npm test` runs a few thousand inputs; `npm run test:fuzz` (FOOTNOTE_FUZZ_INPUTS=100000) the long run.

const TOTAL_INPUTS = Number(process.env.FOOTNOTE_FUZZ_INPUTS ?? 3_000);
const RUNS_PER_TARGET = Math.max(1, Math.ceil(TOTAL_INPUTS / FUZZ_TARGETS.length / 2));
/** Time on four times the input over time on the input: 4 is linear, 16 quadratic. */
const MAX_GROWTH = 8;
/** The long run times every parser on every shape, at its size and at four times that. */
const LONG_RUN = process.env.FOOTNOTE_LONG_RUN === '1';

/** Pieces of every syntax the parsers read, so random joins reach their deep branches. */
const piece = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '[[',
      ']]',
      '![[',
      '[',
      ']',
      '|',
      '\\|',
      '#',
      '#^',
      '^id',
      '@',
      '@"',
      '"',
      '“',
      '@content:',
      '@page:',
      'doc.pdf#3',
      ':',
      '`',
      '```',
      '~~~',
      '\\',
      '\\[[',
      '\\@',
      '\n',
      '\r\n',
      '\r',
      '\n\n',
      ' ',
      '    ',
      '\t',
      '\u0000',
      '\u0007',
      '\u200b',
      '\ufeff',
      '\ud800',
      '\udc00',
      '🙂',
      'é',
      'e\u0301',
      '日本',
      '---\n',
      '...\n',
      'title: ',
      'aliases: [',
      '&a ',
      '*a ',
      '<<: *a',
      '{',
      '}',
      '- ',
      '* ',
      '1. ',
      '> ',
      '# ',
      '## ',
      '|---|',
      '[1]',
      '[1, 2]',
      '[1-3]',
      '[Page 3 of Doc]',
      '[^1]',
      '(',
      ')',
      '](',
      'http://x.y/',
      '<a>',
      '**',
      '_',
      '.',
      'e.g.',
      'Dr.',
      '3.5',
      '?',
      '!',
      'name',
      'Pump',
      'a',
      'email: a@b.c',
      'mentors: [[Bob]]',
      'joined: 2024-13-45',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);
const grammarish = fc.array(piece, { maxLength: 80 }).map((pieces) => pieces.join(''));
const anyText = fc.oneof(
  { weight: 3, arbitrary: grammarish },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
);

let inputs = 0;

afterAll(() => {
  // The count is the figure the long run reports.
  process.stdout.write(`parser fuzz: ${inputs} inputs over ${FUZZ_TARGETS.length} parsers\n`);
});

describe('parser fuzz', () => {
  it.each(FUZZ_TARGETS.map((target) => [target.name, target] as const))(
    '%s never throws and keeps its spans inside the input',
    (_name, target) => {
      // Half the runs on any text, half on a frontmatter block and a body, as a note is written.
      fc.assert(
        fc.property(anyText, (input) => {
          inputs++;
          target.check(input);
        }),
        { numRuns: RUNS_PER_TARGET },
      );
      fc.assert(
        fc.property(grammarish, grammarish, (yaml, body) => {
          inputs++;
          target.check(`---\n${yaml}\n---\n${body}`);
        }),
        { numRuns: RUNS_PER_TARGET },
      );
    },
    120_000,
  );
});

/**
 * Shapes on which a parser is known to be slower than linear, with why. They are left out of the
 * assertions (each would take seconds, and fail); the long run (`npm run test:fuzz`) times them and
 * prints the figures, so the day one is fixed it shows, and it can leave this list.
 */
const KNOWN_SUPERLINEAR: ReadonlyArray<{
  targets: readonly string[];
  shapes: readonly string[];
  why: string;
}> = [
  {
    targets: [
      'Markdown structure (parseMarkdown)',
      'Markdown document and its chunks (readMarkdownDocument, chunkDocument)',
    ],
    shapes: [
      '[[',
      '[[a',
      ']]',
      '![[a|',
      '[',
      '\\',
      '\\[',
      '[1]',
      '|a',
      '*_',
      '> ',
      '- ',
      'nested [ ]',
      'nested [[ ]]',
      'list nested one indent deeper per line',
    ],
    why: 'micromark (remark-parse + remark-gfm) takes quadratic time on runs of brackets, escapes, emphasis markers and table pipes, and on nested block quotes and lists (issue 12, defects 1 and 2; src/workspace/parse-markdown.ts)',
  },
];
const knownSlow = (target: FuzzTarget, shape: AdversarialShape) =>
  KNOWN_SUPERLINEAR.some(
    (k) => k.targets.includes(target.name) && shapesNamed(k.shapes).includes(shape),
  );

/** Why a timed run grew too fast, or null when it grew linearly. */
function tooSlow(target: FuzzTarget, shape: AdversarialShape, size: number): string | null {
  const run = (input: string) => {
    try {
      target.check(input);
    } catch (error) {
      throw new Error(`${shape.name}: ${(error as Error).message}`);
    }
  };
  // Other work on the machine only ever adds time, and more to the longer timing: a parser is
  // linear if any of three tries (each with more runs) shows it; a quadratic one shows ×16 on
  // every try. Sizes stay put: past about 16,000 array elements V8 moves an array to the large
  // object space, and building it costs superlinear time whatever the algorithm.
  let growth = measureGrowth(run, shape, { size });
  for (let tries = 1; tries < 3 && growth.ratio >= MAX_GROWTH; tries++)
    growth = measureGrowth(run, shape, { size, runs: 5 + 2 * tries });
  if (growth.ratio < MAX_GROWTH) return null;
  return `${shape.name}: ${growth.size} chars ${growth.smallMs.toFixed(3)} ms, ×4 ${growth.largeMs.toFixed(3)} ms (×${growth.ratio.toFixed(1)})`;
}

describe('parsers take linear time on adversarial shapes', () => {
  it.each(FUZZ_TARGETS.map((target) => [target.name, target] as const))(
    '%s',
    (_name, target) => {
      const shapes = (LONG_RUN ? ADVERSARIAL_SHAPES : shapesNamed(target.shapes)).filter(
        (shape) => !knownSlow(target, shape),
      );
      // Larger inputs would time the collector more than the parser (their garbage outgrows the
      // young generation), so the long run times more shapes, not larger ones.
      const slow = shapes
        .map((shape) => tooSlow(target, shape, target.timedSize))
        .filter((why) => why !== null);
      expect(slow).toEqual([]);
    },
    300_000,
  );

  it.runIf(LONG_RUN)(
    'reports how the known superlinear shapes grow (printed, not asserted)',
    () => {
      for (const target of FUZZ_TARGETS) {
        for (const shape of ADVERSARIAL_SHAPES.filter((s) => knownSlow(target, s))) {
          const why = tooSlow(target, shape, 2_000);
          process.stdout.write(
            `known superlinear, ${target.name}: ${why ?? `${shape.name}: now linear — remove it from KNOWN_SUPERLINEAR`}\n`,
          );
        }
      }
    },
    600_000,
  );
});
