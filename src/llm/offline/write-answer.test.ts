import { describe, expect, it } from 'vitest';
import type { SourcePassage } from './read-prompt.ts';
import { NOT_FOUND_ANSWER, withMarker, writeAnswer } from './write-answer.ts';

const passage = (n: number, title: string): SourcePassage => ({
  n,
  title,
  path: `${n}.md`,
  part: n === 2 ? 'page 4' : null,
  text: '',
  referenced: false,
  from: 'search',
});

describe('withMarker', () => {
  it('puts the marker before closing punctuation', () => {
    expect(withMarker('It delivers 2.5 m³/h.', 2)).toBe('It delivers 2.5 m³/h [2].');
    expect(withMarker('Is it "safe?"', 1)).toBe('Is it "safe [1]?"');
    expect(withMarker('Flow rate — 2.5 m³/h', 3)).toBe('Flow rate — 2.5 m³/h [3]');
    expect(withMarker('It was cut…', 3)).toBe('It was cut… [3]');
  });
});

describe('writeAnswer', () => {
  it('frames the picked sentences by source name, never letting a title read as a citation', () => {
    const a = passage(1, 'Report [2]');
    const b = passage(2, 'Log');
    const chunks = writeAnswer(
      {
        picked: [
          { passage: a, passageIndex: 0, sentenceIndex: 0, text: 'One thing.', score: 1 },
          { passage: b, passageIndex: 1, sentenceIndex: 0, text: 'Another thing.', score: 0.5 },
        ],
        ranking: [a, b],
      },
      [a, b],
    );
    expect(chunks.join('')).toBe(
      'Here is what "Report (2)" and "Log" say about this:\n\n- One thing [1].\n- Another thing [2].',
    );
  });

  it('names the closest search result without citing it, or says only that nothing was found', () => {
    const b = passage(2, 'Log');
    expect(writeAnswer({ picked: [], ranking: [b] }, [b]).join('')).toBe(
      `${NOT_FOUND_ANSWER}\n\nThe closest search result was "Log" (2.md, page 4).`,
    );
    expect(writeAnswer({ picked: [], ranking: [] }, [])).toEqual([NOT_FOUND_ANSWER]);
  });
});
