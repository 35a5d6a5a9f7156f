import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findProseRegions } from './prose-regions.ts';

const slices = (text: string) => findProseRegions(text).map((r) => text.slice(r.start, r.end));

describe('findProseRegions', () => {
  it('splits at blank lines and leaves fenced code out', () => {
    expect(slices('one\ntwo\n\nthree\n```js\n[[x]]\n```\nfour\r\n  \r\nfive')).toEqual([
      'one\ntwo',
      'three',
      'four',
      'five',
    ]);
  });

  it('needs a closing fence of the same marker, at least as long; unclosed fences run to the end', () => {
    expect(slices('~~~~\ncode\n~~~\nstill code\n~~~~\nprose')).toEqual(['prose']);
    expect(slices('a\n```\nnever closed\n\nstill code')).toEqual(['a']);
  });

  it('does not take a backtick line with backticks in its info string, or a four-space indent, as a fence', () => {
    expect(slices('``` a`b\ntext')).toEqual(['``` a`b\ntext']);
    expect(slices('    ```\ntext')).toEqual(['    ```\ntext']);
  });

  it('returns ordered, non-overlapping regions inside the text for any input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        let last = -1;
        for (const r of findProseRegions(text)) {
          expect(r.start).toBeGreaterThan(last);
          expect(r.end).toBeGreaterThanOrEqual(r.start);
          expect(r.end).toBeLessThanOrEqual(text.length);
          last = r.end;
        }
      }),
    );
  });
});
