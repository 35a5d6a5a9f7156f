import { describe, expect, it } from 'vitest';
import { LOCAL_USER, RoleForbiddenError } from '../../core/index.ts';
import { EditRefusedError } from '../edit-errors.ts';
import { failureOutcome, lineRange, ToolCallLog } from './tool-call-log.ts';
import { AmbiguousDocumentError, ToolInputError } from './tool-context.ts';

describe('lineRange', () => {
  const body = 'one\ntwo\nthree\nfour\n';
  it('names the body lines a span covers', () => {
    expect(lineRange(body, 0, body.length)).toBe('lines 1–4');
    expect(lineRange(body, 4, 13)).toBe('lines 2–3');
    expect(lineRange(body, 8, 13)).toBe('line 3');
    expect(lineRange('', 0, 0)).toBe('line 1');
  });
});

describe('failureOutcome', () => {
  it('stores a permission or role refusal as refused, with the reason', () => {
    expect(failureOutcome(new EditRefusedError('chat mode is read-only'))).toEqual({
      summary: 'refused: chat mode is read-only',
      documents: [],
    });
    const viewer = { ...LOCAL_USER, name: 'val', role: 'viewer' as const };
    expect(
      failureOutcome(new RoleForbiddenError(viewer, 'edit', 'viewers read only')).summary,
    ).toMatch(/^refused: viewer "val" may not .*viewers read only$/);
  });

  it('keeps the candidates of an ambiguous name as the documents', () => {
    const candidates = [
      { documentId: 'a', path: 'a/Plan.md', title: 'Plan A', kind: 'note' as const, score: 1 },
      { documentId: 'b', path: 'b/Plan.md', title: 'Plan B', kind: 'note' as const, score: 1 },
    ];
    expect(failureOutcome(new AmbiguousDocumentError('Plan', candidates))).toEqual({
      summary: expect.stringMatching(/^ambiguous: "Plan" names 2 documents/),
      documents: [
        { documentId: 'a', path: 'a/Plan.md', title: 'Plan A' },
        { documentId: 'b', path: 'b/Plan.md', title: 'Plan B' },
      ],
    });
  });

  it('stores other failures as failed, without file-system internals, cut at a word', () => {
    expect(failureOutcome(new ToolInputError('no section "X" in a.md')).summary).toBe(
      'failed: no section "X" in a.md',
    );
    expect(
      failureOutcome(Object.assign(new Error('/secret/path'), { code: 'ENOENT' })).summary,
    ).toBe('failed: the file could not be read');
    const long = failureOutcome(new ToolInputError(`${'word '.repeat(100)}end`)).summary;
    expect(long.length).toBeLessThanOrEqual(201);
    expect(long).toMatch(/word…$/);
  });
});

describe('ToolCallLog', () => {
  it('hands each outcome over once, with each document once, at most 20', () => {
    const log = new ToolCallLog();
    const doc = (i: number) => ({ documentId: `d${i}`, path: `n/${i}.md`, title: `N${i}` });
    log.record('c1', {
      summary: '  30\nresults ',
      documents: [doc(0), doc(0), ...Array.from({ length: 30 }, (_, i) => doc(i))],
    });
    const outcome = log.take('c1');
    expect(outcome?.summary).toBe('30 results');
    expect(outcome?.documents.map((d) => d.documentId)).toEqual(
      Array.from({ length: 20 }, (_, i) => `d${i}`),
    );
    expect(log.take('c1')).toBeUndefined();
  });
});
