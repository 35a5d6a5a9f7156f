import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entry } from '../../testing/reference-catalog-fixture.ts';
import { NameIndex, trigramsOf } from './name-index.ts';
import { normalizeName } from './normalize-name.ts';
import type { CatalogName } from './reference-catalog.ts';

const word = fc.stringMatching(/^[a-d]{1,4}$/);
const nameText = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));

const build = (texts: readonly string[]) => {
  const names: CatalogName[] = texts.map((text, i) => ({
    entry: entry(`n${i}.md`),
    text,
    normalized: normalizeName(text),
    source: 'title',
  }));
  return { names, index: new NameIndex(names) };
};

const sorted = (names: Iterable<CatalogName>) =>
  [...names].map((n) => n.normalized + n.entry.path).sort();

describe('NameIndex agrees with a plain scan', () => {
  it('for exact, prefix, word-prefix and substring lookups', () => {
    fc.assert(
      fc.property(fc.array(nameText, { maxLength: 40 }), nameText, (texts, query) => {
        const { names, index } = build(texts);
        const key = normalizeName(query);
        expect(sorted(index.equal(key))).toEqual(sorted(names.filter((n) => n.normalized === key)));
        expect(sorted(index.startingWith(key))).toEqual(
          sorted(names.filter((n) => n.normalized.startsWith(key))),
        );
        const wordHits = names.filter((n) =>
          n.normalized
            .split(' ')
            .slice(1)
            .some((_, i, all) => all.slice(i).join(' ').startsWith(key)),
        );
        expect(new Set(sorted(index.wordStartingWith(key)))).toEqual(new Set(sorted(wordHits)));
        const contains = key.length >= 3 ? names.filter((n) => n.normalized.includes(key)) : [];
        expect(sorted(index.containing(key))).toEqual(sorted(contains));
      }),
    );
  });
});

describe('NameIndex.similar', () => {
  it('puts names sharing the most trigrams first and respects the limit', () => {
    const { index } = build(['pump design', 'pump designs', 'budget', 'pmup desing']);
    const similar = index.similar('pump desig', 2).map((n) => n.normalized);
    expect(similar).toEqual(['pump design', 'pump designs']);
    expect(index.similar('zzzz', 5)).toEqual([]);
  });

  it('pads trigrams so two-letter words still have some', () => {
    expect(trigramsOf('ab')).toEqual([' ab', 'ab ']);
  });
});
