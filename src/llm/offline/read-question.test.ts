import { describe, expect, it } from 'vitest';
import { readQuestion } from './read-question.ts';
import { parseReferencedList } from './read-references.ts';

const withList = (message: string, list: string) =>
  readQuestion(message, parseReferencedList(`Referenced documents:\n${list}\n\n${message}`));

describe('readQuestion', () => {
  it('searches for the topic words only: no references, question or instruction words', () => {
    expect(
      withList(
        'What flow rate did the pump reach in @field-report.pdf?',
        '- @field-report.pdf (pdfs/field-report.pdf): Field report',
      ).topic,
    ).toBe('flow rate pump reach');
    const summary = withList(
      'Summarize @field-trial-lessons and cite the sources.',
      '- @field-trial-lessons (content/field-trial-lessons.md): Lessons',
    );
    expect(summary.topic).toBe('');
    expect(summary.summarize).toBe(true);
  });

  it('tells what kind of answer each question wants', () => {
    const kinds = (q: string) => readQuestion(q, []).parts.map((p) => p.kind);
    expect(kinds('When was the budget approved?')).toEqual(['when']);
    expect(kinds('How much does the basket cost?')).toEqual(['quantity']);
    expect(kinds('What flow rate did the pump reach?')).toEqual(['quantity']);
    expect(kinds('Who leads Power Electronics?')).toEqual(['who']);
    expect(kinds('Why is there no battery?')).toEqual(['other']);
    // "power" belongs to the name after "of": the question asks for the mission.
    expect(kinds('What is the mission of Power Electronics?')).toEqual(['other']);
    expect(kinds('What is the total weight of the pump?')).toEqual(['quantity']);
  });

  it('reads which way a relation goes', () => {
    const relation = (q: string) => readQuestion(q, []).parts[0]?.relation;
    expect(relation('Who does Alice mentor?')).toEqual({
      verb: 'mentor',
      name: ['alic'],
      role: 'subject',
    });
    expect(relation('Who mentors Alice?')).toEqual({
      verb: 'mentor',
      name: ['alic'],
      role: 'object',
    });
    expect(relation('Who is Alice?')).toBeNull();
  });

  it('splits a two-part question, keeping an entity named by reference as the subject', () => {
    const q = withList(
      'Who does @Alice mentor, and what is she working on?',
      '- @Alice (entities/person/alice.md): person',
    );
    expect(q.parts.map((p) => p.text)).toEqual([
      'Who does Alice mentor',
      'what is she working on?',
    ]);
    expect(q.parts[0]?.relation?.role).toBe('subject');
    expect(q.parts[1]?.terms).toEqual(['current', 'focu']);
    expect(q.entities).toEqual(['alic']);
  });

  it('reads "who is on the X team" as asking for its members', () => {
    expect(readQuestion('Who is on the Hydraulics team?', []).parts[0]?.terms).toEqual([
      'member',
      'hydraul',
      'team',
    ]);
  });

  it('carries the name of the part before to a part that says "his" or "her", and never searches for the pronoun', () => {
    const q = readQuestion('What did Bob report, and what is his action item?', []);
    expect(q.parts.map((p) => [p.terms, p.names])).toEqual([
      [['bob', 'report'], ['bob']],
      [['action', 'item'], ['bob']],
    ]);
  });
});

describe('parseReferencedList', () => {
  it('reads each reference with its path, whole section title, and whether it was loaded', () => {
    const refs = parseReferencedList(
      [
        'Referenced documents:',
        '- @post:The numbers (content/post.md): First paragraph.',
        '- [[Budget 2025 (superseded)]] (notes/archive/Budget.md) (archived): Old.',
        '- @gone (notes/gone.md): deleted — the document no longer exists',
        '- @nobody: not found (did you mean @Alice?)',
        '',
        'What are the numbers?',
      ].join('\n'),
    );
    expect(refs.map((r) => [r.raw, r.path, r.loaded, r.sectionTitle])).toEqual([
      ['@post:The numbers', 'content/post.md', true, 'The numbers'],
      ['[[Budget 2025 (superseded)]]', 'notes/archive/Budget.md', true, null],
      ['@gone', 'notes/gone.md', false, null],
      ['@nobody', null, false, null],
    ]);
  });
});
