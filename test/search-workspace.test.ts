import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../src/core/index.ts';
import { searchWorkspace } from '../src/search/index.ts';
import { SqliteStore } from '../src/store/index.ts';
import { writeTextPdf } from '../src/testing/pdf-writer.ts';
import { createTempWorkspace, type TempWorkspace } from '../src/testing/temp-workspace.ts';
import { indexWorkspace } from '../src/workspace/index.ts';

let ws: TempWorkspace;
let store: SqliteStore;

const longNote = Array.from(
  { length: 8 },
  (_, i) => `## Part ${i}\n\nThe gearbox needs oil in part ${i}.`,
).join('\n\n');

beforeAll(async () => {
  ws = createTempWorkspace({
    'notes/Gearbox.md': `# Gearbox\n\n${longNote}\n`,
    'notes/Turbine.md': '# Turbine\n\nBlades turn the rotor. The gearbox steps up the speed.\n',
    'notes/Weather.md': '# Weather\n\nWind speed varies with the season and with height.\n',
    'notes/Linker.md': '# Linker\n\nRead [[Gearbox#Part 1|this section]] before starting.\n',
    'manual.pdf': writeTextPdf([['Safety first.'], ['Check the gearbox oil level monthly.']]),
  });
  store = SqliteStore.open(join(ws.root, '.footnote', 'footnote.db'));
  await indexWorkspace(ws.root, store);
});

afterAll(async () => {
  await store.close();
  ws.cleanup();
});

describe('searchWorkspace', () => {
  it('returns the best chunks first, with exact offsets and excerpts', async () => {
    const results = await searchWorkspace(store, 'gearbox oil', { limit: 5 });
    expect(results.length).toBeGreaterThan(2);
    expect(results.map((r) => r.score)).toEqual(
      [...results.map((r) => r.score)].sort((a, b) => b - a),
    );
    for (const r of results) {
      const doc = await store.getDocument(r.documentId);
      expect(doc?.body.slice(r.start, r.end).replace(/\s+/g, ' ')).toContain(
        r.excerpt.replace(/…/g, '').trim().slice(0, 20),
      );
    }
  });

  it('caps chunks per document so one long document cannot fill the results', async () => {
    const results = await searchWorkspace(store, 'gearbox', { limit: 10 });
    const fromGearbox = results.filter((r) => r.path === 'notes/Gearbox.md');
    expect(fromGearbox.length).toBe(3);
    expect(results.map((r) => r.path)).toEqual(
      expect.arrayContaining(['notes/Turbine.md', 'manual.pdf']),
    );
    const all = await searchWorkspace(store, 'gearbox', { limit: 20, perDocument: 20 });
    expect(all.filter((r) => r.path === 'notes/Gearbox.md').length).toBeGreaterThan(3);
  });

  it('gives PDF hits their page', async () => {
    const [hit] = await searchWorkspace(store, 'oil level monthly', { limit: 1, kinds: ['pdf'] });
    expect(hit).toMatchObject({ path: 'manual.pdf', page: 2, kind: 'pdf' });
  });

  it('only returns chunks that contain a word of the query, whatever feedback adds', async () => {
    const results = await searchWorkspace(store, 'season', { limit: 10 });
    expect(results.map((r) => r.path)).toEqual(['notes/Weather.md']);
  });

  it('does not rank a note for the hidden target of an aliased link', async () => {
    const results = await searchWorkspace(store, 'gearbox part', { limit: 10, perDocument: 1 });
    expect(results[0]?.path).toBe('notes/Gearbox.md');
    expect(results.map((r) => r.path)).not.toContain('notes/Linker.md');
  });

  it('returns nothing for a query of stop words only', async () => {
    expect(await searchWorkspace(store, 'the of and')).toEqual([]);
  });

  it('refuses a limit out of range with the offending value', async () => {
    await expect(searchWorkspace(store, 'gearbox', { limit: 0 })).rejects.toThrow(
      InvalidInputError,
    );
    await expect(searchWorkspace(store, 'gearbox', { limit: 5000 })).rejects.toThrow(/got 5000/);
  });

  it('is deterministic', async () => {
    const a = await searchWorkspace(store, 'gearbox speed rotor', { limit: 10 });
    const b = await searchWorkspace(store, 'gearbox speed rotor', { limit: 10 });
    expect(b).toEqual(a);
  });
});
