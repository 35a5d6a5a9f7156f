import { describe, expect, it } from 'vitest';
import type { CitationJson, ClaimJson, QuoteJson } from '../api/types.ts';
import {
  badgeLabel,
  claimAt,
  listWords,
  supportingPassage,
  supportOfMarker,
  supportOfSource,
  verdictText,
  weakestVerdict,
} from './marker-support.ts';

const quote = (text: string, start: number): QuoteJson => ({
  text,
  start,
  end: start + text.length,
  found: true,
});

const citation = (n: number, extra: Partial<CitationJson> = {}): CitationJson => ({
  n,
  documentId: `doc-${n}`,
  path: `notes/N${n}.md`,
  title: `Note ${n}`,
  kind: 'note',
  chunkId: `chunk-${n}`,
  page: null,
  section: null,
  excerpt: 'excerpt',
  start: 0,
  end: 100,
  quote: quote('the citation-level quote', 10),
  support: 'supported',
  valid: true,
  cited: true,
  ...extra,
});

// "The pump reached 2.6 m3/h [1]. Silt clogged it [1][2]."
const content = 'The pump reached 2.6 m3/h [1]. Silt clogged it [1][2].';
const first = content.indexOf('[1]');
const second = content.indexOf('[1]', first + 1);
const third = content.indexOf('[2]');
const claims: ClaimJson[] = [
  {
    start: 0,
    end: first + 4,
    text: 'The pump reached 2.6 m3/h.',
    markers: [1],
    support: [
      {
        n: 1,
        verdict: 'partial',
        score: 0.6,
        quote: quote('The pump reached 2.5 m3/h.', 40),
        missing: ['2.6'],
      },
    ],
    verdict: 'partial',
  },
  {
    start: first + 5,
    end: content.length,
    text: 'Silt clogged it.',
    markers: [1, 2],
    support: [
      { n: 1, verdict: 'supported', score: 1, quote: quote('Silt clogged it.', 80), missing: [] },
      { n: 2, verdict: 'unsupported', score: 0.1, quote: null, missing: ['Silt'] },
    ],
    verdict: 'supported',
  },
];

describe('claimAt', () => {
  it('finds the claim whose span holds the marker', () => {
    expect(claimAt(claims, first)?.text).toBe('The pump reached 2.6 m3/h.');
    expect(claimAt(claims, second)?.text).toBe('Silt clogged it.');
    expect(claimAt(claims, third)?.text).toBe('Silt clogged it.');
  });

  it('finds none for an unknown offset, one outside every claim, or no claims', () => {
    expect(claimAt(claims, null)).toBeNull();
    expect(claimAt(claims, content.length + 5)).toBeNull();
    expect(claimAt([], first)).toBeNull();
  });
});

describe('supportOfMarker', () => {
  it("takes the verdict and quote of the marker's own claim for that source", () => {
    const a = supportOfMarker(citation(1), claims, first);
    expect(a.verdict).toBe('partial');
    expect(a.quote?.text).toBe('The pump reached 2.5 m3/h.');
    expect(a.missing).toEqual(['2.6']);
    expect(a.claim).toBe('The pump reached 2.6 m3/h.');

    // The same source cited by another claim rests on other words.
    const b = supportOfMarker(citation(1), claims, second);
    expect(b.verdict).toBe('supported');
    expect(b.quote?.text).toBe('Silt clogged it.');
  });

  it('gives the other source of a claim its own verdict, with the citation quote when the claim has none', () => {
    const c = supportOfMarker(citation(2, { support: 'unsupported' }), claims, third);
    expect(c.verdict).toBe('unsupported');
    expect(c.quote?.text).toBe('the citation-level quote');
    expect(c.missing).toEqual(['Silt']);
  });

  it("falls back to the citation's own verdict and quote without a matching claim", () => {
    expect(supportOfMarker(citation(3), claims, third)).toEqual({
      verdict: 'supported',
      quote: quote('the citation-level quote', 10),
      missing: [],
      claim: 'Silt clogged it.',
    });
    expect(supportOfMarker(citation(1, { support: null, quote: null }), [], first)).toEqual({
      verdict: null,
      quote: null,
      missing: [],
      claim: null,
    });
  });
});

describe('verdict words', () => {
  it('says each verdict in words, naming what a partly supported claim lacks', () => {
    expect(verdictText({ verdict: 'supported', missing: [] })).toBe('supported');
    expect(verdictText({ verdict: 'partial', missing: ['2.5'] })).toBe(
      'partly supported: 2.5 not in the source',
    );
    expect(verdictText({ verdict: 'partial', missing: [] })).toBe('partly supported');
    expect(verdictText({ verdict: 'unsupported', missing: ['2.5'] })).toBe(
      'not found in the source',
    );
    expect(verdictText({ verdict: null, missing: [] })).toBe(
      'not checked (answered before citations were checked)',
    );
  });

  it('lists missing words as a person would', () => {
    expect(listWords(['2.5'])).toBe('2.5');
    expect(listWords(['2.5', 'March'])).toBe('2.5 and March');
    expect(listWords(['2.5', 'March', 'Bob'])).toBe('2.5, March and Bob');
  });

  it('puts a doubtful verdict into the accessible name', () => {
    expect(badgeLabel(citation(2), 'unsupported')).toBe(
      'Source 2: Note 2 (not found in the source)',
    );
    expect(badgeLabel(citation(2), 'partial')).toBe('Source 2: Note 2 (partly supported)');
    expect(badgeLabel(citation(2), 'supported')).toBe('Source 2: Note 2');
    expect(badgeLabel(citation(2), null)).toBe('Source 2: Note 2');
  });
});

describe('supportingPassage', () => {
  it('shows the quote unless the source does not back the claim or lacks the quoted words', () => {
    const q = quote('words', 3);
    expect(supportingPassage('supported', q)).toBe(q);
    expect(supportingPassage('partial', q)).toBe(q);
    expect(supportingPassage(null, q)).toBe(q);
    expect(supportingPassage('unsupported', q)).toBeNull();
    expect(supportingPassage('supported', { ...q, found: false })).toBeNull();
    expect(supportingPassage('supported', null)).toBeNull();
  });
});

describe('supportOfSource', () => {
  it('counts the verdicts of every claim that cites the source', () => {
    const one = supportOfSource(claims, 1);
    expect(one).toEqual({ claims: 2, supported: 1, partial: 1, unsupported: 0 });
    expect(one && weakestVerdict(one)).toBe('partial');
    const two = supportOfSource(claims, 2);
    expect(two && weakestVerdict(two)).toBe('unsupported');
    expect(supportOfSource(claims, 5)).toBeNull();
  });
});
