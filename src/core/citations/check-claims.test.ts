import { describe, expect, it } from 'vitest';
import type { Page } from '../document.ts';
import { type CitableSource, checkCitations } from './check-citations.ts';
import { summarizeClaims, verdictOfClaim } from './check-claims.ts';
import type { Claim } from './claim-types.ts';
import { claimTermsOf, judgeSupport, prepareSource } from './judge-support.ts';
import { parseCitationMarkers } from './parse-citation-markers.ts';
import { passageUnits } from './passage-units.ts';
import { renumberCitations } from './renumber-citations.ts';
import { splitClaims } from './split-claims.ts';

/** A note whose body holds the cited chunk after a heading, so its span does not start at 0. */
const NOTE_BODY = [
  '# Trial log',
  '',
  'The trial ran at the north well in March. Peak flow rate: 2.6 m3/h at 12:30 under clear sky.',
  'Alice Moreau logged every reading by hand.',
  '',
  'The controller restarted twice. Both restarts followed a cloud passing over the panel.',
].join('\n');
const CHUNK_START = NOTE_BODY.indexOf('The trial');
const note: CitableSource = {
  n: 1,
  documentId: 'doc-log',
  path: 'notes/Trial Log.md',
  title: 'Trial log',
  kind: 'note',
  chunkId: 'chunk-log',
  page: null,
  section: null,
  heading: 'Trial log',
  start: CHUNK_START,
  end: NOTE_BODY.length,
  text: NOTE_BODY.slice(CHUNK_START),
};

/** A three-page PDF: pages joined by a blank line, as the PDF reader stores them. */
const PAGE_TEXTS = [
  'Field report\nSolar pump trial, north well.',
  'Measurements (5 March 2026)\nPeak flow rate: 2.6 m3/h at 12:30 under clear sky.\nThe controller logged 14 starts.',
  'Conclusions\nThe seal held for the whole trial.',
];
const PDF_BODY = PAGE_TEXTS.join('\n\n');
const PAGES: Page[] = (() => {
  let start = 0;
  return PAGE_TEXTS.map((text, i) => {
    const page = { number: i + 1, start, end: start + text.length };
    start += text.length + 2;
    return page;
  });
})();
const pdf: CitableSource = {
  n: 2,
  documentId: 'doc-report',
  path: 'pdfs/field-report.pdf',
  title: 'Field Report',
  kind: 'pdf',
  chunkId: null,
  page: null,
  section: null,
  heading: null,
  start: 0,
  end: PDF_BODY.length,
  text: PDF_BODY,
};

const ENTITY_TEXT = [
  '### @Bob (Person) [id:person/bob]',
  '  role: engineer',
  '  mentors: @Alice [id:person/alice], @Chidi [id:person/chidi]',
].join('\n');
const entity: CitableSource = {
  n: 3,
  documentId: 'person/bob',
  path: 'entities/person/bob.md',
  title: 'Bob',
  kind: 'entity',
  chunkId: null,
  page: null,
  section: null,
  heading: null,
  start: 0,
  end: 0,
  text: ENTITY_TEXT,
};

const SOURCES = [note, pdf, entity];
const options = { pagesOf: (id: string) => (id === pdf.documentId ? PAGES : undefined) };
const check = (answer: string) => checkCitations(answer, SOURCES, options);
const citation = (answer: string, n: number) => check(answer).citations.find((c) => c.n === n);

describe('checkClaims: claims', () => {
  it('judges each claim against every source it cites', () => {
    const answer =
      'The trial reached 2.6 m3/h at 12:30 under a clear sky [1][2]. Alice Moreau read the meter [3].';
    const { claims } = check(answer);
    expect(claims).toHaveLength(2);
    const [flow, reader] = claims;
    expect(flow).toMatchObject({
      text: 'The trial reached 2.6 m3/h at 12:30 under a clear sky.',
      markers: [1, 2],
      verdict: 'supported',
    });
    expect(answer.slice(flow?.start, flow?.end)).toBe(
      'The trial reached 2.6 m3/h at 12:30 under a clear sky [1][2].',
    );
    expect(flow?.support.map((s) => [s.n, s.verdict])).toEqual([
      [1, 'supported'],
      [2, 'supported'],
    ]);
    expect(reader?.markers).toEqual([3]);
    expect(reader?.verdict).not.toBe('supported');
  });

  it('flags a wrong number with what is missing, and keeps the closest passage', () => {
    const [claim] = check('Peak flow rate was 2.9 m3/h at 12:30 [1].').claims;
    expect(claim?.verdict).toBe('unsupported');
    expect(claim?.support[0]?.missing).toContain('2.9');
    expect(claim?.support[0]?.quote?.text).toBe(
      'Peak flow rate: 2.6 m3/h at 12:30 under clear sky.',
    );
  });

  it('gives a null quote when nothing in the source relates to the claim', () => {
    const [claim] = check('Gluons bind quarks [1].').claims;
    expect(claim?.support[0]).toMatchObject({
      n: 1,
      verdict: 'unsupported',
      score: 0,
      quote: null,
    });
  });

  it('leaves out invalid numbers and markers outside claims', () => {
    const { claims } = check('The seal held [9][2].');
    expect(claims[0]?.markers).toEqual([2]);
    expect(claims[0]?.support.map((s) => s.n)).toEqual([2]);
  });
});

