import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** An input shape that makes naive parsers slow: long runs of one piece, or deep nesting. */
export interface AdversarialShape {
  readonly name: string;
  /** An input of about `size` characters. */
  build(size: number): string;
}

const repeated = (piece: string): AdversarialShape => ({
  name: `${JSON.stringify(piece)} repeated`,
  build: (size) => piece.repeat(Math.max(1, Math.ceil(size / piece.length))),
});

const nested = (name: string, open: string, close: string, inner = 'x'): AdversarialShape => ({
  name,
  build: (size) => {
    const depth = Math.max(1, Math.ceil(size / (open.length + close.length)));
    return open.repeat(depth) + inner + close.repeat(depth);
  },
});

/** Lines each indented one step deeper than the last: a nested list written out. */
const indentedList: AdversarialShape = {
  name: 'list nested one indent deeper per line',
  build: (size) => {
    const lines: string[] = [];
    let used = 0;
    for (let depth = 0; used < size; depth++) {
      const line = `${'  '.repeat(depth)}- a`;
      lines.push(line);
      used += line.length + 1;
    }
    return lines.join('\n');
  },
};

/** The shapes parsers are timed on (repeated `[[`, `@`, `#`, `\`, one character, nesting), by name. */
export const ADVERSARIAL_SHAPES: readonly AdversarialShape[] = [
  ...[
    '[[',
    '[[a',
    '![[a|',
    ']]',
    '@',
    '@a ',
    '@"a ',
    '#',
    '#^',
    '\\',
    '\\[',
    'a',
    ' ',
    '\n',
    '`',
    '[',
    '[1]',
    '[1,',
    'e.g. ',
    'a. ',
    '*_',
    '- ',
    '> ',
    '---\n',
    'a: &a b\n',
    '|a',
    "'",
    'http://a',
  ].map(repeated),
  nested('nested [ ]', '[', ']'),
  nested('nested [[ ]]', '[[', ']]'),
  nested('nested ( )', '(', ')'),
  nested('nested YAML flow mappings', '{a: ', '}', '1'),
  indentedList,
];

/** The shapes of these names (as {@link ADVERSARIAL_SHAPES} names them: `"[["` for `[[` repeated). */
export function shapesNamed(names: readonly string[]): AdversarialShape[] {
  return names.map((name) => {
    const shape = ADVERSARIAL_SHAPES.find(
      (s) => s.name === name || s.name === `${JSON.stringify(name)} repeated`,
    );
    if (!shape) throw new Error(`no adversarial shape ${JSON.stringify(name)}`);
    return shape;
  });
}

// A young-generation collection before each timing, so garbage of the previous run is not
// collected during this one (a full collection would cost more than most timings).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
const collectGarbage = () => gc({ type: 'minor' });

/**
 * Fastest of `runs` timings of `reps` calls of `fn(input)`, in milliseconds per call: the least
 * disturbed by collection or by other work on the machine (which only ever adds time).
 */
export function fastestMs(
  fn: (input: string) => unknown,
  input: string,
  runs: number,
  reps = 1,
): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    collectGarbage();
    const started = performance.now();
    for (let r = 0; r < reps; r++) fn(input);
    best = Math.min(best, (performance.now() - started) / reps);
  }
  return best;
}

/** One call this slow on a timed input is reported at once, without more timings. */
const SLOW_CALL_MS = 1_000;

/** How much longer `fn` takes on an input four times as large: near 4 when linear, 16 when quadratic. */
export interface GrowthMeasure {
  readonly size: number;
  readonly smallMs: number;
  readonly largeMs: number;
  readonly ratio: number;
}

/**
 * Times `fn` on the shape at `size` characters and at four times that; the ratio, not an absolute
 * time, is what tests assert, so a slow or busy machine does not fail them. Calls are repeated
 * until one timing lasts about `batchMs`, so the timer's resolution does not decide. Keep sizes
 * small (a few thousand characters): an array past about 16,000 elements lands in V8's large
 * object space, and filling it costs superlinear time (×10–×25 per 4×) whatever the algorithm.
 */
export function measureGrowth(
  fn: (input: string) => unknown,
  shape: AdversarialShape,
  options: { size?: number; runs?: number; batchMs?: number } = {},
): GrowthMeasure {
  const { size = 2_000, runs = 5, batchMs = 2 } = options;
  const small = shape.build(size);
  const large = shape.build(size * 4);
  const once = fastestMs(fn, small, 1);
  const largeOnce = fastestMs(fn, large, 1);
  // Far past linear already: more timings would only make the test slow.
  if (largeOnce > SLOW_CALL_MS)
    return { size, smallMs: once, largeMs: largeOnce, ratio: largeOnce / Math.max(once, 0.001) };
  const reps = Math.max(1, Math.min(200, Math.ceil(batchMs / Math.max(once, 0.005))));
  const smallMs = fastestMs(fn, small, runs, reps);
  const largeMs = fastestMs(fn, large, runs, Math.max(1, Math.ceil(reps / 4)));
  // A floor of a microsecond keeps a call too fast to time from dividing by nothing.
  return { size, smallMs, largeMs, ratio: largeMs / Math.max(smallMs, 0.001) };
}
