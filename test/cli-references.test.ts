import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySampleWorkspace, runFootnote } from '../src/testing/run-footnote.ts';

let root: string;
let workspace: string;
let cleanup: () => void;

beforeAll(() => {
  ({ root, workspace, cleanup } = copySampleWorkspace());
});
afterAll(() => cleanup());

interface RefJson {
  raw: string;
  start: number;
  end: number;
  syntax: string;
  status: string;
  permission: string;
  target: Record<string, unknown> | null;
  candidates: Array<Record<string, unknown>>;
  suggestions: Array<Record<string, unknown>>;
}

const resolve = (message: string, ...extra: string[]) => {
  const run = runFootnote('resolve', message, '--workspace', workspace, '--json', ...extra);
  expect(run.code, run.stderr).toBe(0);
  const { references } = JSON.parse(run.stdout) as { references: RefJson[] };
  for (const ref of references) expect(message.slice(ref.start, ref.end)).toBe(ref.raw);
  return references;
};

describe('footnote resolve on the sample workspace', () => {
  it('prints the documented shape, with every absent target part null', () => {
    const [ref] = resolve('What does [[Solar Pump Project#Requirements]] say?');
    expect(ref).toMatchObject({
      raw: '[[Solar Pump Project#Requirements]]',
      syntax: 'wikilink',
      status: 'resolved',
      permission: 'read',
      target: {
        path: 'notes/projects/Solar Pump Project.md',
        title: 'Solar Pump Project',
        kind: 'note',
        heading: 'Requirements',
        block: null,
        section: null,
        page: null,
        entity: null,
      },
      candidates: [],
      suggestions: [],
    });
    expect(typeof ref?.target?.documentId).toBe('string');
  });

  it('demonstrates every outcome', () => {
    const refs = resolve(
      '[[Solar Pump Project#^decision-1]] [[archive/Budget]] @pump [[Nonexistent Plan]] @Budgte @page:pump-datasheet.pdf#2 @sizing-a-solar-pump:Work out the flow rate @Alice [[../../etc/passwd]]',
      '--max',
      '4',
    );
    expect(refs.map((r) => [r.raw, r.status])).toEqual([
      ['[[Solar Pump Project#^decision-1]]', 'resolved'],
      ['[[archive/Budget]]', 'archived'],
      ['@pump', 'ambiguous'],
      ['[[Nonexistent Plan]]', 'unresolved'],
      ['@Budgte', 'unresolved'],
      ['@page:pump-datasheet.pdf#2', 'resolved'],
      ['@sizing-a-solar-pump:Work out the flow rate', 'resolved'],
      ['@Alice', 'over_limit'],
      ['[[../../etc/passwd]]', 'unresolved'],
    ]);
    expect(refs[0]?.target).toMatchObject({ block: 'decision-1' });
    expect(refs[2]?.candidates.length).toBeGreaterThan(1);
    expect(refs[4]?.suggestions[0]).toMatchObject({ path: expect.stringContaining('Budget') });
    expect(refs[5]?.target).toMatchObject({ kind: 'pdf', page: 2 });
    expect(refs[6]?.target).toMatchObject({ kind: 'content', section: 'work-out-the-flow-rate' });
    expect(refs[7]?.target).toMatchObject({ kind: 'entity', entity: 'person/alice' });
    expect(refs[8]?.target).toBeNull();
  });

  it('says when a document was deleted', () => {
    const ws = copySampleWorkspace();
    try {
      expect(runFootnote('index', '-w', ws.workspace, '--json').code).toBe(0);
      rmSync(join(ws.workspace, 'notes', 'Field Trip Checklist.md'));
      const run = runFootnote(
        'resolve',
        'see [[Field Trip Checklist]]',
        '-w',
        ws.workspace,
        '--json',
      );
      const [ref] = (JSON.parse(run.stdout) as { references: RefJson[] }).references;
      expect(ref).toMatchObject({
        status: 'deleted',
        target: { path: 'notes/Field Trip Checklist.md' },
      });
    } finally {
      ws.cleanup();
    }
  });

  it('infers permissions in agent mode only', () => {
    const message = 'Edit [[Pump Design#Impeller]] and add @site-photo.png to @why-solar-pumps';
    // The image is what is added (read); the post is where it goes (insert).
    expect(resolve(message, '--mode', 'agent').map((r) => r.permission)).toEqual([
      'write',
      'read',
      'insert',
    ]);
    expect(resolve(message).map((r) => r.permission)).toEqual(['read', 'read', 'read']);
  });

  it('uses the current document to break ties and to anchor [[#Heading]]', () => {
    const [ref] = resolve(
      '[[Budget]] and [[#Risks]]',
      '--current',
      'notes/projects/Solar Pump Project.md',
    );
    expect(ref?.target).toMatchObject({ path: 'notes/projects/Budget.md' });
    const refs = resolve('[[#Risks]]', '--current', 'notes/projects/Solar Pump Project.md');
    expect(refs[0]?.target).toMatchObject({
      path: 'notes/projects/Solar Pump Project.md',
      heading: 'Risks',
    });
  });

  it('resolves a batch file, one JSON line per message', () => {
    const batch = join(root, 'messages.jsonl');
    writeFileSync(
      batch,
      [
        JSON.stringify({ id: 'a', message: 'see @Alice' }),
        JSON.stringify({ id: 'b', message: '[[Budget]]', current: 'notes/archive/x.md' }),
      ].join('\n'),
    );
    const run = runFootnote('resolve', '--batch', batch, '--json', '-w', workspace);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual(['a', 'b']);
    expect(lines[1].references[0].target.path).toBe('notes/archive/Budget.md');
  });

  it('rejects a bad mode with exit 2', () => {
    const run = runFootnote('resolve', 'x', '--mode', 'admin', '-w', workspace);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/expected chat or agent, got "admin"/);
  });
});

describe('footnote suggest', () => {
  it('prints groups of items with the exact text to insert', () => {
    const run = runFootnote('suggest', 'pum', '--trigger', '@', '--json', '-w', workspace);
    expect(run.code, run.stderr).toBe(0);
    const { groups } = JSON.parse(run.stdout) as {
      groups: Array<{ kind: string; items: Array<Record<string, unknown>> }>;
    };
    expect(groups.map((g) => g.kind)).toEqual(expect.arrayContaining(['files', 'notes']));
    const items = groups.flatMap((g) => g.items);
    expect(items.length).toBeLessThanOrEqual(8);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual([
        'detail',
        'documentId',
        'insert',
        'kind',
        'label',
        'modifiedAt',
        'path',
      ]);
    }
    expect(items.map((i) => i.insert)).toContain('@pump-datasheet.pdf');
  });

  it("offers a note's headings after #, in reading order", () => {
    const run = runFootnote(
      'suggest',
      'Solar Pump Project#',
      '--trigger',
      '[[',
      '--limit',
      '3',
      '--json',
      '-w',
      workspace,
    );
    const { groups } = JSON.parse(run.stdout) as {
      groups: Array<{ items: Array<{ insert: string }> }>;
    };
    expect(groups[0]?.items.map((i) => i.insert)).toEqual([
      '[[Solar Pump Project#Solar Pump Project]]',
      '[[Solar Pump Project#Goals]]',
      '[[Solar Pump Project#Requirements]]',
    ]);
  });

  it('requires a valid trigger', () => {
    const run = runFootnote('suggest', 'x', '--trigger', '#', '-w', workspace);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/expected '\[\[' or '@'/);
  });
});
