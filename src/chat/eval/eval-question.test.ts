import { describe, expect, it } from 'vitest';
import { parseEvalQuestions } from './eval-question.ts';

describe('parseEvalQuestions', () => {
  it('reads questions with and without an expectation, skipping blank lines', () => {
    const text = [
      '{"id":"flow","message":"What flow rate did the pump reach in @field-report.pdf?","expect":{"path":"pdfs/field-report.pdf","page":2,"answer":"2.6 m3/h"}}',
      '',
      '{"id":7,"message":"Who mentors @Alice?","expect":{"path":"entities/person/alice.md"}}',
      '{"id":"ceo","message":"Who is the CEO?","expect":null}',
      '',
    ].join('\r\n');
    expect(parseEvalQuestions(text)).toEqual({
      ok: true,
      questions: [
        {
          id: 'flow',
          message: 'What flow rate did the pump reach in @field-report.pdf?',
          expect: { path: 'pdfs/field-report.pdf', page: 2, answer: '2.6 m3/h' },
          line: 1,
        },
        {
          id: '7',
          message: 'Who mentors @Alice?',
          expect: { path: 'entities/person/alice.md' },
          line: 3,
        },
        { id: 'ceo', message: 'Who is the CEO?', expect: null, line: 4 },
      ],
    });
  });

  it.each([
    ['a line that is not JSON', '{"id":"a","message":"Hi","expect":null}\n{"id":', 2, /not JSON/],
    ['a missing expect', '{"id":"a","message":"Hi"}', 1, /expect/],
    ['an empty message', '{"id":"a","message":"  ","expect":null}', 1, /message/],
    [
      'a page that is not a positive integer',
      '{"id":"a","message":"Hi","expect":{"path":"a.pdf","page":0}}',
      1,
      /expect\.page/,
    ],
    ['an unknown field', '{"id":"a","message":"Hi","expect":null,"extra":1}', 1, /expected/],
    [
      'a repeated id',
      '{"id":"a","message":"Hi","expect":null}\n{"id":"a","message":"Yo","expect":null}',
      2,
      /also on line 1/,
    ],
  ])('reports %s with its line number', (_, text, line, message) => {
    const parsed = parseEvalQuestions(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.line).toBe(line);
    expect(parsed.message).toMatch(message);
  });

  it('refuses a file without questions', () => {
    expect(parseEvalQuestions('\n\n')).toEqual({
      ok: false,
      line: 0,
      message: 'no questions in the file',
    });
  });
});
