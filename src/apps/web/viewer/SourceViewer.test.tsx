// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type WorkspaceApi } from '../api/client.ts';
import type { DocumentDetail } from '../api/types.ts';
import { SourceViewer } from './SourceViewer.tsx';
import type { ViewerTarget } from './viewer-target.ts';

afterEach(cleanup);

const detail = (over: Partial<DocumentDetail>): DocumentDetail =>
  ({
    id: 'd1',
    path: 'notes/Pump.md',
    title: 'Pump Design',
    kind: 'note',
    status: 'active',
    aliases: [],
    slug: 'pump',
    updatedAt: '2026-03-01T00:00:00Z',
    metadata: {},
    length: 0,
    summary: '',
    headings: [],
    sections: [],
    blocks: [],
    pages: [],
    entity: null,
    ...over,
  }) as DocumentDetail;

const TEXT =
  '\n# Pump Design\n\nThe impeller is *glass-filled nylon*, not bronze.\n\n## Risks\n\nSilt.';

const fakeApi = (overrides: Partial<Record<keyof WorkspaceApi, unknown>> = {}) => {
  const api = {
    document: vi.fn(async () => detail({ length: TEXT.length, metadata: { owner: 'Alice' } })),
    content: vi.fn(async () => ({
      documentId: 'd1',
      start: 0,
      end: TEXT.length,
      length: TEXT.length,
      text: TEXT,
    })),
    raw: vi.fn(async () => new Blob(['png-bytes'], { type: 'image/png' })),
    ...overrides,
  };
  return api as typeof api & WorkspaceApi;
};

const target = (cited: string, over: Partial<ViewerTarget> = {}): ViewerTarget => {
  const start = TEXT.indexOf(cited);
  return {
    documentId: 'd1',
    path: 'notes/Pump.md',
    title: 'Pump Design',
    kind: 'note',
    start,
    end: start + cited.length,
    ...over,
  };
};

const markedText = (container: HTMLElement) =>
  [...container.querySelectorAll('mark.cited')].map((m) => m.textContent).join('');

