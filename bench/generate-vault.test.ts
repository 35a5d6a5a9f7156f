import { describe, expect, it } from 'vitest';
import { readDocument } from '../src/workspace/index.ts';
import { generateVault, vaultEdit, vaultQueries } from './generate-vault.ts';
import { seededRandom, zipfSampler } from './seeded-random.ts';

const small = { notes: 60, areas: 2 };

describe('seededRandom', () => {
  it('repeats for a seed and differs between seeds', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, seededRandom(seed).next);
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    for (const x of draw(0)) expect(x >= 0 && x < 1).toBe(true);
  });

  it('keeps int within bounds and zipf favours low ranks', () => {
    const random = seededRandom(1);
    const ints = Array.from({ length: 500 }, () => random.int(3, 5));
    expect(new Set(ints)).toEqual(new Set([3, 4, 5]));
    const rank = zipfSampler(random, 100);
    const draws = Array.from({ length: 2000 }, rank);
    expect(Math.min(...draws)).toBe(0);
    expect(Math.max(...draws)).toBeLessThan(100);
    expect(draws.filter((d) => d === 0).length).toBeGreaterThan(
      draws.filter((d) => d === 50).length,
    );
  });
});

describe('generateVault', () => {
  const files = [...generateVault(small)];

  it('is the same for the same seed and different for another', () => {
    expect([...generateVault(small)]).toEqual(files);
    expect([...generateVault({ ...small, seed: 99 })]).not.toEqual(files);
  });

  it('spreads unique note paths over five subfolders per area', () => {
    expect(files).toHaveLength(60);
    expect(new Set(files.map((f) => f.path)).size).toBe(60);
    expect(new Set(files.map((f) => f.path.slice(0, f.path.lastIndexOf('/')))).size).toBe(10);
  });

  it('writes frontmatter, 3–8 headings, wikilinks to other notes, and block ids', async () => {
    const titles = new Set(files.map((f) => f.path.slice(f.path.lastIndexOf('/') + 1, -3)));
    let blocks = 0;
    for (const file of files) {
      const outcome = await readDocument(file.path, 'note', Buffer.from(file.content), new Map());
      if (!outcome.ok) throw new Error(outcome.reason);
      const doc = outcome.doc;
      expect(doc.warnings).toEqual([]);
      expect(titles.has(doc.title)).toBe(true);
      expect(Array.isArray(doc.metadata.tags)).toBe(true);
      expect(doc.headings.length).toBeGreaterThanOrEqual(3);
      expect(doc.headings.length).toBeLessThanOrEqual(8);
      const wikilinks = doc.links.filter((l) => l.syntax === 'wikilink');
      expect(wikilinks.length).toBeGreaterThanOrEqual(2);
      for (const link of wikilinks) expect(titles.has(link.target)).toBe(true);
      blocks += doc.blocks.length;
    }
    expect(blocks).toBeGreaterThan(0);
  });

  it('makes repeatable edits and queries', () => {
    expect(vaultEdit(3)).toBe(vaultEdit(3));
    expect(vaultEdit(3)).not.toBe(vaultEdit(4));
    expect(vaultEdit(0)).toMatch(/^\n## Edit 1\n\n\S/);
    const queries = vaultQueries(20);
    expect(queries).toEqual(vaultQueries(20));
    for (const q of queries) expect(q.split(' ').length).toBeLessThanOrEqual(3);
  });
});
