import { describe, expect, it } from 'vitest';
import {
  claimTermsOf,
  type JudgeOptions,
  judgeSupport,
  plainClaimText,
  prepareSource,
} from './judge-support.ts';

const REPORT = [
  'Field report',
  '',
  'The trial ran at the north well in March. Peak flow rate: 2.6 m3/h at 12:30 under clear sky. Alice Moreau logged every reading by hand.',
  '',
  'The controller restarted twice. Both restarts followed a cloud passing over the panel.',
  '',
  'Separately, the team ordered spare impellers.',
].join('\n');
const report = prepareSource(REPORT, { title: 'Field Report', path: 'reports/field-report.pdf' });

/** The judgment of a claim against the field report, with its passage cut from the source. */
function judge(claim: string, options?: JudgeOptions) {
  const judgment = judgeSupport(claimTermsOf(claim), report, options);
  const passage =
    judgment.start === null || judgment.end === null
      ? null
      : REPORT.slice(judgment.start, judgment.end);
  return { ...judgment, passage };
}

describe('claimTermsOf', () => {
  it('reads numbers (thousands, decimals, words), names and plain terms', () => {
    const terms = claimTermsOf(
      'The team led by Alice Moreau pumped 5,000 litres at 2.6 m3/h on fifteen days.',
    );
    expect([...terms.numbers]).toEqual(
      expect.arrayContaining([
        ['5000', '5,000'],
        ['2.6', '2.6'],
        ['15', 'fifteen'],
      ]),
    );
    expect([...terms.names.values()]).toEqual(['Alice', 'Moreau']);
    expect(terms.terms.has('team')).toBe(true);
    // Number words are numbers, not terms.
    expect([...terms.terms].some((t) => t.startsWith('fifteen'))).toBe(false);
  });

  it('does not count the first word of a sentence as a name', () => {
    expect([...claimTermsOf('Pumps move water. Panels make power.').names]).toEqual([]);
  });

  it('reads links by their text', () => {
    expect(plainClaimText('See **[the report](x.md)** and [[Field Report|the log]].')).toBe(
      'See the report and the log.',
    );
  });
});

