import { describe, expect, it } from 'vitest';
import { candidatesOf, leadSentences, pickAnswer, sameRoot } from './pick-sentences.ts';
import type { SourcePassage } from './read-prompt.ts';
import { readQuestion } from './read-question.ts';

const passage = (n: number, text: string, extra: Partial<SourcePassage> = {}): SourcePassage => ({
  n,
  title: `Source ${n}`,
  path: `notes/source-${n}.md`,
  part: null,
  text,
  referenced: false,
  from: 'search',
  page: null,
  origin: '',
  ...extra,
});
const named = (n: number, text: string, extra: Partial<SourcePassage> = {}) =>
  passage(n, text, { from: 'read', referenced: true, ...extra });

const answer = (question: string, passages: SourcePassage[]) =>
  pickAnswer(readQuestion(question, []).parts, candidatesOf(passages)).map((part) =>
    part.map((s) => `${s.text} [${s.passage.n}]`),
  );

describe('pickAnswer', () => {
  const people = passage(
    1,
    'Alice mentors Chidi on pump testing. Bob mentors Alice on firmware. Dana joined in June 2025.',
  );

  it('keeps the question’s name in the role it asks about', () => {
    expect(answer('Who does Alice mentor?', [people])).toEqual([
      ['Alice mentors Chidi on pump testing. [1]'],
    ]);
    expect(answer('Who mentors Alice?', [people])).toEqual([
      ['Bob mentors Alice on firmware. [1]'],
    ]);
  });

  it('answers "when" with a sentence that has a date, "how many" with one that has a number', () => {
    const log = passage(
      2,
      'The pump was serviced by Acme. The pump was serviced on 3 March 2026. The pump was serviced by two technicians.',
    );
    expect(answer('When was the pump serviced?', [log])).toEqual([
      ['The pump was serviced on 3 March 2026. [2]'],
    ]);
    expect(answer('How many technicians serviced the pump?', [log])).toEqual([
      ['The pump was serviced by two technicians. [2]'],
    ]);
  });

  it('answers each part of a two-part question', () => {
    const parts = answer('Who mentors Alice, and when did Dana join?', [people]);
    expect(parts).toEqual([
      ['Bob mentors Alice on firmware. [1]'],
      ['Dana joined in June 2025. [1]'],
    ]);
  });

  it('takes the answer from what the user named when that answers, not from retrieval', () => {
    const parts = answer('What flow rate does the pump reach?', [
      named(1, 'Peak flow rate: 2.6 m3/h at noon.', { path: 'pdfs/report.pdf', page: 2 }),
      passage(2, 'The pump reached a flow rate of 2.4 m3/h in the test.'),
    ]);
    expect(parts).toEqual([['Peak flow rate: 2.6 m3/h at noon. [1]']]);
  });

  it('answers a relation from the entity field named after its verb, the right way round', () => {
    // Bob's `mentors` lists who mentors Bob; Alice's lists who mentors Alice.
    const bob = named(5, 'email: bob@example.com\nmentors: Alice, Dana', {
      title: 'Bob',
      path: 'entities/person/bob.md',
    });
    const context = passage(
      6,
      '### @Alice (Person) [id:person/alice]  ← referenced via @Bob.mentors\n  mentors: @Bob [id:person/bob]',
      { from: 'context', origin: 'linked through an entity field', path: 'entities/person/bob.md' },
    );
    expect(answer('Who mentors Bob?', [bob, context])).toEqual([['mentors: Alice, Dana [5]']]);
    expect(answer('Who does Bob mentor?', [bob, context])).toEqual([['mentors: @Bob [6]']]);
    const team = named(7, 'lead: person/bob\nmission: Keep the motor safe.', {
      title: 'Power Electronics',
      path: 'entities/team/power-electronics.md',
    });
    expect(answer('Who leads Power Electronics?', [team])).toEqual([['lead: person/bob [7]']]);
  });

  it('forgives a name the question mentions in passing when another sentence has it, not one no sentence has', () => {
    const profile = passage(
      8,
      'Bob shipped controllers to more than 40,000 homes. He joined Brightwell in 2024.',
    );
    expect(
      answer('How many homes did Bob ship controllers to before he joined Brightwell?', [profile]),
    ).toEqual([['Bob shipped controllers to more than 40,000 homes. [8]']]);
    const home = passage(9, 'Brightwell Labs is a nine-person hardware team in Nairobi.');
    expect(answer('Who is the CEO of Brightwell Labs?', [home])).toEqual([[]]);
  });

  it('answers from the reply after a matching question in the source, never with the question', () => {
    const interview = passage(
      10,
      [
        '**Chidi:** How do you water the crops today?',
        '',
        '**Grace:** With the petrol pump, every morning.',
        '',
        '**Chidi:** And paying for it — what would be realistic?',
        '',
        '**Grace:** Not all at once. Maybe one thousand a week.',
        '',
        '**Chidi:** Thank you, Grace.',
      ].join('\n'),
    );
    expect(answer('How would Grace like to pay?', [interview])).toEqual([
      ['Grace: Not all at once. [10]', 'Maybe one thousand a week. [10]'],
    ]);
  });

  it('counts a name said earlier in the paragraph, and carries a name to a later part’s pronoun', () => {
    const standup = passage(
      11,
      'Alice: booked the truck. Blocker: none.\n\nBob: tagged 0.9.3. Blocker: two spare parts.',
      {
        path: 'files/standup.txt',
      },
    );
    expect(answer('What blocked Bob?', [standup])).toEqual([['Blocker: two spare parts. [11]']]);
    const actions = passage(
      12,
      '- Alice: book the truck.\n- Bob: flash the firmware.\n\nBob reported a start at 240 W/m2.',
      {
        title: 'Kickoff',
      },
    );
    expect(
      answer('What did Bob report, and what is his action item?', [
        actions,
        passage(
          13,
          '## Action items\n\n- Alice: book the truck again.\n- Bob: flash the firmware again.',
        ),
      ]),
    ).toEqual([
      ['Bob reported a start at 240 W/m2. [12]'],
      ['Bob: flash the firmware again. [13]'],
    ]);
  });

  it('matches word forms the stemmer keeps apart (warrants, warranty)', () => {
    expect(sameRoot('warrant', 'warranti')).toBe(true);
    expect(sameRoot('block', 'blocker')).toBe(true);
    expect(sameRoot('plan', 'plant')).toBe(false);
    expect(sameRoot('found', 'foundation')).toBe(false);
    const sheet = passage(14, 'Brightwell warrants the pump for 24 months. The casing is blue.');
    expect(answer('How long is the warranty?', [sheet])).toEqual([
      ['Brightwell warrants the pump for 24 months. [14]'],
    ]);
  });

  it('picks nothing when the workspace does not have the question’s topic', () => {
    expect(answer('What is the capital of France?', [people])).toEqual([[]]);
  });
});

describe('leadSentences', () => {
  it('opens with the first sentences, then the first of each main section, skipping subsections', () => {
    const text = [
      'Intro one is here. Intro two is here. Intro three is not taken.',
      '## First part',
      'First part opens here. Its second sentence is skipped.',
      '### Detail',
      'A detail that a summary leaves out.',
      '## Second part',
      'Second part opens here.',
    ].join('\n');
    const lead = leadSentences(candidatesOf([named(4, text)])).map((s) => s.text);
    expect(lead).toEqual([
      'Intro one is here.',
      'Intro two is here.',
      'First part opens here.',
      'Second part opens here.',
    ]);
  });

  it('gives nothing when nothing was named', () => {
    expect(leadSentences(candidatesOf([passage(1, 'Some retrieved text is here.')]))).toEqual([]);
  });
});