describe('checkClaims: double-quoted passages', () => {
  it('supports a claim whose quote is found, with the quote’s own span', () => {
    const answer = 'The log says "Alice Moreau logged every reading by hand" [1].';
    const { claims, citations } = check(answer);
    const support = claims[0]?.support[0];
    expect(support).toMatchObject({ n: 1, verdict: 'supported', score: 1, missing: [] });
    expect(support?.quote?.found).toBe(true);
    const quote = citations[0]?.quote;
    expect(NOTE_BODY.slice(quote?.start ?? 0, quote?.end ?? 0)).toBe(
      'Alice Moreau logged every reading by hand',
    );
  });

  it('makes a claim whose quote is not found unsupported, with found: false', () => {
    const answer = 'The log says "Bob logged the readings by radio" [1].';
    const support = check(answer).claims[0]?.support[0];
    expect(support).toMatchObject({ verdict: 'unsupported', score: 0 });
    expect(support?.quote).toEqual({
      text: 'Bob logged the readings by radio',
      start: null,
      end: null,
      found: false,
    });
    expect(support?.missing).toEqual(['Bob logged the readings by radio']);
    expect(citation(answer, 1)?.support).toBe('unsupported');
  });
});

describe('checkCitations: citation support and quotes', () => {
  it('gives a cited source the best verdict of its claims and that claim’s passage', () => {
    const answer =
      'Peak flow was 9.9 m3/h [1]. Alice Moreau logged every reading by hand [1]. It rained [1].';
    const cited = citation(answer, 1);
    expect(cited?.support).toBe('supported');
    expect(cited?.quote?.text).toBe('Alice Moreau logged every reading by hand.');
    const wrongOnly = citation('Peak flow was 9.9 m3/h [1].', 1);
    expect(wrongOnly?.support).toBe('unsupported');
    expect(citation('Nothing cited here.', 1)).toMatchObject({
      cited: false,
      support: null,
      quote: null,
    });
  });

  it('gives a note quote as a slice of the document body', () => {
    const quote = citation('The controller restarted twice [1].', 1)?.quote;
    expect(quote?.text).toBe('The controller restarted twice.');
    expect(quote?.start).toBeGreaterThan(CHUNK_START);
    expect(NOTE_BODY.slice(quote?.start ?? 0, quote?.end ?? 0)).toBe(quote?.text);
  });

  it('gives a PDF quote its page and the span in that page’s text', () => {
    for (const [answer, page] of [
      ['The peak flow rate was 2.6 m3/h at 12:30 [2].', 2],
      ['The seal held for the whole trial [2].', 3],
    ] as const) {
      const quote = citation(answer, 2)?.quote;
      expect(quote?.page).toBe(page);
      const pageText = PAGE_TEXTS[page - 1] ?? '';
      expect(pageText.slice(quote?.pageStart ?? 0, quote?.pageEnd ?? 0)).toBe(quote?.text);
      expect(PDF_BODY.slice(quote?.start ?? 0, quote?.end ?? 0)).toBe(quote?.text);
    }
  });

  it('gives no page offsets without the pages', () => {
    const quote = checkCitations('The seal held for the whole trial [2].', SOURCES).citations[1]
      ?.quote;
    expect(quote).toMatchObject({ page: null, pageStart: null, pageEnd: null });
  });

  it('gives an entity quote its field and entity, the value as written and no body span', () => {
    const quote = citation('Bob mentors Alice and Chidi [3].', 3)?.quote;
    expect(quote).toEqual({
      text: 'Alice, Chidi',
      start: null,
      end: null,
      found: true,
      field: 'mentors',
      entity: 'person/bob',
    });
    expect(citation('Bob mentors Alice and Chidi [3].', 3)?.support).toBe('supported');
  });

  it('counts claims by verdict', () => {
    const answer = [
      'Alice Moreau logged every reading by hand [1].',
      'The peak flow rate was 2.6 m3/h at 12:30 [2].',
      'The controller restarted twice during heavy storm flooding [1].',
      'Peak flow was 9.9 m3/h [2].',
      'No marker here.',
    ].join(' ');
    const { claims, claimSummary } = check(answer);
    expect(claims.map((c) => c.verdict)).toEqual([
      'supported',
      'supported',
      'partial',
      'unsupported',
    ]);
    expect(claimSummary).toEqual({ claims: 4, supported: 2, partial: 1, unsupported: 1 });
  });
});

