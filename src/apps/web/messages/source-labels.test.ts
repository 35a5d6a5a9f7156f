import { describe, expect, it } from 'vitest';
import type { CitationJson, ReferenceJson } from '../api/types.ts';
import {
  citedSources,
  claimSummaryLabel,
  groundingLabel,
  groundingTone,
  locationLabel,
  referenceLabel,
  shortExcerpt,
  sourcesToggleLabel,
  timeLabel,
  uncitedSources,
} from './source-labels.ts';

const citation = (n: number, title: string, extra: Partial<CitationJson> = {}): CitationJson => ({
  n,
  documentId: `doc-${title}`,
  path: `notes/${title}.md`,
  title,
  kind: 'note',
  chunkId: null,
  page: null,
  section: null,
  excerpt: `About ${title}`,
  start: 0,
  end: 10,
  quote: null,
  support: null,
  valid: true,
  cited: true,
  ...extra,
});

describe('sources toggle', () => {
  it('names the cited documents once each, in number order', () => {
    const list = [
      citation(2, 'Budget'),
      citation(1, 'Pump Design'),
      citation(3, 'Pump Design', { documentId: 'doc-Pump Design' }),
      citation(4, 'Kickoff', { cited: false }),
    ];
    expect(sourcesToggleLabel(list)).toBe('Sources: Pump Design, Budget');
  });

  it('shortens long lists', () => {
    const list = ['A', 'B', 'C', 'D', 'E'].map((t, i) => citation(i + 1, t));
    expect(sourcesToggleLabel(list)).toBe('Sources: A, B, C +2 more');
  });

  it('says when sources were seen but none cited', () => {
    expect(sourcesToggleLabel([citation(1, 'A', { cited: false })])).toBe(
      'Sources: none cited, 1 seen',
    );
  });
});

describe('cited and uncited sources', () => {
  it('splits by the cited flag and sorts by number', () => {
    const list = [citation(3, 'C'), citation(1, 'A', { cited: false }), citation(2, 'B')];
    expect(citedSources(list).map((c) => c.n)).toEqual([2, 3]);
    expect(uncitedSources(list).map((c) => c.n)).toEqual([1]);
  });

  it('lists each uncited document once, and none that is cited elsewhere', () => {
    const list = [
      citation(1, 'A'),
      citation(2, 'B', { cited: false }),
      citation(3, 'A', { cited: false }),
      citation(4, 'B', { cited: false }),
      citation(5, 'C', { cited: false }),
    ];
    expect(uncitedSources(list).map((c) => c.n)).toEqual([2, 5]);
  });
});

describe('groundingLabel', () => {
  it('counts cited sources with the right plural', () => {
    expect(groundingLabel(true, [citation(1, 'A')])).toBe('Grounded in 1 source');
    expect(groundingLabel(true, [citation(1, 'A'), citation(2, 'B')])).toBe(
      'Grounded in 2 sources',
    );
  });

  it('says no source was cited when sources were seen but none cited', () => {
    expect(groundingLabel(false, [citation(1, 'A', { cited: false })])).toBe('No sources cited');
  });

  it('says the documents hold no answer when nothing was found', () => {
    expect(groundingLabel(false, [])).toBe('No answer in your documents');
  });
});

describe('a cut-off answer', () => {
  it('is partial, never grounded, whatever it cites', () => {
    expect(groundingLabel(true, [citation(1, 'A'), citation(2, 'B')], null, true)).toBe(
      'Partial answer · cites 2 sources',
    );
    expect(groundingLabel(false, [], null, true)).toBe('Partial answer');
    expect(groundingTone(true, null, true)).toEqual({ tone: 'partial', icon: '◐' });
  });
});

describe('claim summary in the footer', () => {
  const summary = (supported: number, partial = 0, unsupported = 0) => ({
    claims: supported + partial + unsupported,
    supported,
    partial,
    unsupported,
  });

  it('says how many claims the sources support', () => {
    expect(groundingLabel(true, [citation(1, 'A'), citation(2, 'B')], summary(3))).toBe(
      'Grounded in 2 sources · 3 of 3 claims supported',
    );
    expect(claimSummaryLabel(summary(1))).toBe('1 of 1 claim supported');
  });

  it('names partial and unsupported counts only when there are some', () => {
    expect(claimSummaryLabel(summary(2, 1))).toBe('2 of 3 claims supported, 1 partly');
    expect(claimSummaryLabel(summary(1, 0, 2))).toBe('1 of 3 claims supported, 2 unsupported');
    expect(claimSummaryLabel(summary(0, 1, 1))).toBe(
      '0 of 2 claims supported, 1 partly, 1 unsupported',
    );
  });

  it('says "not checked" for an answer stored before claims were checked', () => {
    expect(groundingLabel(true, [citation(1, 'A')], null)).toBe(
      'Grounded in 1 source · claims not checked',
    );
  });

  it('says nothing of claims when there are none, or when the answer is not grounded', () => {
    expect(groundingLabel(true, [citation(1, 'A')], summary(0))).toBe('Grounded in 1 source');
    expect(groundingLabel(false, [], null)).toBe('No answer in your documents');
  });
});

