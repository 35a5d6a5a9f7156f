import { describe, expect, it } from 'vitest';
import { parseSearchToolOutput } from './search-tool-output.ts';

describe('parseSearchToolOutput', () => {
  const result = {
    n: 2,
    title: 'T',
    path: 'p.md',
    page: 3,
    section: null,
    text: 'Some text.',
    score: 4.25,
  };

  it('reads the object or its JSON text', () => {
    expect(parseSearchToolOutput({ results: [result] })).toEqual({ results: [result] });
    expect(parseSearchToolOutput(JSON.stringify({ results: [result] }))).toEqual({
      results: [result],
    });
  });

  it('drops results it could not cite and tolerates missing optional fields', () => {
    const output = parseSearchToolOutput({
      results: [
        { n: 0, text: 'x' },
        { n: 1.5, text: 'x' },
        { n: 4 },
        { n: 5, text: 'kept' },
        'junk',
      ],
    });
    expect(output.results).toEqual([
      { n: 5, title: '', path: '', page: null, section: null, text: 'kept', score: null },
    ]);
  });

  it('gives no results for malformed output', () => {
    expect(parseSearchToolOutput('not json').results).toEqual([]);
    expect(parseSearchToolOutput(null).results).toEqual([]);
    expect(parseSearchToolOutput({ hits: [] }).results).toEqual([]);
  });
});
