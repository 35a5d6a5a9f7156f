// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReferenceJson } from '../api/types.ts';
import { SourcesFooter } from './SourcesFooter.tsx';

afterEach(cleanup);

const reference = (
  raw: string,
  title: string,
  extra: Partial<ReferenceJson> = {},
): ReferenceJson => ({
  raw,
  start: 0,
  end: raw.length,
  syntax: 'wikilink',
  origin: 'user',
  status: 'resolved',
  permission: 'read',
  target: {
    documentId: `doc-${title}`,
    path: `notes/${title}.md`,
    title,
    kind: 'note',
    heading: null,
    block: null,
    section: null,
    page: null,
    entity: null,
    span: null,
  },
  candidates: [],
  suggestions: [],
  spans: [{ raw, start: 0, end: raw.length }],
  notes: [],
  summary: null,
  ...extra,
});

const open = (user: ReferenceJson[], tool: ReferenceJson[]) => {
  render(
    <SourcesFooter
      citations={[]}
      grounded={false}
      userReferences={user}
      toolReferences={tool}
      onOpenSource={vi.fn()}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: /^Sources:/ }));
};

describe('SourcesFooter references', () => {
  it('shows each reference with its one-line summary, under its name', () => {
    open(
      [
        reference('[[Pump Design]]', 'Pump Design', {
          summary: 'Working notes from the Hydraulics team on sizing the SP-200.',
        }),
        reference('[[Nowhere]]', 'Nowhere', { status: 'unresolved', target: null }),
      ],
      [
        reference('search: notes/Budget.md', 'Budget', {
          origin: 'tool',
          summary: 'Budget lines for the pilot.',
        }),
      ],
    );
    const yours = screen.getByRole('list', { name: 'Your references' });
    expect(yours.className).toContain('with-summaries');
    const [pump, nowhere] = within(yours).getAllByRole('listitem');
    expect(pump?.querySelector('.reference-summary')?.textContent).toBe(
      'Working notes from the Hydraulics team on sizing the SP-200.',
    );
    expect(nowhere?.querySelector('.reference-summary')).toBeNull();
    const tools = screen.getByRole('list', { name: 'Read by tools' });
    expect(tools.textContent).toContain('Budget lines for the pilot.');
  });

  it('keeps the compact list for references without summaries (messages stored before them)', () => {
    open([reference('[[Pump Design]]', 'Pump Design')], []);
    const yours = screen.getByRole('list', { name: 'Your references' });
    expect(yours.className).not.toContain('with-summaries');
    expect(yours.querySelector('.reference-summary')).toBeNull();
  });
});