describe('groundingTone', () => {
  const summary = (supported: number, partial = 0, unsupported = 0) => ({
    claims: supported + partial + unsupported,
    supported,
    partial,
    unsupported,
  });

  it('ticks only an answer whose checked claims are all supported', () => {
    expect(groundingTone(true, summary(3))).toEqual({ tone: 'grounded', icon: '✓' });
    expect(groundingTone(true, summary(1, 1))).toEqual({ tone: 'doubtful', icon: '⚠' });
    expect(groundingTone(true, summary(1, 0, 1))).toEqual({ tone: 'doubtful', icon: '⚠' });
  });

  it('stays neutral for an answer whose claims were never checked', () => {
    expect(groundingTone(true, null)).toEqual({ tone: 'unchecked', icon: '–' });
    expect(groundingTone(false, null)).toEqual({ tone: 'ungrounded', icon: '○' });
  });
});

describe('locationLabel', () => {
  it('adds the page or section to the path', () => {
    expect(locationLabel({ path: 'pdfs/a.pdf', page: 3, section: null })).toBe(
      'pdfs/a.pdf · page 3',
    );
    expect(locationLabel({ path: 'content/p.md', page: null, section: 'risks' })).toBe(
      'content/p.md · § risks',
    );
    expect(locationLabel({ path: 'notes/a.md', page: null, section: null })).toBe('notes/a.md');
  });
});

describe('shortExcerpt', () => {
  it('keeps short text and folds whitespace', () => {
    expect(shortExcerpt('a\n\n b')).toBe('a b');
  });

  it('cuts long text at a word with an ellipsis', () => {
    const text = 'word '.repeat(100);
    const short = shortExcerpt(text, 42);
    expect(short.length).toBeLessThanOrEqual(43);
    expect(short.endsWith('word…')).toBe(true);
  });
});

describe('referenceLabel', () => {
  const reference = (extra: Partial<ReferenceJson>): ReferenceJson =>
    ({
      raw: '[[Design#Risks]]',
      start: 0,
      end: 16,
      syntax: 'wikilink',
      origin: 'user',
      status: 'resolved',
      permission: 'read',
      target: null,
      candidates: [],
      suggestions: [],
      spans: [],
      notes: [],
      ...extra,
    }) as ReferenceJson;

  it('shows the target title and part', () => {
    const target = {
      documentId: 'd',
      path: 'notes/Design.md',
      title: 'Design',
      kind: 'note',
      heading: 'Risks',
      block: null,
      section: null,
      page: null,
      entity: null,
    } as ReferenceJson['target'];
    expect(referenceLabel(reference({ target }))).toEqual({
      title: 'Design › Risks',
      status: 'resolved',
    });
  });

  it('falls back to what was written when unresolved', () => {
    expect(referenceLabel(reference({ status: 'unresolved' }))).toEqual({
      title: '[[Design#Risks]]',
      status: 'not found',
    });
  });

  it('says when the document was deleted or archived after the message was sent', () => {
    expect(
      referenceLabel(reference({ status: 'deleted', statusWhenSent: 'resolved' })).status,
    ).toBe('deleted since');
    expect(
      referenceLabel(reference({ status: 'archived', statusWhenSent: 'resolved' })).status,
    ).toBe('archived since');
    expect(referenceLabel(reference({ status: 'archived' })).status).toBe('archived');
  });
});

describe('timeLabel', () => {
  it('shows only the time today and adds the day otherwise', () => {
    const now = new Date(2026, 2, 12, 18, 0);
    const today = timeLabel(new Date(2026, 2, 12, 9, 5).toISOString(), now);
    const earlier = timeLabel(new Date(2026, 2, 2, 9, 5).toISOString(), now);
    expect(today).toMatch(/09.05/);
    expect(earlier).toMatch(/2/);
    expect(earlier.length).toBeGreaterThan(today.length);
  });

  it('is empty for a bad date', () => {
    expect(timeLabel('nonsense')).toBe('');
  });
});