describe('SourceViewer', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('renders a Markdown document with exactly the cited text marked, and focuses its title', async () => {
    const api = fakeApi();
    const { container } = render(
      <SourceViewer api={api} target={target('impeller is *glass-filled')} onClose={() => {}} />,
    );
    const section = screen.getByRole('region', { name: 'Source viewer' });
    await waitFor(() => expect(container.querySelector('mark.cited')).not.toBeNull());
    expect(markedText(container)).toBe('impeller is glass-filled');
    expect(container.querySelectorAll('mark.cited')).toHaveLength(2);
    expect(section.querySelector('em mark.cited')?.textContent).toBe('glass-filled');
    const heading = screen.getByRole('heading', { level: 2, name: 'Pump Design' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('notes/Pump.md')).toBeTruthy();
    // frontmatter, folded
    expect(screen.getByText('owner')).toBeTruthy();
    expect(api.content).toHaveBeenCalledWith('d1');
  });

  it('says when the document was deleted since the message that opened it, and offers no file', async () => {
    const api = fakeApi({
      document: vi.fn(async () => detail({ length: TEXT.length, status: 'deleted' })),
    });
    render(
      <SourceViewer
        api={api}
        target={target('impeller', {
          notice: 'Deleted from the workspace since this message was sent.',
        })}
        onClose={() => {}}
      />,
    );
    await screen.findByText('Deleted from the workspace since this message was sent.');
    await screen.findByText(/glass-filled/);
    expect(screen.queryByRole('button', { name: 'Open file' })).toBeNull();
  });

  it('says an archived document opened from the list is archived', async () => {
    const api = fakeApi({
      document: vi.fn(async () => detail({ length: TEXT.length, status: 'archived' })),
    });
    render(<SourceViewer api={api} target={target('impeller')} onClose={() => {}} />);
    await screen.findByText('This document is archived.');
    expect(screen.getByRole('button', { name: 'Open file' })).toBeTruthy();
  });

  it('renders a document nested 3,000 lists deep, with the cited words marked', async () => {
    const deep = `${'- '.repeat(3000)}the deep cited words\n\n# After\n`;
    const api = fakeApi({
      document: vi.fn(async () => detail({ length: deep.length })),
      content: vi.fn(async () => ({
        documentId: 'd1',
        start: 0,
        end: deep.length,
        length: deep.length,
        text: deep,
      })),
    });
    const start = deep.indexOf('cited words');
    const { container } = render(
      <SourceViewer
        api={api}
        target={{ ...target('impeller'), start, end: start + 'cited words'.length }}
        onClose={() => {}}
      />,
    );
    await waitFor(() => expect(markedText(container)).toBe('cited words'));
    expect(container.querySelector('pre.markdown-plain')).toBeNull();
    expect(screen.getByRole('heading', { name: 'After' })).toBeTruthy();
  });

  it('moves the highlight to another span of the same document without fetching again', async () => {
    const api = fakeApi();
    const { container, rerender } = render(
      <SourceViewer api={api} target={target('impeller')} onClose={() => {}} />,
    );
    await waitFor(() => expect(markedText(container)).toBe('impeller'));
    rerender(<SourceViewer api={api} target={target('Risks')} onClose={() => {}} />);
    await waitFor(() => expect(markedText(container)).toBe('Risks'));
    expect(api.document).toHaveBeenCalledTimes(1);
    expect(api.content).toHaveBeenCalledTimes(1);
  });

  it('shows an image target as an <img> from the fetched file', async () => {
    const createObjectURL = vi.fn(() => 'blob:fake-image');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const api = fakeApi({
      document: vi.fn(async () =>
        detail({
          kind: 'file',
          path: 'files/site-photo.png',
          title: 'site-photo.png',
          metadata: { mime: 'image/png', width: 32, height: 24, text: false },
        }),
      ),
    });
    const { unmount } = render(
      <SourceViewer
        api={api}
        target={{
          documentId: 'd1',
          path: 'files/site-photo.png',
          title: 'site-photo.png',
          kind: 'file',
        }}
        onClose={() => {}}
      />,
    );
    const img = (await screen.findByRole('img', { name: 'site-photo.png' })) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('blob:fake-image');
    expect(img.getAttribute('width')).toBe('32');
    expect(api.raw).toHaveBeenCalledWith('d1');
    expect(api.content).not.toHaveBeenCalled();
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:fake-image');
    vi.unstubAllGlobals();
  });

  it('says when the document is gone', async () => {
    const api = fakeApi({
      document: vi.fn(async () => {
        throw new ApiError(404, 'not_found', 'document d1 not found');
      }),
    });
    render(<SourceViewer api={api} target={target('impeller')} onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This document is no longer in the workspace',
    );
  });

  it('closes with the close button and with Escape', async () => {
    const onClose = vi.fn();
    render(<SourceViewer api={fakeApi()} target={target('impeller')} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close source viewer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await act(async () => {});
    fireEvent.keyDown(screen.getByRole('heading', { level: 2 }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows plain text files preformatted with the span marked', async () => {
    const csv = 'time,flow\n07:00,0.0\n08:00,0.4\n';
    const api = fakeApi({
      document: vi.fn(async () =>
        detail({ kind: 'file', path: 'files/readings.csv', metadata: { text: true } }),
      ),
      content: vi.fn(async () => ({
        documentId: 'd1',
        start: 0,
        end: csv.length,
        length: csv.length,
        text: csv,
      })),
    });
    const start = csv.indexOf('08:00');
    const { container } = render(
      <SourceViewer
        api={api}
        target={{
          documentId: 'd1',
          path: 'files/readings.csv',
          title: 'readings',
          kind: 'file',
          start,
          end: start + 9,
        }}
        onClose={() => {}}
      />,
    );
    await waitFor(() => expect(markedText(container)).toBe('08:00,0.4'));
    expect(container.querySelector('pre')?.textContent).toBe(csv);
  });
});

describe('supporting passages in the viewer', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('marks the supporting quote, not the whole cited chunk', async () => {
    const api = fakeApi();
    const words = 'The impeller is glass-filled nylon, not bronze.';
    const start = TEXT.indexOf('The impeller');
    const { container } = render(
      <SourceViewer
        api={api}
        target={{
          ...target(TEXT),
          passage: { text: words, start, end: start + words.length + 4, found: true },
        }}
        onClose={() => {}}
      />,
    );
    // The offsets were off (the emphasis marks), so the words were found where they stand.
    await waitFor(() => expect(markedText(container)).toBe(words));
    expect(markedText(container)).not.toContain('Risks');
  });

  it('falls back to the cited span without a passage or when its words are gone', async () => {
    const api = fakeApi();
    const { container } = render(
      <SourceViewer
        api={api}
        target={target('Silt.', {
          passage: { text: 'Words this note never had.', start: 0, end: 26, found: true },
        })}
        onClose={() => {}}
      />,
    );
    await waitFor(() => expect(markedText(container)).toBe('Silt.'));
  });

  it('marks the entity field whose value supports the claim', async () => {
    const entityText = '# Alice\n\nperson\n\nrole: Field engineer\nmentor: Bob';
    const api = fakeApi({
      document: vi.fn(async () =>
        detail({
          kind: 'entity',
          path: 'entities/alice.json',
          title: 'Alice',
          entity: {
            name: 'Alice',
            type: 'person',
            fields: [
              { name: 'role', type: 'text', value: 'Field engineer' },
              { name: 'mentor', type: 'entity_ref', value: 'Bob' },
            ],
          },
        }),
      ),
      content: vi.fn(async () => ({
        documentId: 'd1',
        start: 0,
        end: entityText.length,
        length: entityText.length,
        text: entityText,
      })),
    });
    const { container } = render(
      <SourceViewer
        api={api}
        target={{
          documentId: 'd1',
          path: 'entities/alice.json',
          title: 'Alice',
          kind: 'entity',
          passage: { text: 'Bob', start: null, end: null, found: true, field: 'mentor' },
        }}
        onClose={() => {}}
      />,
    );
    await waitFor(() => expect(container.querySelector('dd mark.cited')).not.toBeNull());
    expect(container.querySelector('dd mark.cited')?.textContent).toBe('@Bob');
    expect(container.querySelectorAll('mark.cited')).toHaveLength(1);
  });
});

describe('wikilinks in the viewer', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  const linked = '\nSee [[Budget 2026|the budget]] and `[[not this]]`.\n';
  const linkedApi = (resolve: unknown) =>
    fakeApi({
      content: vi.fn(async () => ({
        documentId: 'd1',
        start: 0,
        end: linked.length,
        length: linked.length,
        text: linked,
      })),
      document: vi.fn(async () => detail({ length: linked.length })),
      resolve,
    });

  it('opens the target of a wikilink in the viewer, and leaves code alone', async () => {
    const resolve = vi.fn(async () => [
      {
        status: 'resolved',
        target: {
          documentId: 'b1',
          path: 'notes/Budget 2026.md',
          title: 'Budget 2026',
          kind: 'note',
          page: null,
        },
      },
    ]);
    const onOpenDocument = vi.fn();
    render(
      <SourceViewer
        api={linkedApi(resolve)}
        target={{ documentId: 'd1', path: 'notes/Pump.md', title: 'Pump Design', kind: 'note' }}
        onClose={() => {}}
        onOpenDocument={onOpenDocument}
      />,
    );
    const link = await screen.findByRole('button', { name: 'the budget' });
    expect(screen.queryByRole('button', { name: 'not this' })).toBeNull();
    fireEvent.click(link);
    await waitFor(() => expect(onOpenDocument).toHaveBeenCalled());
    // From the viewed note, so a same-named note in its folder wins.
    expect(resolve).toHaveBeenCalledWith('[[Budget 2026]]', 'chat', null, 'notes/Pump.md');
    expect(onOpenDocument).toHaveBeenCalledWith(
      expect.objectContaining({
        documentId: 'b1',
        title: 'Budget 2026',
        label: 'Linked from Pump Design',
      }),
    );
  });

  it('says so when a wikilink points nowhere', async () => {
    const resolve = vi.fn(async () => [{ status: 'unresolved', target: null }]);
    const onOpenDocument = vi.fn();
    render(
      <SourceViewer
        api={linkedApi(resolve)}
        target={{ documentId: 'd1', path: 'notes/Pump.md', title: 'Pump Design', kind: 'note' }}
        onClose={() => {}}
        onOpenDocument={onOpenDocument}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'the budget' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      '[[Budget 2026]] does not point to a document',
    );
    expect(onOpenDocument).not.toHaveBeenCalled();
  });
});

describe('links to a part', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('opens at the linked heading when no span is given', async () => {
    const risks = TEXT.indexOf('## Risks');
    const api = fakeApi({
      document: vi.fn(async () =>
        detail({
          length: TEXT.length,
          headings: [
            { text: 'Pump Design', level: 1, anchor: 'pump-design', start: 1, end: 14 },
            { text: 'Risks', level: 2, anchor: 'risks', start: risks, end: risks + 8 },
          ],
        }),
      ),
    });
    const { container } = render(
      <SourceViewer
        api={api}
        target={{
          documentId: 'd1',
          path: 'notes/Pump.md',
          title: 'Pump Design',
          kind: 'note',
          part: { heading: 'Risks', block: null, section: null, page: null },
        }}
        onClose={() => {}}
      />,
    );
    await waitFor(() => expect(container.querySelector('mark.cited')).not.toBeNull());
    expect(markedText(container)).toBe('RisksSilt.');
  });
});
