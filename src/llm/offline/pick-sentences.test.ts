import { describe, expect, it } from 'vitest';
import { hasTopic, leadSentences, pickSentences, scoreSentences } from './pick-sentences.ts';
import type { SourcePassage } from './read-prompt.ts';

const passage = (n: number, text: string, extra: Partial<SourcePassage> = {}): SourcePassage => ({
  n,
  title: `Doc ${n}`,
  path: `doc-${n}.md`,
  part: null,
  text,
  referenced: false,
  from: 'search',
  ...extra,
});

describe('scoreSentences', () => {
  it('weights rare terms over common ones', () => {
    const passages = [
      passage(1, 'The pump is green and quite large. The pump pressure is 3 bar at the outlet.'),
      passage(2, 'The pump sits in the basement room. The pump was bought from a supplier.'),
    ];
    const scored = scoreSentences('pump pressure', passages);
    const best = [...scored].sort((a, b) => b.score - a.score)[0];
    expect(best?.text).toBe('The pump pressure is 3 bar at the outlet.');
    const commonOnly = scored.find((s) => s.text.startsWith('The pump sits'));
    expect(commonOnly?.score).toBeLessThan(0.35);
  });

  it('gives sentences of referenced sources a bonus', () => {
    const text = 'The valve opens at two bar of pressure.';
    const scored = scoreSentences('valve pressure', [
      passage(1, text),
      passage(2, `${text} Again.`, {
        referenced: true,
        text: 'A valve opens at two bar of pressure.',
      }),
    ]);
    expect(scored[1]?.score ?? 0).toBeGreaterThan(scored[0]?.score ?? 0);
  });
});

describe('pickSentences', () => {
  it('picks the best sentences from at most three sources, best source first, in reading order', () => {
    const passages = [
      passage(1, 'Silt clogs the strainer in spring. Silt also wears the strainer seals.'),
      passage(2, 'The strainer must be cleaned of silt weekly.'),
      passage(3, 'Silt in the strainer lowers the flow.'),
      passage(4, 'Strainer silt problems were reported again.'),
      passage(5, 'Lunch is served at noon.'),
    ];
    const { picked } = pickSentences('why does silt clog the strainer', passages);
    expect(picked.length).toBeGreaterThanOrEqual(2);
    expect(picked.length).toBeLessThanOrEqual(4);
    expect(new Set(picked.map((p) => p.passage.n)).size).toBeLessThanOrEqual(3);
    expect(picked[0]?.text).toBe('Silt clogs the strainer in spring.');
    expect(picked.some((p) => p.text.includes('Lunch'))).toBe(false);
  });

  it('picks nothing when no sentence reaches the minimum score', () => {
    const { picked, ranking } = pickSentences('who won the world cup', [
      passage(1, 'The pump delivers 2.5 m³/h at 3 bar.'),
    ]);
    expect(picked).toEqual([]);
    expect(ranking).toEqual([]);
  });

  it('skips a sentence repeated in another source', () => {
    const same = 'The strainer clogs with silt every spring.';
    const { picked } = pickSentences('strainer silt', [passage(1, same), passage(2, same)]);
    expect(picked.map((p) => p.passage.n)).toEqual([1]);
  });
});

describe('the question a referenced document is asked', () => {
  it('is what remains once the references are taken out, when anything topical remains', async () => {
    const { focusOf, withoutReferences } = await import('./pick-sentences.ts');
    expect(
      withoutReferences('What does [[Design#Risks]] say about silt?').replace(/\s+/g, ' '),
    ).toBe('What does say about silt?');
    expect(focusOf('What does [[Design#Risks]] say about silt?').replace(/\s+/g, ' ')).toBe(
      'What does say about silt?',
    );
    expect(focusOf('Summarize [[Pump Design]]')).toBe('Summarize Pump Design');
  });
});

describe('questions that only name a document', () => {
  it('tells a topic from words of asking', () => {
    expect(hasTopic('What does [[Solar Pump Project#Goals]] say?')).toBe(false);
    expect(hasTopic('Summarize @field-trial-lessons please')).toBe(false);
    expect(hasTopic('What does [[Solar Pump Project#Risks]] say about silt?')).toBe(true);
  });

  it('quotes the opening sentences of the referenced part, in reading order, skipping headings', () => {
    const goals = passage(
      2,
      '## Goals\n\n1. Deliver 15 m³ of water per day on a clear day.\n2. Sell at a landed price under USD 650.\n3. Survive five years of outdoor use.',
      { referenced: true, from: 'context', title: 'Solar Pump Project', part: '# Goals' },
    );
    const other = passage(5, 'That matches the repayment goal in Solar Pump Project Goals.', {
      from: 'search',
    });
    const { picked, ranking } = leadSentences([other, goals]);
    expect(picked.map((p) => p.text)).toEqual([
      'Deliver 15 m³ of water per day on a clear day.',
      'Sell at a landed price under USD 650.',
      'Survive five years of outdoor use.',
    ]);
    expect(picked.every((p) => p.passage.n === 2)).toBe(true);
    expect(ranking).toEqual([goals]);
  });

  it('takes at most two sentences from each of several referenced parts', () => {
    const a = passage(1, 'One two three four. Five six seven eight. Nine ten eleven twelve.', {
      referenced: true,
      from: 'context',
    });
    const b = passage(2, 'Alpha beta gamma delta. Epsilon zeta eta theta.', {
      referenced: true,
      from: 'context',
    });
    const { picked } = leadSentences([a, b]);
    expect(picked.map((p) => p.passage.n)).toEqual([1, 1, 2, 2]);
  });

  it('gives nothing when nothing was referenced, so the usual scoring answers', () => {
    expect(leadSentences([passage(1, 'Some words in a sentence here.')]).picked).toEqual([]);
  });
});
