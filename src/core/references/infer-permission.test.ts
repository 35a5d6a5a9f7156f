import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleCatalog } from '../../testing/reference-catalog-fixture.ts';
import { type ChatMode, inferPermission } from './infer-permission.ts';
import type { ReferencePermission } from './reference.ts';
import { resolveReferences } from './resolve-references.ts';

/** Runs inference on the first `@…` mention of a message (up to the next space or the end). */
const permissionOf = (message: string, mode: ChatMode = 'agent'): ReferencePermission => {
  const start = message.indexOf('@');
  const space = message.indexOf(' ', start);
  return inferPermission(message, start, space === -1 ? message.length : space, mode);
};

describe('inferPermission reads the verbs around a reference', () => {
  it.each([
    ['Summarize @my-post', 'read'],
    ['Edit @my-post to add keywords', 'write'],
    ['Please rewrite the intro of @my-post', 'write'],
    ['Fix the typos in @my-post.', 'write'],
    ['Add @photo.jpg to the post', 'insert'],
    ['Insert a chart into @my-post', 'insert'],
    ['I edited things yesterday. What does @my-post say?', 'read'],
    ['Edited yesterday:\n@my-post', 'read'],
    ['Open a.md and fix @my-post', 'write'],
    ['Could you @my-post editing', 'write'],
    ['We are adding @photo.jpg', 'insert'],
    ['Put it in @my-post then edit it', 'insert'],
    ['Edit one two three four five six @my-post', 'read'],
    ['Edit one two three four five @my-post', 'write'],
    ['@my-post one two three four five six edit', 'read'],
    ['@my-post one two three four five edit', 'write'],
    ['Fix.@my-post', 'read'],
    ['Read @my-post and stop. Then edit it', 'read'],
    ['Fix 123 456 !!! @my-post', 'read'],
    ['Fix 123 456 ,,, @my-post', 'write'],
  ] as const)('%j → %s', (message, permission) => {
    expect(permissionOf(message)).toBe(permission);
  });

  it('keeps every reference read-only in chat mode', () => {
    expect(permissionOf('Edit @my-post', 'chat')).toBe('read');
  });

  /** The definition, read literally: rescan the sentence around the reference each time. */
  const byDefinition = (message: string, start: number, end: number): ReferencePermission => {
    const sentenceEnd = /[.?!](?=\s|$)|\n/g;
    const verb = (word: string): ReferencePermission | null => {
      const forms = [
        word,
        word.replace(/(ing|ed|es|s)$/, ''),
        word.replace(/(ing|ed)$/, 'e'),
        word.replace(/(.)\1(ing|ed)$/, '$1'),
      ];
      if (forms.some((f) => ['edit', 'fix', 'tidy', 'clean'].includes(f))) return 'write';
      if (forms.some((f) => ['add', 'put', 'paste'].includes(f))) return 'insert';
      return null;
    };
    const head = message.slice(0, start);
    const from = Math.max(0, ...[...head.matchAll(sentenceEnd)].map((m) => m.index + 1));
    const words = (text: string) => [...text.toLowerCase().matchAll(/\p{L}+/gu)].map((m) => m[0]);
    for (const word of words(message.slice(from, start)).slice(-6).reverse())
      if (verb(word)) return verb(word) as ReferencePermission;
    const tail = message.slice(end);
    const stop = tail.search(sentenceEnd);
    for (const word of words(stop === -1 ? tail : tail.slice(0, stop)).slice(0, 6))
      if (verb(word)) return verb(word) as ReferencePermission;
    return 'read';
  };

  it('agrees with the rescanning definition on random messages', () => {
    const piece = fc.constantFrom(
      ...['edit', 'Fixed', 'tidying', 'adds', 'PUT', 'paste', 'the', 'a.md', 'İx', 'ΑΣ', '42'],
      ...[' ', '  ', '.', '. ', '!', '?\t', '\n', '@', '@a', '[[b]]', ',', 'x'],
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }).map((p) => p.join('')),
        fc.nat(),
        fc.nat(),
        (message, a, b) => {
          const start = a % (message.length + 1);
          const end = start + (b % (message.length - start + 1));
          expect(inferPermission(message, start, end, 'agent')).toBe(
            byDefinition(message, start, end),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('reference resolution time grows linearly with the message', () => {
  const catalog = sampleCatalog();
  const repeated = (unit: string, length: number) =>
    unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  const millisFor = (message: string, mode: ChatMode) => {
    const begun = performance.now();
    resolveReferences(message, catalog, { mode });
    return performance.now() - begun;
  };
  const fastestOf = (runs: number, measure: () => number) =>
    Math.min(...Array.from({ length: runs }, measure));

  // Eight times the text may cost about eight times as long; a rescan per reference costs ~64×.
  it.each([
    ['@a ', 'agent'],
    ['@a ', 'chat'],
    ['Edit @a and ', 'agent'],
    ['@1 ', 'agent'],
  ] as const)(
    '%j repeated, %s mode: 32k characters cost under 20× what 4k cost',
    (unit, mode) => {
      const small = repeated(unit, 4_000);
      const large = repeated(unit, 32_000);
      millisFor(small, mode);
      millisFor(large, mode);
      const ratio =
        fastestOf(3, () => millisFor(large, mode)) / fastestOf(3, () => millisFor(small, mode));
      expect(ratio).toBeLessThan(20);
    },
    120_000,
  );
});
