import { describe, expect, it } from 'vitest';
import type { ScoredSentence } from './pick-sentences.ts';
import type { SourcePassage } from './read-prompt.ts';
import { NOT_FOUND_ANSWER, withMarker, writeAnswer } from './write-answer.ts';

const passage = (n: number, title: string): SourcePassage => ({
  n,
  title,
  path: `${title}.md`,
  part: null,
  text: '',
  referenced: false,
  from: 'search',
  page: null,
  origin: '',
});
const sentence = (p: SourcePassage, text: string): ScoredSentence => ({
  passage: p,
  passageIndex: 0,
  sentenceIndex: 0,
  text,
  score: 1,
});

describe('withMarker', () => {
  it('puts the marker before closing punctuation', () => {
    expect(withMarker('It works.', 2)).toBe('It works [2].');
    expect(withMarker('Is it "done?"', 1)).toBe('Is it "done [1]?"');
    expect(withMarker('No punctuation', 3)).toBe('No punctuation [3]');
  });
});

describe('writeAnswer', () => {
  it('frames the sentences by source name in a short line without markers, a title never reading as a citation', () => {
    const chunks = writeAnswer([
      [
        sentence(passage(1, 'Log [4]'), 'The pump ran.'),
        sentence(passage(2, 'Manual'), 'It is blue.'),
      ],
    ]);
    expect(chunks.join('')).toBe(
      'Here is what "Log (4)" and "Manual" say about this:\n\n- The pump ran [1].\n- It is blue [2].',
    );
  });

  it('says which part nothing answered, and only "couldn’t find" when nothing answered at all', () => {
    const text = writeAnswer([[sentence(passage(1, 'Log'), 'Alice mentors Chidi.')], []], {
      partTexts: ['Who does Alice mentor', 'what is she working on?'],
    }).join('');
    expect(text).toContain('- Alice mentors Chidi [1].');
    expect(text).toContain(
      'I couldn\'t find an answer to "what is she working on" in the workspace.',
    );
    expect(writeAnswer([[], []])).toEqual([NOT_FOUND_ANSWER]);
  });

  it('frames a summary as one', () => {
    expect(writeAnswer([[sentence(passage(1, 'Post'), 'It opens.')]], { summary: true })[0]).toBe(
      'In short, "Post" says:',
    );
  });
});
