import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySampleWorkspace, runFootnote as footnote } from '../src/testing/run-footnote.ts';

let root: string;
let workspace: string;
let cleanup: () => void;

const searchJson = (query: string, ...extra: string[]) => {
  const run = footnote('search', query, '--workspace', workspace, '--json', ...extra);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { results: Array<Record<string, unknown>> };
};

beforeAll(() => {
  ({ root, workspace, cleanup } = copySampleWorkspace());
});

afterAll(() => cleanup());

describe('footnote search builds the index itself and finds every kind', () => {
  it('finds a note by its heading text', () => {
    const { results } = searchJson('pre-filter basket', '--kind', 'note', '--limit', '3');
    expect(results[0]).toMatchObject({
      kind: 'note',
      page: null,
      path: 'notes/meetings/2026-03-09 Design Review.md',
    });
    expect(Object.keys(results[0] ?? {})).toEqual(
      expect.arrayContaining([
        'documentId',
        'path',
        'title',
        'kind',
        'chunkId',
        'score',
        'excerpt',
        'start',
        'end',
        'page',
      ]),
    );
  });

  it('finds PDF text with its page number', () => {
    const { results } = searchJson('impeller maximum head', '--kind', 'pdf', '--limit', '1');
    expect(results[0]).toMatchObject({ kind: 'pdf', path: 'pdfs/pump-datasheet.pdf', page: 2 });
    const warranty = searchJson('warranty', '--kind', 'pdf', '--limit', '1').results[0];
    expect(warranty).toMatchObject({ page: 3 });
  });

  it('finds blog content with its section id', () => {
    const { results } = searchJson('work out the flow rate', '--kind', 'content', '--limit', '1');
    expect(results[0]).toMatchObject({
      kind: 'content',
      path: 'content/sizing-a-solar-pump.md',
      section: 'work-out-the-flow-rate',
    });
  });

  it('finds sources, entities and files (text and image)', () => {
    expect(searchJson('Grace interview', '--kind', 'source').results[0]).toMatchObject({
      kind: 'source',
    });
    expect(searchJson('Alice', '--kind', 'entity').results.map((r) => r.path)).toContain(
      'entities/person/alice.md',
    );
    expect(searchJson('sensor readings', '--kind', 'file').results[0]).toMatchObject({
      path: 'files/sensor-readings.csv',
    });
    expect(searchJson('site photo', '--kind', 'file').results[0]).toMatchObject({
      path: 'files/site-photo.png',
    });
  });

  it('filters by several kinds and respects the limit', () => {
    const { results } = searchJson('pump', '--kind', 'pdf,content', '--limit', '20');
    expect(results.length).toBeGreaterThan(4);
    expect(results.length).toBeLessThanOrEqual(20);
    const perDocument = new Map<unknown, number>();
    for (const r of results) perDocument.set(r.path, (perDocument.get(r.path) ?? 0) + 1);
    expect(Math.max(...perDocument.values())).toBeLessThanOrEqual(3);
    expect(new Set(results.map((r) => r.kind))).toEqual(new Set(['pdf', 'content']));
  });

  it('slices chunk offsets out of the document body exactly', () => {
    const { results } = searchJson('budget risks', '--limit', '1');
    const hit = results[0] as { start: number; end: number; excerpt: string };
    expect(hit.end).toBeGreaterThan(hit.start);
    expect(hit.excerpt.toLowerCase()).toContain('risk');
  });
});

describe('footnote index', () => {
  it('prints the documented JSON report and nothing else on stdout', () => {
    const run = footnote('index', '--workspace', workspace, '--json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ added: 0, updated: 0, deleted: 0 });
    for (const key of ['documents', 'chunks', 'added', 'updated', 'deleted', 'skipped', 'ms']) {
      expect(typeof report[key], key).toBe('number');
    }
    expect(report.documents).toBeGreaterThanOrEqual(30);
  });
});

describe('footnote search --batch', () => {
  it('answers one JSON line per query line, in order', () => {
    const batch = join(root, 'queries.jsonl');
    writeFileSync(batch, '{"id":"q1","text":"pump"}\n\n{"id":2,"text":"mentors"}\n');
    const run = footnote(
      'search',
      '--batch',
      batch,
      '--limit',
      '2',
      '--json',
      '--workspace',
      workspace,
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual(['q1', '2']);
    expect(lines[0].results.length).toBe(2);
  });

  it('names the bad line of a batch file', () => {
    const batch = join(root, 'bad.jsonl');
    writeFileSync(batch, '{"id":"q1","text":"warranty"}\n{"id":"q2"}\n');
    const run = footnote('search', '--batch', batch, '--json', '--workspace', workspace);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(`footnote: ${batch}:2: expected {"id": string, "text": string}`);
  });
});

describe('exit codes and errors', () => {
  it.each([
    [['search', 'x', '--limit', '0']],
    [['search', 'x', '--kind', 'poster']],
    [['search', 'x', '--no-such-option']],
    [['frobnicate']],
  ])('usage error %j exits 2', (args) => {
    const run = footnote(...args, '--workspace', workspace);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: /);
  });

  it('exits 2 with one line for a missing workspace folder', () => {
    const run = footnote('search', 'x', '--workspace', join(root, 'nope'));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`footnote: workspace folder not found: ${join(root, 'nope')}\n`);
  });

  it('exits 2 when the query is missing', () => {
    const run = footnote('search', '--workspace', workspace);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('footnote: missing query (or --batch FILE)\n');
  });

  it('exits 1 with one line when the database is unreadable', () => {
    const broken = join(root, 'broken');
    mkdirSync(join(broken, '.footnote'), { recursive: true });
    writeFileSync(
      join(broken, '.footnote', 'footnote.db'),
      'this is not a database at all, just text'.repeat(100),
    );
    const run = footnote('search', 'x', '--workspace', broken);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^footnote: .*not a database/);
  });

  it('prints results for people, not JSON, without --json', () => {
    const run = footnote('search', 'warranty', '--workspace', workspace, '--limit', '1');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^1\. SP-200 Solar Pump Datasheet \[pdf\] \(lexical\)\n {3}pdfs\/pump-datasheet\.pdf · page 3\n/,
    );
  });
});
