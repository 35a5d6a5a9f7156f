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

describe('inserting where the user asked', () => {
  const post = [
    '---',
    'title: Why solar pumps',
    '---',
    'Pumps need power.',
    '',
    '## Costs',
    '',
    'Panels are cheap.',
    '',
    '## Wrapping up',
    '',
    'Go solar.',
    '',
  ].join('\n');
  let site: ToolWorkspace;
  beforeEach(async () => {
    site = await openToolWorkspace({
      'content/why-solar-pumps.md': post,
      'notes/Note.md': '# Note\n\n## Risks\n\nDust.\n\n## Next\n\nOrder parts.\n',
      'files/site-photo.png': photo,
    });
  });
  afterEach(() => site.close());

  /** Runs one insert tool on the workspace and answers the file's new text. */
  const run = async (
    message: string,
    name: 'insert_text' | 'insert_file',
    input: Record<string, unknown>,
    path: string,
  ) => {
    const context = await site.contextFor(message);
    const tools = editTools(context);
    // biome-ignore lint/suspicious/noExplicitAny: tool outputs are plain JSON the model reads.
    const output: any = await tools[name].execute?.(input as never, {
      toolCallId: 'call-1',
      messages: [],
    });
    return { output, text: readFileSync(join(site.workspace.root, path), 'utf8'), context };
  };

  it("places the seed's featured image above the conclusion, whatever the conclusion is titled", async () => {
    const { output, context } = await run(
      'Add @site-photo.png as the featured image above the conclusion in @why-solar-pumps',
      'insert_file',
      {
        path: 'why-solar-pumps',
        file: 'site-photo.png',
        section: 'conclusion',
        position: 'before',
      },
      'content/why-solar-pumps.md',
    );
    expect(context.references.map((r) => r.permission)).toEqual(['read', 'insert']);
    expect(output.status).toBe('proposed');
    expect(output.diff).toContain('+![[site-photo.png]]');
    // Proposed only: the preview's diff puts the image right above "## Wrapping up".
    expect(output.diff).toMatch(/\+!\[\[site-photo\.png\]\]\n\+\n ## Wrapping up/);
  });

  it('adds a paragraph under a section heading, at its end, above a section, or at the top or end of the document, leaving the rest as it was', async () => {
    const note = '# Note\n\n## Risks\n\nDust.\n\n## Next\n\nOrder parts.\n';
    const cases: ReadonlyArray<[Record<string, unknown>, string]> = [
      [
        { section: 'Risks', position: 'start' },
        '# Note\n\n## Risks\n\nFog too.\n\nDust.\n\n## Next\n\nOrder parts.\n',
      ],
      [
        { section: 'Risks', position: 'end' },
        '# Note\n\n## Risks\n\nDust.\n\nFog too.\n\n## Next\n\nOrder parts.\n',
      ],
      [
        { section: 'Next', position: 'before' },
        '# Note\n\n## Risks\n\nDust.\n\nFog too.\n\n## Next\n\nOrder parts.\n',
      ],
      [
        { position: 'start' },
        'Fog too.\n\n# Note\n\n## Risks\n\nDust.\n\n## Next\n\nOrder parts.\n',
      ],
      [{}, '# Note\n\n## Risks\n\nDust.\n\n## Next\n\nOrder parts.\n\nFog too.\n'],
    ];
    for (const [where, expected] of cases) {
      const own = await openToolWorkspace({ 'notes/Note.md': note });
      try {
        const context = await own.contextFor(
          'Please insert a short paragraph about fog into [[Note#Risks]]',
          { dryRun: false },
        );
        // biome-ignore lint/suspicious/noExplicitAny: tool outputs are plain JSON the model reads.
        const output: any = await editTools(context).insert_text.execute?.(
          { path: 'Note', content: 'Fog too.', position: 'end', ...where } as never,
          { toolCallId: 'call-1', messages: [] },
        );
        expect(output.status, JSON.stringify(where)).toBe('applied');
        const text = readFileSync(join(own.workspace.root, 'notes/Note.md'), 'utf8');
        expect(text, JSON.stringify(where)).toBe(expected);
      } finally {
        await own.close();
      }
    }
  });

  it('refuses text into a document the user referenced only to read, and "before" without a section', async () => {
    const read = await run(
      'What does [[Note]] say?',
      'insert_text',
      { path: 'Note', content: 'Fog.' },
      'notes/Note.md',
    );
    expect(read.output.error).toMatch(/refused/);
    const nowhere = await run(
      'Insert a line about fog into [[Note]]',
      'insert_text',
      { path: 'Note', content: 'Fog.', position: 'before' },
      'notes/Note.md',
    );
    expect(nowhere.output.error).toMatch(/needs a section/);
  });
});