describe('verdictOfClaim and summarizeClaims', () => {
  const claim = (verdict: Claim['verdict']): Claim => ({
    start: 0,
    end: 1,
    text: 'x',
    markers: [1],
    support: [],
    verdict,
  });

  it('takes the best verdict, unsupported when nothing is cited', () => {
    const support = (verdict: Claim['verdict']) => ({
      n: 1,
      verdict,
      score: 0,
      quote: null,
      missing: [],
    });
    expect(verdictOfClaim([])).toBe('unsupported');
    expect(verdictOfClaim([support('unsupported'), support('partial')])).toBe('partial');
    expect(verdictOfClaim([support('supported'), support('partial')])).toBe('supported');
  });

  it('counts an empty answer as zero claims', () => {
    expect(summarizeClaims([])).toEqual({ claims: 0, supported: 0, partial: 0, unsupported: 0 });
    expect(summarizeClaims([claim('partial'), claim('partial')]).partial).toBe(2);
  });
});

describe('claim checking: adversarial inputs', () => {
  const SIZE = 200_000;
  const inputs = {
    spaces: `${' '.repeat(SIZE)}x`,
    spacesAfterCaret: `^a${' '.repeat(SIZE)}x [1].`,
    dots: '.'.repeat(SIZE),
    spacedDots: '. '.repeat(SIZE / 2),
    initials: 'a. '.repeat(SIZE / 3),
    markers: '[1]'.repeat(SIZE / 3),
    separators: `|${'---|'.repeat(SIZE / 4)}\n|${'---|'.repeat(SIZE / 4)}`,
    brackets: `${'['.repeat(SIZE)} x [1].`,
    newlines: `${'\n'.repeat(SIZE)}x [1].`,
    entityHeading: `### @${' ('.repeat(SIZE / 2)}`,
  };

  it('stays fast (no quadratic backtracking) on every step of checking', () => {
    const started = performance.now();
    for (const text of Object.values(inputs)) {
      const source: CitableSource = { ...note, start: 0, end: text.length, text };
      expect(passageUnits(text).length).toBeGreaterThanOrEqual(0);
      const markers = parseCitationMarkers(text);
      expect(splitClaims(text, markers).length).toBeLessThanOrEqual(markers.length);
      judgeSupport(claimTermsOf(text), prepareSource(text, { title: 'T', path: 'p.md' }));
      renumberCitations(text, [source, { ...pdf, n: 2 }]);
      const check = checkCitations(text, [source, { ...entity, n: 2, text }]);
      expect(check.claimSummary.claims).toBe(check.claims.length);
    }
    // Several of these once took 5 to 45 seconds each while a regex backtracked; now ~2 s in all.
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 60_000);
});

describe('names that open a claim', () => {
  it('counts a sentence-initial name the sources use as a name, so the wrong person is not supported', () => {
    // "Bob" opens the claim, so only the sources tell it is a name: the team note uses it as one.
    const team: CitableSource = {
      ...note,
      n: 3,
      documentId: 'doc-team',
      path: 'notes/Team.md',
      title: 'Team',
      chunkId: null,
      start: 0,
      end: 44,
      text: 'The controller firmware is maintained by Bob.',
    };
    const check = checkCitations('Bob logged every reading by hand [1].', [note, team]);
    expect(check.claims[0]?.verdict).not.toBe('supported');
    expect(check.claims[0]?.support[0]?.missing).toContain('Bob');
    const right = checkCitations('Alice Moreau logged every reading by hand [1].', [note, team]);
    expect(right.claims[0]?.verdict).toBe('supported');
    // A capitalised common word opening a claim is not a name when no source uses it as one.
    const plain = checkCitations('Readings were logged by hand [1].', [note, team]);
    expect(plain.claims[0]?.support[0]?.missing).toEqual([]);
  });
});
