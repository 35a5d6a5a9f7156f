import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openToolWorkspace, type ToolWorkspace } from '../../testing/tool-context-fixture.ts';
import { editTools } from './edit-tools.ts';

const photo = readFileSync(
  join(import.meta.dirname, '../../../examples/workspace/files/site-photo.png'),
);

let ws: ToolWorkspace;
beforeEach(async () => {
  ws = await openToolWorkspace({
    'notes/Trip.md': '# Trip\n\n## Photos\n\nFrom the site.\n',
    'files/site-photo.png': photo,
    'files/pump-sketch.png': photo,
  });
});
afterEach(() => ws.close());

const insert = async (message: string, input: Record<string, unknown>) => {
  const context = await ws.contextFor(message);
  const tools = editTools(context);
  // biome-ignore lint/suspicious/noExplicitAny: tool outputs are plain JSON the model reads.
  const output: any = await tools.insert_file.execute?.(
    { path: 'Trip', section: 'Photos', ...input } as never,
    { toolCallId: 'call-1', messages: [] },
  );
  return { output, context };
};

describe('insert_file', () => {
  it('embeds a file the user referenced (read is enough) into a document referenced for insertion', async () => {
    const { output, context } = await insert('Add @site-photo.png to [[Trip#Photos]]', {
      file: 'site-photo.png',
    });
    expect(
      context.references.map((r) => [r.raw, r.permission]),
      'the verbs give the photo read and the note insert',
    ).toEqual([
      ['@site-photo.png', 'read'],
      ['[[Trip#Photos]]', 'insert'],
    ]);
    expect(output).toMatchObject({ status: 'proposed', applied: false });
    expect(output.diff).toContain('+![[site-photo.png]]');
    expect(context.log.take('call-1')).toEqual({
      summary: 'proposed an edit of notes/Trip.md',
      documents: [
        expect.objectContaining({ path: 'notes/Trip.md', title: 'Trip' }),
        expect.objectContaining({ path: 'files/site-photo.png' }),
      ],
    });
  });

  it('refuses a file the user did not reference, says so to the model, and audits the refusal', async () => {
    const { output, context } = await insert('Add @site-photo.png to [[Trip#Photos]]', {
      file: 'pump-sketch.png',
    });
    expect(output).toEqual({
      error:
        'edit refused: the user did not reference files/pump-sketch.png in this message; only files the user referenced (e.g. @pump-sketch.png) may be inserted',
    });
    expect(context.edits).toEqual([]);
    expect(context.log.take('call-1')?.summary).toBe(
      'refused: the user did not reference files/pump-sketch.png in this message; only files the user referenced (e.g. @pump-sketch.png) may be inserted',
    );
    const audit = await ws.sessions.listAuditEvents({ sessionId: context.sessionId });
    expect(audit.map((e) => [e.kind, e.path, e.detail])).toEqual([
      [
        'edit_refused',
        'notes/Trip.md',
        {
          tool: 'insert_file',
          action: 'insert',
          reason: expect.stringContaining('did not reference files/pump-sketch.png'),
        },
      ],
    ]);
    expect(readFileSync(join(ws.workspace.root, 'notes/Trip.md'), 'utf8')).not.toContain('![[');
  });

  it('still refuses when only the target was referenced for insertion', async () => {
    const { output } = await insert('Insert a photo into [[Trip#Photos]]', {
      file: 'site-photo.png',
    });
    expect(output.error).toMatch(/did not reference files\/site-photo\.png/);
  });
});
