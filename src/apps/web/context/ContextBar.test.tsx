// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { ContextBar } from './ContextBar.tsx';
import { type PinnedNotes, usePinnedNotes } from './use-pinned-notes.ts';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const note = (title: string) => ({
  documentId: `doc-${title}`,
  path: `notes/${title}.md`,
  title,
  kind: 'note',
});

/** Documents as the server describes them now; a missing one answers 404. */
function fakeApi(documents: Record<string, { status: string; length: number }>) {
  return {
    workspaceId: 'ws1',
    document: vi.fn(async (id: string) => {
      const doc = documents[id];
      if (!doc) throw new ApiError(404, 'not_found', `document ${id} not found`);
      return { id, ...doc } as never;
    }),
  };
}

/** The hook and the bar together, as the page uses them; the latest hook value in `seen`. */
function Harness({
  api,
  sessionId,
  version = 0,
  seen,
  onOpen = () => {},
}: {
  api: ReturnType<typeof fakeApi>;
  sessionId: string;
  version?: number;
  seen: { current: PinnedNotes | null };
  onOpen?: (target: unknown) => void;
}) {
  const pins = usePinnedNotes(api, sessionId, version);
  seen.current = pins;
  return (
    <ContextBar
      current={null}
      pinned={pins.notes}
      onDismissCurrent={() => {}}
      onUnpin={pins.unpin}
      onOpen={onOpen}
    />
  );
}

describe('pinned notes above the composer', () => {
  it('shows each pin with what the server will do with it, per session, until unpinned', async () => {
    const api = fakeApi({
      'doc-Budget': { status: 'active', length: 900 },
      'doc-Old plan': { status: 'archived', length: 300 },
      'doc-Long': { status: 'active', length: 12_000 },
    });
    const seen = { current: null as PinnedNotes | null };
    const onOpen = vi.fn();
    const view = render(<Harness api={api} sessionId="s1" seen={seen} onOpen={onOpen} />);
    expect(screen.queryByRole('list')).toBeNull();
    act(() => {
      for (const title of ['Budget', 'Old plan', 'Long', 'Gone']) seen.current?.toggle(note(title));
    });
    const list = screen.getByRole('list', { name: 'Pinned notes, 4 of 5' });
    await waitFor(() => expect(list.textContent).toContain('Archived — not sent'));
    const chips = within(list).getAllByRole('listitem');
    expect(chips.map((c) => c.getAttribute('data-status'))).toEqual([
      'active',
      'archived',
      'active',
      'deleted',
    ]);
    expect(chips[0]?.textContent).not.toContain('·');
    expect(chips[2]?.textContent).toContain('first 4,000 characters');
    expect(chips[3]?.textContent).toContain('Deleted — not sent');
    expect(seen.current?.ids).toEqual(['doc-Budget', 'doc-Old plan', 'doc-Long', 'doc-Gone']);

    fireEvent.click(within(list).getByRole('button', { name: /^Budget/ }));
    expect(onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ documentId: 'doc-Budget', label: 'Pinned' }),
    );

    // Another session has pins of its own; coming back finds these again.
    view.rerender(<Harness api={api} sessionId="s2" seen={seen} />);
    expect(screen.queryByRole('list')).toBeNull();
    view.rerender(<Harness api={api} sessionId="s1" seen={seen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Unpin Old plan' }));
    expect(screen.getByRole('list', { name: 'Pinned notes, 3 of 5' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('footnote.pinned.ws1.s1') ?? '[]')).toHaveLength(3);
  });

  it('looks again after each turn: a note archived meanwhile says it is no longer sent', async () => {
    const documents = { 'doc-Budget': { status: 'active', length: 900 } };
    const api = fakeApi(documents);
    const seen = { current: null as PinnedNotes | null };
    const view = render(<Harness api={api} sessionId="s1" seen={seen} />);
    act(() => seen.current?.toggle(note('Budget')));
    await waitFor(() => expect(api.document).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('list').textContent).not.toContain('Archived');
    documents['doc-Budget'] = { status: 'archived', length: 900 };
    view.rerender(<Harness api={api} sessionId="s1" version={1} seen={seen} />);
    await waitFor(() =>
      expect(screen.getByRole('list').textContent).toContain('Archived — not sent'),
    );
  });

  it('shows the current document, which can be dismissed', () => {
    const onDismiss = vi.fn();
    render(
      <ContextBar
        current={{
          documentId: 'd',
          path: 'notes/projects/Pump Design.md',
          title: 'Pump Design',
          kind: 'note',
        }}
        pinned={[]}
        onDismissCurrent={onDismiss}
        onUnpin={() => {}}
        onOpen={() => {}}
      />,
    );
    expect(screen.getByText('Current:').parentElement?.textContent).toContain('Pump Design');
    fireEvent.click(
      screen.getByRole('button', { name: 'Stop using Pump Design as the current document' }),
    );
    expect(onDismiss).toHaveBeenCalled();
  });
});
