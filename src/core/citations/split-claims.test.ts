import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCitationMarkers } from './parse-citation-markers.ts';
import { splitClaims } from './split-claims.ts';

/** Each claim as its text and the markers it holds, as written. */
function claimsOf(text: string): Array<[string, string[]]> {
  const markers = parseCitationMarkers(text);
  return splitClaims(text, markers).map((claim) => [
    text.slice(claim.start, claim.end),
    claim.markers.map((i) => markers[i]?.raw ?? '?'),
  ]);
}

describe('splitClaims', () => {
  it('gives a marker to the sentence it closes, before or after the stop', () => {
    expect(
      claimsOf('The pump reached 2.6 m3/h [1]. The seal failed first. [2] It was replaced [3].'),
    ).toEqual([
      ['The pump reached 2.6 m3/h [1].', ['[1]']],
      ['The seal failed first. [2]', ['[2]']],
      ['It was replaced [3].', ['[3]']],
    ]);
  });

  it('ends a sentence at a unit written with a lower-case letter before a marker', () => {
    expect(claimsOf('Peak flow was 2.6 m3/h. [1] The head was 20 m. [2]')).toEqual([
      ['Peak flow was 2.6 m3/h. [1]', ['[1]']],
      ['The head was 20 m. [2]', ['[2]']],
    ]);
  });

  it('keeps chained markers together after the stop, with or without a space', () => {
    expect(claimsOf('Flow was 2.6 m3/h. [1][2] Head was 20 m.[3] Done [4, 5].')).toEqual([
      ['Flow was 2.6 m3/h. [1][2]', ['[1]', '[2]']],
      ['Head was 20 m.[3]', ['[3]']],
      ['Done [4, 5].', ['[4, 5]']],
    ]);
  });

  it('gives markers inside a sentence to that sentence', () => {
    expect(claimsOf('Alice [1] mentors Bob [2] and leads the team.')).toEqual([
      ['Alice [1] mentors Bob [2] and leads the team.', ['[1]', '[2]']],
    ]);
  });

  it('returns only sentences that carry a marker', () => {
    expect(claimsOf('An intro without sources. The fact [1]. A closing remark!')).toEqual([
      ['The fact [1].', ['[1]']],
    ]);
    expect(claimsOf('No markers here. None at all.')).toEqual([]);
  });

  it('does not split at decimals, abbreviations or initials', () => {
    expect(
      claimsOf('Dr. Moreau measured 2.5 m3/h, e.g. at noon, with J. Smith [1]. Later 3.1 [2].'),
    ).toEqual([
      ['Dr. Moreau measured 2.5 m3/h, e.g. at noon, with J. Smith [1].', ['[1]']],
      ['Later 3.1 [2].', ['[2]']],
    ]);
  });

  it('makes each list item and heading one claim, bullet included in the span', () => {
    const text = [
      'Summary:',
      '- The pump reached 2.6 m3/h. It ran six hours [1]',
      '- Uncited item.',
      '1. The seal failed [2][3]',
      '## Results [4]',
    ].join('\n');
    expect(claimsOf(text)).toEqual([
      ['- The pump reached 2.6 m3/h. It ran six hours [1]', ['[1]']],
      ['1. The seal failed [2][3]', ['[2]', '[3]']],
      ['## Results [4]', ['[4]']],
    ]);
  });

  it('never joins sentences across lines and ends a claim at the line end', () => {
    expect(claimsOf('First line without stop [1]\nSecond line [2]')).toEqual([
      ['First line without stop [1]', ['[1]']],
      ['Second line [2]', ['[2]']],
    ]);
  });

  it('ignores markers inside code', () => {
    expect(claimsOf('Write `[1]` in code. Real citation [2].')).toEqual([
      ['Real citation [2].', ['[2]']],
    ]);
  });
});

describe('splitClaims: properties', () => {
  const pieces = fc.constantFrom(
    'The pump ran',
    ' ',
    '. ',
    '.',
    '[1]',
    '[2, 3]',
    '[Page 2 of Manual]',
    'Dr.',
    '2.5',
    'm3/h',
    '\n',
    '- ',
    '## ',
    '`',
    '"',
    '?',
    'a.',
  );
  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.array(pieces, { maxLength: 50 }).map((parts) => parts.join('')),
  );

  it('never throws; claims are ordered, disjoint, trimmed, and every marker is in exactly one', () => {
    fc.assert(
      fc.property(text, (answer) => {
        const markers = parseCitationMarkers(answer);
        const claims = splitClaims(answer, markers);
        let previousEnd = 0;
        const seen: number[] = [];
        for (const claim of claims) {
          expect(claim.start).toBeGreaterThanOrEqual(previousEnd);
          expect(claim.end).toBeGreaterThan(claim.start);
          expect(claim.end).toBeLessThanOrEqual(answer.length);
          const slice = answer.slice(claim.start, claim.end);
          expect(slice.trim()).toBe(slice);
          expect(claim.markers.length).toBeGreaterThan(0);
          for (const index of claim.markers) {
            const marker = markers[index];
            expect(marker).toBeDefined();
            expect(marker?.start).toBeGreaterThanOrEqual(claim.start);
            expect(marker?.end).toBeLessThanOrEqual(claim.end);
            seen.push(index);
          }
          previousEnd = claim.end;
        }
        expect(seen).toEqual(markers.map((_, i) => i));
      }),
      { numRuns: 1000 },
    );
  });
});
