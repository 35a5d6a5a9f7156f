// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceApi } from '../api/client.ts';
import type { DocumentSummary, SessionSummary } from '../api/types.ts';
import { Sidebar } from './Sidebar.tsx';

afterEach(cleanup);

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const SESSIONS: SessionSummary[] = [
  {
    id: 's-old',
    title: 'Budget questions',
    messageCount: 2,
    lastMessageAt: minutesAgo(3000),
    createdAt: minutesAgo(4000),
  },
  {
    id: 's-new',
    title: 'Pump sizing',
    messageCount: 4,
    lastMessageAt: minutesAgo(2),
    createdAt: minutesAgo(60),
  },
];

const DOCS = [
  {
    id: 'd1',
    path: 'notes/projects/Solar Pump Project.md',
    title: 'Solar Pump Project',
    kind: 'note',
  },
  { id: 'd2', path: 'pdfs/field-report.pdf', title: 'Field Report', kind: 'pdf' },
].map((d) => ({
  status: 'active',
  aliases: [],
  slug: d.id,
  updatedAt: minutesAgo(5),
  ...d,
})) as DocumentSummary[];

const fakeApi = () => {
  const api = {
    sessions: vi.fn(async () => SESSIONS),
    renameSession: vi.fn(async (id: string, title: string) => ({
      ...(SESSIONS.find((s) => s.id === id) as SessionSummary),
      title,
    })),
    deleteSession: vi.fn(async () => undefined),
    searchSessions: vi.fn(async (text: string) =>
      text.toLowerCase() === 'strainer'
        ? [
            {
              ...(SESSIONS[0] as SessionSummary),
              title: 'Budget questions about [[Strainer Costs]]',
              match: {
                messageId: 'm-7',
                role: 'assistant' as const,
                snippet: '…silt clogs the strainer after rain…',
                highlights: [{ start: 16, end: 24 }],
                messages: 3,
              },
            },
          ]
        : [],
    ),
    documents: vi.fn(async (filter: { q?: string; kind?: string } = {}) =>
      DOCS.filter((d) => !filter.q || d.title.toLowerCase().includes(filter.q.toLowerCase())),
    ),
  };
  return api as typeof api & WorkspaceApi;
};

const setup = (currentSessionId: string | null = 's-new') => {
  const api = fakeApi();
  const props = {
    onSelectSession: vi.fn(),
    onNewSession: vi.fn(),
    onSessionDeleted: vi.fn(),
    onSessionRenamed: vi.fn(),
    onOpenDocument: vi.fn(),
  };
  const view = render(
    <Sidebar api={api} version={0} currentSessionId={currentSessionId} {...props} />,
  );
  return { api, props, view };
};

