import { describe, expect, it } from 'vitest';
import type { ToolActivity } from '../chat/view-message.ts';
import { stepsLabel, toolLine } from './tool-labels.ts';

const tool = (name: string, input: unknown, extra: Partial<ToolActivity> = {}): ToolActivity => ({
  id: '1',
  name,
  input,
  state: 'running',
  summary: null,
  ...extra,
});

describe('toolLine', () => {
  it('describes a search while it runs and after', () => {
    expect(toolLine(tool('search', { query: 'silt' }))).toBe('Searching “silt”…');
    expect(
      toolLine(tool('search', { query: 'silt' }, { state: 'done', summary: '3 passages' })),
    ).toBe('Searched “silt”: 3 passages');
    expect(toolLine(tool('search', { query: 'silt' }, { state: 'done' }))).toBe('Searched “silt”');
  });

  it('names what the read tools read', () => {
    expect(toolLine(tool('read_document', { path: 'notes/Design.md' }))).toBe(
      'Reading notes/Design.md…',
    );
    expect(toolLine(tool('read_section', { path: 'content/p.md', section: 'risks' }))).toBe(
      'Reading content/p.md § risks…',
    );
    expect(toolLine(tool('get_page', { path: 'pdfs/a.pdf', page: 3 }, { state: 'done' }))).toBe(
      'Read pdfs/a.pdf, page 3',
    );
  });

  it('describes listing, links and edits', () => {
    expect(toolLine(tool('list_documents', { kind: 'pdf' }))).toBe('Listing pdf documents…');
    expect(toolLine(tool('links', { path: 'Home.md' }))).toBe('Following links of Home.md…');
    expect(toolLine(tool('edit_section', { path: 'notes/Budget.md', section: 'x' }))).toBe(
      'Preparing an edit to notes/Budget.md…',
    );
  });

  it('adds the error of a failed call', () => {
    expect(
      toolLine(
        tool('read_document', { path: 'x.md' }, { state: 'error', summary: 'no such document' }),
      ),
    ).toBe('Reading x.md — failed: no such document');
  });

  it('shows the engine’s summary of a read or an edit as the line, and of links after it', () => {
    const done = { state: 'done' as const };
    expect(
      toolLine(
        tool(
          'read_section',
          { path: 'Pump', section: 'Impeller' },
          {
            ...done,
            summary: 'read notes/Pump.md lines 5–9',
          },
        ),
      ),
    ).toBe('Read notes/Pump.md lines 5–9');
    expect(
      toolLine(
        tool(
          'insert_file',
          { path: 'Trip' },
          { ...done, summary: 'proposed an edit of notes/Trip.md' },
        ),
      ),
    ).toBe('Proposed an edit of notes/Trip.md');
    expect(
      toolLine(
        tool(
          'links',
          { path: 'Budget' },
          {
            ...done,
            summary: 'links of notes/Budget.md: 1 outgoing link, 0 backlinks',
          },
        ),
      ),
    ).toBe('Followed links of notes/Budget.md: 1 outgoing link, 0 backlinks');
  });

  it('says a refusal or an ambiguous name as such, and a failure once', () => {
    const error = { state: 'error' as const };
    expect(
      toolLine(
        tool(
          'edit_section',
          { path: 'a.md' },
          { ...error, summary: 'refused: chat mode is read-only' },
        ),
      ),
    ).toBe('Preparing an edit to a.md — refused: chat mode is read-only');
    expect(
      toolLine(
        tool(
          'read_document',
          { path: 'Plan' },
          { ...error, summary: 'ambiguous: "Plan" names 2 documents' },
        ),
      ),
    ).toBe('Reading Plan — ambiguous: "Plan" names 2 documents');
    expect(
      toolLine(
        tool('read_document', { path: 'x.md' }, { ...error, summary: 'failed: no such document' }),
      ),
    ).toBe('Reading x.md — failed: no such document');
  });

  it('copes with odd input', () => {
    expect(toolLine(tool('search', null))).toBe('Searching…');
    expect(toolLine(tool('mystery', 5, { state: 'done' }))).toBe('Ran mystery');
  });
});

describe('stepsLabel', () => {
  it('uses the singular for one', () => {
    expect(stepsLabel(1)).toBe('1 step');
    expect(stepsLabel(4)).toBe('4 steps');
  });
});