describe('judgeSupport', () => {
  it('supports a sentence quoted verbatim with score 1 and its exact span', () => {
    const result = judge('Peak flow rate: 2.6 m3/h at 12:30 under clear sky.');
    expect(result).toMatchObject({ verdict: 'supported', score: 1, missing: [], field: null });
    expect(result.passage).toBe('Peak flow rate: 2.6 m3/h at 12:30 under clear sky.');
  });

  it('supports (at least partly) a paraphrase that keeps the terms and numbers', () => {
    const result = judge('The pump peaked at a flow rate of 2.6 m3/h at 12:30 under a clear sky.');
    expect(['supported', 'partial']).toContain(result.verdict);
    expect(result.score).toBeGreaterThan(0.5);
    expect(result.passage).toBe('Peak flow rate: 2.6 m3/h at 12:30 under clear sky.');
  });

  it('rejects a wrong number and names it as missing', () => {
    const result = judge('The peak flow rate was 2.9 m3/h at 12:30.');
    expect(result.verdict).toBe('unsupported');
    expect(result.missing).toContain('2.9');
    // The closest passage is still given, so a reader sees what the source says instead.
    expect(result.passage).toBe('Peak flow rate: 2.6 m3/h at 12:30 under clear sky.');
  });

  it('does not support a claim naming someone the source does not', () => {
    const result = judge('Every reading was logged by hand by Bob Moreau.');
    expect(result.verdict).not.toBe('supported');
    expect(result.missing).toEqual(['Bob']);
    const right = judge('Every reading was logged by hand by Alice Moreau.');
    expect(right.verdict).toBe('supported');
  });

  it('gives nothing for an unrelated claim', () => {
    const result = judge('Quantum chromodynamics predicts gluon confinement.');
    expect(result).toMatchObject({ verdict: 'unsupported', score: 0, start: null, end: null });
    expect(result.passage).toBeNull();
  });

  it('names every number and name as missing when nothing relates', () => {
    const result = judge('Gluons bind quarks according to Wilczek in 1973.');
    expect(result.start).toBeNull();
    expect(result.missing).toEqual(expect.arrayContaining(['1973', 'Wilczek']));
  });

  it('joins adjacent sentences of one paragraph for a claim that spans them', () => {
    const result = judge(
      'The controller restarted twice, both times after a cloud passed over the panel.',
    );
    expect(result.verdict).toBe('supported');
    expect(result.passage).toBe(
      'The controller restarted twice. Both restarts followed a cloud passing over the panel.',
    );
  });

  it('prefers the single sentence over a longer window that adds nothing', () => {
    expect(judge('Alice Moreau logged every reading by hand.').passage).toBe(
      'Alice Moreau logged every reading by hand.',
    );
  });

  it('never joins sentences across paragraphs (or PDF pages)', () => {
    const result = judge(
      'Alice Moreau logged every reading by hand and the controller restarted twice.',
    );
    expect(result.passage).not.toContain('\n\n');
    expect(result.verdict).not.toBe('supported');
  });

  it('honours maxUnits', () => {
    const result = judge(
      'The controller restarted twice, both times after a cloud passed over the panel.',
      { maxUnits: 1 },
    );
    expect(result.passage?.includes('. Both')).toBe(false);
  });

  it('counts terms of the title and path as weaker evidence', () => {
    const source = prepareSource('The readings were all taken by hand.', {
      title: 'North Well Trial',
      path: 'trials/north-well.md',
    });
    const judgment = judgeSupport(
      claimTermsOf('At the north well, readings were taken by hand.'),
      source,
    );
    expect(judgment.verdict).toBe('supported');
    expect(judgment.score).toBeLessThan(1);
    expect(judgment.score).toBeGreaterThan(0.7);
  });

  it('supports a claim from a spec row with a dot leader, quoting the whole row', () => {
    const specs =
      'Electrical\n  Motor ........ 48 V, 600 W\n  Start-up irradiance ........ 240 W/m2\n';
    const source = prepareSource(specs, { title: 'pump-specs', path: 'files/pump-specs.txt' });
    const judgment = judgeSupport(claimTermsOf('The start-up irradiance is 240 W/m2.'), source);
    expect(judgment.verdict).toBe('supported');
    expect(specs.slice(judgment.start ?? 0, judgment.end ?? 0)).toBe(
      'Start-up irradiance ........ 240 W/m2',
    );
  });

  it('finds the entity field that carries a claim', () => {
    const entity = [
      '### @Bob (Person) [id:person/bob]',
      '  role: engineer',
      '  mentors: @Alice [id:person/alice]',
      '  joined: 2024-02-05',
    ].join('\n');
    const source = prepareSource(entity, { title: 'Bob', path: 'entities/person/bob' });
    const mentors = judgeSupport(claimTermsOf('Bob mentors Alice.'), source);
    expect(mentors.verdict).toBe('supported');
    expect(mentors.field).toEqual({ name: 'mentors', entity: 'person/bob', label: 'Bob' });
    expect(entity.slice(mentors.start ?? 0, mentors.end ?? 0)).toBe('@Alice [id:person/alice]');
    const joined = judgeSupport(claimTermsOf('Bob joined the company on 2024-02-05.'), source);
    expect(joined.field?.name).toBe('joined');
    expect(joined.verdict).toBe('supported');
    const wrong = judgeSupport(claimTermsOf('Bob joined on 2023-02-05.'), source);
    expect(wrong.verdict).toBe('unsupported');
    expect(wrong.missing).toContain('2023');
  });

  it('rests a relation on the field of the entity that is its subject', () => {
    const context = [
      '### @Alice (Person) [id:person/alice]',
      '  mentors: @Bob [id:person/bob]',
      '',
      '### @Bob (Person) [id:person/bob]',
      '  mentors: @Alice [id:person/alice]',
    ].join('\n');
    const source = prepareSource(context, {
      title: 'Entity context',
      path: 'entities/person/alice',
    });
    expect(judgeSupport(claimTermsOf('Alice mentors Bob.'), source).field?.entity).toBe(
      'person/alice',
    );
    expect(judgeSupport(claimTermsOf('Bob mentors Alice.'), source).field?.entity).toBe(
      'person/bob',
    );
  });
});