describe('Sidebar sessions', () => {
  it('lists sessions newest activity first, marking the current one', async () => {
    setup();
    const nav = screen.getByRole('navigation', { name: 'Sessions' });
    await within(nav).findByRole('button', { name: 'Pump sizing' });
    const titles = [...nav.querySelectorAll('.session-open')].map((b) => b.textContent);
    expect(titles).toEqual(['Pump sizing', 'Budget questions']);
    expect(
      within(nav).getByRole('button', { name: 'Pump sizing' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(
      within(nav).getByRole('button', { name: 'Budget questions' }).hasAttribute('aria-current'),
    ).toBe(false);
    expect(nav.querySelector('time')?.textContent).toBe('2 min ago');
  });

  it('renames with Enter, sending the trimmed title', async () => {
    const { api, props } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Pump sizing' }));
    const input = screen.getByRole('textbox', { name: 'Session title' }) as HTMLInputElement;
    expect(input.value).toBe('Pump sizing');
    fireEvent.change(input, { target: { value: '  Sizing the SP-200  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByRole('button', { name: 'Sizing the SP-200' });
    expect(api.renameSession).toHaveBeenCalledWith('s-new', 'Sizing the SP-200');
    expect(props.onSessionRenamed).toHaveBeenCalledWith('s-new');
    expect(screen.queryByRole('textbox', { name: 'Session title' })).toBeNull();
  });

  it('refuses an empty title and cancels with Escape', async () => {
    const { api } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Pump sizing' }));
    const input = screen.getByRole('textbox', { name: 'Session title' });
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toMatch(/needs a title/);
    expect(api.renameSession).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Session title' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pump sizing' })).toBeTruthy();
    expect(api.renameSession).not.toHaveBeenCalled();
  });

  it('asks before deleting, then deletes and reports it', async () => {
    const { api, props } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Budget questions' }));
    expect(api.deleteSession).not.toHaveBeenCalled();
    const confirm = screen.getByRole('group', { name: 'Delete Budget questions?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(props.onSessionDeleted).toHaveBeenCalledWith('s-old'));
    expect(api.deleteSession).toHaveBeenCalledWith('s-old');
    expect(screen.queryByRole('button', { name: 'Budget questions' })).toBeNull();
  });

  it('keeps the session when the delete is cancelled', async () => {
    const { api, props } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Budget questions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Delete Budget questions?' })).toBeNull();
    expect(api.deleteSession).not.toHaveBeenCalled();
    expect(props.onSessionDeleted).not.toHaveBeenCalled();
  });

  it('starts a new conversation and opens a session', async () => {
    const { props } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(props.onNewSession).toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Budget questions' }));
    expect(props.onSelectSession).toHaveBeenCalledWith('s-old');
  });
});

describe('Sidebar conversation search', () => {
  it('lists the conversations that mention the words, marked, and opens one at its message', async () => {
    const { api } = setup();
    const onOpenMatch = vi.fn();
    cleanup();
    render(
      <Sidebar
        api={api}
        version={0}
        currentSessionId={null}
        onSelectSession={vi.fn()}
        onNewSession={vi.fn()}
        onSessionDeleted={vi.fn()}
        onSessionRenamed={vi.fn()}
        onOpenDocument={vi.fn()}
        onOpenMatch={onOpenMatch}
      />,
    );
    const box = await screen.findByRole('searchbox', { name: 'Search conversations' });
    fireEvent.change(box, { target: { value: 'Strainer' } });
    const hits = await screen.findByRole('list', { name: 'Conversations mentioning Strainer' });
    expect(api.searchSessions).toHaveBeenLastCalledWith('Strainer', 20, expect.anything());
    // The plain list gives way to the results.
    expect(screen.queryByRole('button', { name: 'Pump sizing' })).toBeNull();
    const marks = [...hits.querySelectorAll('mark')].map((m) => m.textContent);
    // The title is shown as its text, its match marked; the snippet's match is marked where the server says.
    expect(marks).toEqual(['Strainer', 'strainer']);
    expect(hits.textContent).toContain('Budget questions about Strainer Costs');
    expect(hits.textContent).toContain('Answer: …silt clogs the strainer after rain…');
    expect(hits.textContent).toContain('3 messages');
    fireEvent.click(within(hits).getByRole('button'));
    expect(onOpenMatch).toHaveBeenCalledWith('s-old', 'm-7');

    fireEvent.change(box, { target: { value: 'nothing here' } });
    await screen.findByText('No conversation mentions “nothing here”.');
    // Escape clears the search, and the list is back.
    fireEvent.keyDown(box, { key: 'Escape' });
    await screen.findByRole('button', { name: 'Pump sizing' });
  });
});

describe('Sidebar documents', () => {
  it('filters through the API with the typed text and the chosen kind', async () => {
    const { api } = setup();
    await screen.findByRole('button', { name: /Field Report/ });
    expect(screen.getByText('2 documents')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter documents' }), {
      target: { value: 'solar' },
    });
    await waitFor(() =>
      expect(api.documents).toHaveBeenLastCalledWith({ q: 'solar', kind: undefined }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /Field Report/ })).toBeNull());
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'pdf' } });
    await waitFor(() =>
      expect(api.documents).toHaveBeenLastCalledWith({ q: 'solar', kind: 'pdf' }),
    );
  });

  it('opens a document in the viewer', async () => {
    const { props } = setup();
    fireEvent.click(await screen.findByRole('button', { name: /Solar Pump Project/ }));
    expect(props.onOpenDocument).toHaveBeenCalledWith({
      documentId: 'd1',
      path: 'notes/projects/Solar Pump Project.md',
      title: 'Solar Pump Project',
      kind: 'note',
    });
  });
});
