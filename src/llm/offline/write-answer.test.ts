import { describe, expect, it } from 'vitest';
import type { ScoredSentence } from './pick-sentences.ts';
import type { SourcePassage } from './read-prompt.ts';
import { asWritten, NOT_FOUND_ANSWER, withMarker, writeAnswer } from './write-answer.ts';

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
  owner: null,
});

describe('withMarker', () => {
  it('puts the marker before closing punctuation', () => {
    expect(withMarker('It works.', 2)).toBe('It works [2].');
    expect(withMarker('Is it "done?"', 1)).toBe('Is it "done [1]?"');
    expect(withMarker('No punctuation', 3)).toBe('No punctuation [3]');
  });
});

describe('asWritten', () => {
  it('leads an entity-context field with its entity and writes mentions as names, leaving emails alone', () => {
    const field = {
      ...sentence(passage(1, 'Alice'), 'mentors: @Bob, @"Power Electronics"'),
      owner: 'Chidi',
    };
    expect(asWritten(field)).toBe('Chidi — mentors: Bob, "Power Electronics"');
    const email = { ...sentence(passage(1, 'Bob'), 'email: bob@example.com'), owner: 'Bob' };
    expect(asWritten(email)).toBe('Bob — email: bob@example.com');
    expect(asWritten(sentence(passage(1, 'Log'), 'Ask @Bob.'))).toBe('Ask @Bob.');
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
