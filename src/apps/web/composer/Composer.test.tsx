// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ComponentProps, createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceApi } from '../api/client.ts';
import type { ReferenceJson, SuggestGroup, SuggestItem } from '../api/types.ts';
import { Composer, type ComposerHandle } from './Composer.tsx';
import { STOP_GUARD_MS } from './composer-limits.ts';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const item = (label: string, insert: string, kind: SuggestItem['kind'] = 'note'): SuggestItem => ({
  label,
  insert,
  documentId: `doc-${label}`,
  path: `notes/${label}.md`,
  kind,
  detail: `notes/${label}.md`,
  modifiedAt: '2026-03-01T00:00:00.000Z',
});

const target = (title: string, path = `notes/${title}.md`) => ({
  documentId: `doc-${title}`,
  path,
  title,
  kind: 'note' as const,
  heading: null,
  block: null,
  section: null,
  page: null,
  entity: null,
  span: null,
});

/** A reference as the resolver returns it, written at its first occurrence in `message`. */
const ref = (
  message: string,
  raw: string,
  status: ReferenceJson['status'],
  extra: Partial<ReferenceJson> = {},
): ReferenceJson => {
  const start = message.indexOf(raw);
  return {
    raw,
    start,
    end: start + raw.length,
    syntax: raw.startsWith('@') ? 'mention' : /^\[\d/.test(raw) ? 'citation' : 'wikilink',
    origin: 'user',
    status,
    permission: 'read',
    target: null,
    candidates: [],
    suggestions: [],
    spans: [{ raw, start, end: start + raw.length }],
    notes: [],
    summary: null,
    ...extra,
  };
};

const groups: SuggestGroup[] = [
  {
    kind: 'notes',
    items: [
      item('Solar Pump Project', '[[Solar Pump Project]]'),
      item('Solar Budget', '[[Solar Budget]]'),
    ],
  },
  { kind: 'content', items: [item('Why Solar Pumps', '[[why-solar-pumps]]', 'content')] },
];

function fakeApi(overrides: Partial<Record<keyof WorkspaceApi, unknown>> = {}) {
  const api = {
    workspaceId: 'ws1',
    suggest: vi.fn(async () => groups),
    resolve: vi.fn(async () => [] as ReferenceJson[]),
    document: vi.fn(async () => {
      throw new Error('no document');
    }),
    content: vi.fn(async () => ({ documentId: 'd', start: 0, end: 0, length: 0, text: '' })),
    raw: vi.fn(async () => new Blob()),
    ...overrides,
  };
  return api as typeof api & WorkspaceApi;
}

function setup(
  api = fakeApi(),
  busy = false,
  sessionId: string | null = null,
  extra: Partial<ComponentProps<typeof Composer>> = {},
) {
  const onSend = vi.fn();
  const onStop = vi.fn();
  const onOpenDocument = vi.fn();
  const view = render(
    <Composer
      api={api}
      sessionId={sessionId}
      busy={busy}
      onSend={onSend}
      onStop={onStop}
      onOpenDocument={onOpenDocument}
      {...extra}
    />,
  );
  const textarea = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  return { api, onSend, onStop, onOpenDocument, textarea, view };
}

/** Types `text` as the whole draft with the caret at its end. */
function type(textarea: HTMLTextAreaElement, text: string) {
  act(() => textarea.focus());
  fireEvent.change(textarea, { target: { value: text } });
  textarea.setSelectionRange(text.length, text.length);
  fireEvent.select(textarea);
}

const options = () => screen.getAllByRole('option');
/** Waits until the dropdown lists `n` options. */
const listed = (n: number) =>
  waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(n));
const selectedLabel = () =>
  options()
    .find((o) => o.getAttribute('aria-selected') === 'true')
    ?.querySelector('.suggestion-label')?.textContent;

describe('Composer autocomplete', () => {
  it('lists nothing for a reference a text put in the box ends with (an edited question)', async () => {
    const handle = createRef<ComposerHandle>();
    const { api } = setup(fakeApi(), false, null, { ref: handle });
    act(() => handle.current?.setDraft('Who mentors @Alice'));
    await new Promise((done) => setTimeout(done, 400));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(api.suggest).not.toHaveBeenCalled();
  });

  it('opens grouped suggestions for [[, moves with the arrows (wrapping) and inserts with Enter', async () => {
    const { api, textarea } = setup();
    type(textarea, 'compare [[Sol');
    await listed(3);
    const listbox = screen.getByRole('listbox', { name: 'Reference suggestions' });
    expect(api.suggest).toHaveBeenLastCalledWith('Sol', '[[', 50);
    expect(within(listbox).getByText('Notes')).toBeTruthy();
    expect(within(listbox).getByText('Content')).toBeTruthy();
    // A textbox may not carry aria-expanded (axe: aria-allowed-attr); the list is announced
    // through aria-controls and the active option.
    expect(textarea.getAttribute('aria-controls')).toBe(listbox.id);
    expect(textarea.getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    expect(options()[0]?.querySelector('mark')?.textContent).toBe('Sol');

    fireEvent.keyDown(textarea, { key: 'ArrowDown' });
    expect(selectedLabel()).toBe('Solar Budget');
    fireEvent.keyDown(textarea, { key: 'ArrowDown' });
    fireEvent.keyDown(textarea, { key: 'ArrowDown' });
    expect(selectedLabel()).toBe('Solar Pump Project');
    fireEvent.keyDown(textarea, { key: 'ArrowUp' });
    expect(selectedLabel()).toBe('Why Solar Pumps');
    expect(textarea.getAttribute('aria-activedescendant')).toBe(options()[2]?.id);

    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(textarea.value).toBe('compare [[why-solar-pumps]] ');
    expect(textarea.selectionStart).toBe(textarea.value.length);
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(JSON.parse(localStorage.getItem('footnote.recent.ws1') ?? '[]')[0].insert).toBe(
      '[[why-solar-pumps]]',
    );
  });

  it('inserts a clicked option, with Tab too, and closes on Escape', async () => {
    const { textarea, onSend } = setup();
    type(textarea, '@So');
    await listed(3);
    fireEvent.keyDown(textarea, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(textarea.getAttribute('aria-activedescendant')).toBeNull();

    type(textarea, 'see [[So');
    await listed(3);
    fireEvent.mouseMove(options()[1] as HTMLElement);
    expect(selectedLabel()).toBe('Solar Budget');
    fireEvent.click(options()[1] as HTMLElement);
    expect(textarea.value).toBe('see [[Solar Budget]] ');

    type(textarea, 'and [[So');
    await listed(3);
    fireEvent.keyDown(textarea, { key: 'Tab' });
    expect(textarea.value).toBe('and [[Solar Pump Project]] ');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('lists recently inserted items first when nothing is typed yet', async () => {
    localStorage.setItem(
      'footnote.recent.ws1',
      JSON.stringify([item('Kickoff', '[[Kickoff]]'), item('Alice', '@Alice', 'entity')]),
    );
    const { textarea } = setup();
    type(textarea, '[[');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(options()).toHaveLength(4));
    expect(within(listbox).getByText('Recent')).toBeTruthy();
    expect(options()[0]?.textContent).toContain('Kickoff');
    // the @ item is not offered after [[
    expect(listbox.textContent).not.toContain('@Alice');
  });

  it('ignores a slow answer to an older query', async () => {
    let answerOld: (g: SuggestGroup[]) => void = () => {};
    const suggest = vi.fn((q: string) =>
      q === 'S'
        ? new Promise<SuggestGroup[]>((resolve) => {
            answerOld = resolve;
          })
        : Promise.resolve([{ kind: 'notes', items: [item('Solar Budget', '[[Solar Budget]]')] }]),
    );
    const { textarea } = setup(fakeApi({ suggest }));
    type(textarea, '[[S');
    await waitFor(() => expect(suggest).toHaveBeenCalledWith('S', '[[', 50));
    type(textarea, '[[So');
    await waitFor(() => expect(options()).toHaveLength(1));
    await act(async () => answerOld([{ kind: 'files', items: [item('Stale', '[[Stale]]')] }]));
    expect(options()).toHaveLength(1);
    expect(screen.queryByText('Stale')).toBeNull();
  });

  it('shows a failing suggest as a note without breaking typing', async () => {
    const suggest = vi.fn(async () => {
      throw new Error('server down');
    });
    const { textarea } = setup(fakeApi({ suggest }));
    type(textarea, '[[Sol');
    expect(await screen.findByText(/Suggestions unavailable: server down/)).toBeTruthy();
    type(textarea, '[[Sol more');
    expect(textarea.value).toBe('[[Sol more');
  });
});

describe('Composer chips', () => {
  const draft = 'compare [[Solar Pump Project]] with @pump and [[Solr]] and [[Home]] and [[Gone]]';
  const refs = [
    ref(draft, '[[Solar Pump Project]]', 'resolved', { target: target('Solar Pump Project') }),
    ref(draft, '@pump', 'ambiguous', {
      candidates: [
        { ...target('Pump Design', 'notes/projects/Pump Design.md'), score: 2 },
        { ...target('SP-200 Datasheet', 'pdfs/pump-datasheet.pdf'), kind: 'pdf', score: 1 },
        { ...target('pump-specs.txt', 'files/pump-specs.txt'), kind: 'file', score: 1 },
      ],
    }),
    ref(draft, '[[Solr]]', 'unresolved', {
      suggestions: [
        {
          label: 'Solar Pump Project',
          insert: '[[Solar Pump Project]]',
          documentId: 'x',
          path: 'p',
        },
      ],
    }),
    ref(draft, '[[Home]]', 'over_limit', { target: target('Home', 'Home.md') }),
    ref(draft, '[[Gone]]', 'deleted', { target: target('Gone') }),
  ];

  it('shows every state of a reference', async () => {
    const { textarea } = setup(fakeApi({ resolve: vi.fn(async () => refs) }));
    type(textarea, draft);
    const list = await screen.findByRole('list', { name: 'References in this message' });
    const chips = within(list).getAllByRole('listitem');
    expect(chips.map((c) => c.getAttribute('data-status'))).toEqual([
      'resolved',
      'ambiguous',
      'unresolved',
      'over_limit',
      'deleted',
    ]);
    expect(chips[0]?.textContent).toContain('Solar Pump Project');
    expect(chips[1]?.textContent).toContain('3 matches — choose');
    expect(chips[2]?.textContent).toContain('did you mean');
    expect(chips[3]?.textContent).toContain('only 5 notes can be pinned');
    expect(chips[4]?.textContent).toContain('Deleted');
  });

  it('resolves toward the current document and offers to pin resolved documents', async () => {
    const resolve = vi.fn(async () => refs);
    const pinned = new Set<string>();
    const toggle = vi.fn((note: { documentId: string }) => pinned.add(note.documentId));
    const { textarea } = setup(fakeApi({ resolve }), false, null, {
      currentPath: 'notes/projects/Pump Design.md',
      pins: { isPinned: (id) => pinned.has(id), full: false, toggle },
    });
    type(textarea, draft);
    await screen.findByRole('list', { name: 'References in this message' });
    expect(resolve).toHaveBeenLastCalledWith(draft, 'chat', null, 'notes/projects/Pump Design.md');
    // Only the resolved document can be pinned: not a name that found nothing or a deleted one.
    const pins = screen.getAllByRole('button', { name: /^Pin / });
    expect(pins.map((b) => b.getAttribute('aria-label'))).toEqual(['Pin Solar Pump Project']);
    expect(pins[0]?.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(pins[0] as HTMLElement);
    expect(toggle).toHaveBeenCalledWith({
      documentId: 'doc-Solar Pump Project',
      path: 'notes/Solar Pump Project.md',
      title: 'Solar Pump Project',
      kind: 'note',
    });
  });

  it('does not offer a sixth pin', async () => {
    const { textarea } = setup(fakeApi({ resolve: vi.fn(async () => refs) }), false, null, {
      pins: { isPinned: () => false, full: true, toggle: vi.fn() },
    });
    type(textarea, draft);
    const pin = await screen.findByRole('button', { name: 'Pin Solar Pump Project' });
    expect((pin as HTMLButtonElement).disabled).toBe(true);
    expect(pin.getAttribute('title')).toMatch(/5 notes are pinned already/);
  });

  it('removes a reference from the draft with its chip', async () => {
    const { textarea } = setup(fakeApi({ resolve: vi.fn(async () => refs) }));
    type(textarea, draft);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove [[Solr]]' }));
    expect(textarea.value).toBe(
      'compare [[Solar Pump Project]] with @pump and and [[Home]] and [[Gone]]',
    );
    expect(screen.queryByRole('button', { name: 'Remove [[Solr]]' })).toBeNull();
  });

  describe('[n], a source of the previous answer', () => {
    const text = 'tell me more about [2] and [7]';
    const source = ref(text, '[2]', 'resolved', {
      target: {
        ...target('Field Report: Machakos Pilot', 'pdfs/field-report.pdf'),
        kind: 'pdf',
        page: 2,
        span: { start: 40, end: 90 },
      },
      notes: ['source [2] of the previous answer: Field Report: Machakos Pilot, page 2'],
    });
    const missing = ref(text, '[7]', 'unresolved', {
      notes: ['no source [7] in the previous answer'],
    });

    it('asks with the open session and shows the source it names as a chip', async () => {
      const resolve = vi.fn(async () => [source, missing]);
      const { textarea } = setup(fakeApi({ resolve }), false, 'session-1');
      fireEvent.click(screen.getByRole('radio', { name: 'Agent' }));
      type(textarea, text);
      const list = await screen.findByRole('list', { name: 'References in this message' });
      expect(resolve).toHaveBeenLastCalledWith(text, 'agent', 'session-1', null);
      const [found, notFound] = within(list).getAllByRole('listitem');
      expect(found?.textContent).toContain('[2]');
      expect(found?.textContent).toContain('Field Report: Machakos Pilot');
      expect(found?.textContent).toContain('p. 2');
      expect(within(found as HTMLElement).queryByRole('combobox')).toBeNull();
      expect(notFound?.getAttribute('data-status')).toBe('unresolved');
      expect(notFound?.textContent).toContain('Not in the last answer');
      expect(
        within(notFound as HTMLElement)
          .getByText('[7]')
          .closest('[title]')
          ?.getAttribute('title'),
      ).toBe('No source [7] in the previous answer; it will not be sent.');
    });

    it('removes [2] from the draft with its chip', async () => {
      const { textarea } = setup(fakeApi({ resolve: vi.fn(async () => [source, missing]) }));
      type(textarea, text);
      fireEvent.click(await screen.findByRole('button', { name: 'Remove [2]' }));
      expect(textarea.value).toBe('tell me more about and [7]');
    });
  });

  it('replaces an unresolved reference with a suggestion', async () => {
    const { textarea } = setup(fakeApi({ resolve: vi.fn(async () => refs) }));
    type(textarea, draft);
    const chip = (await screen.findByRole('button', { name: 'Remove [[Solr]]' })).closest('li');
    fireEvent.click(
      within(chip as HTMLElement).getByRole('button', { name: 'Solar Pump Project' }),
    );
    expect(textarea.value).toContain('and [[Solar Pump Project]] and [[Home]]');
    expect(textarea.value).not.toContain('[[Solr]]');
  });

  it('rewrites an ambiguous reference to the chosen candidate', async () => {
    const { textarea } = setup(fakeApi({ resolve: vi.fn(async () => refs) }));
    type(textarea, draft);
    fireEvent.click(await screen.findByRole('button', { name: /@pump.*3 matches/ }));
    const picker = screen.getByRole('group', { name: 'Which @pump did you mean?' });
    fireEvent.click(within(picker).getByRole('button', { name: /SP-200 Datasheet/ }));
    expect(textarea.value).toContain('with @pdfs/pump-datasheet.pdf and');
  });

  it('previews a resolved reference on focus and opens it on click', async () => {
    const api = fakeApi({
      resolve: vi.fn(async () => refs),
      document: vi.fn(async () => ({
        length: 120,
        headings: [],
        sections: [],
        blocks: [],
        pages: [],
      })),
      content: vi.fn(async () => ({
        documentId: 'doc-Solar Pump Project',
        start: 0,
        end: 120,
        length: 120,
        text: 'The pilot pump lifts water for one acre.',
      })),
    });
    const { textarea, onOpenDocument } = setup(api);
    type(textarea, draft);
    const chip = (await screen.findAllByRole('listitem'))[0] as HTMLElement;
    const open = within(chip).getByRole('button', { name: 'Solar Pump Project' });
    fireEvent.focus(open);
    const tooltip = await screen.findByRole('tooltip');
    await waitFor(() => expect(tooltip.textContent).toContain('The pilot pump lifts water'));
    expect(tooltip.textContent).toContain('notes/Solar Pump Project.md');
    fireEvent.click(open);
    await waitFor(() =>
      expect(onOpenDocument).toHaveBeenCalledWith(
        expect.objectContaining({
          documentId: 'doc-Solar Pump Project',
          title: 'Solar Pump Project',
        }),
      ),
    );
  });

  it('notes a failing resolve quietly', async () => {
    const resolve = vi.fn(async () => {
      throw new Error('offline');
    });
    const { textarea } = setup(fakeApi({ resolve }));
    type(textarea, 'see [[A]]');
    expect(await screen.findByText(/Could not check references: offline/)).toBeTruthy();
  });
});

describe('Composer sending', () => {
  it('sends in chat mode, then clears and refocuses', async () => {
    const { textarea, onSend } = setup();
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    type(textarea, 'What is the flow rate?');
    fireEvent.keyDown(textarea, { key: 'Enter' });
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith('What is the flow rate?', { mode: 'chat' }),
    );
    expect(textarea.value).toBe('');
    expect(document.activeElement).toBe(textarea);
  });

  it('keeps what is typed while a send is being checked, and sends only what was there', async () => {
    let answer: (refs: ReferenceJson[]) => void = () => undefined;
    const resolve = vi.fn(
      () =>
        new Promise<ReferenceJson[]>((done) => {
          answer = done;
        }),
    );
    const { textarea, onSend } = setup(fakeApi({ resolve }));
    type(textarea, 'What is the flow of [[Pump]]?');
    fireEvent.keyDown(textarea, { key: 'Escape' });
    fireEvent.keyDown(textarea, { key: 'Enter' });
    await waitFor(() => expect(resolve).toHaveBeenCalled());
    type(textarea, 'What is the flow of [[Pump]]? And the head?');
    await act(async () => answer([]));
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith('What is the flow of [[Pump]]?', { mode: 'chat' }),
    );
    expect(textarea.value).toBe('And the head?');
  });

  it('keeps a newline on Shift+Enter and sends on Ctrl+Enter', async () => {
    const { textarea, onSend } = setup();
    type(textarea, 'line one');
    fireEvent.keyDown(textarea, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(textarea, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('line one', { mode: 'chat' }));
  });

  it('asks before sending unresolved references; Go back keeps the draft', async () => {
    const text = 'check [[Solr]] and @pump';
    const resolve = vi.fn(async (message: string) => [
      ref(message, '[[Solr]]', 'unresolved'),
      ref(message, '@pump', 'ambiguous'),
    ]);
    const { textarea, onSend } = setup(fakeApi({ resolve }));
    type(textarea, text);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('2 references are not resolved: [[Solr]], @pump.');
    expect(resolve).toHaveBeenLastCalledWith(text, 'chat', null, null);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Go back' }));
    // The text being asked about cannot change under the question.
    expect(textarea.readOnly).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Send anyway' }),
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
    expect(textarea.value).toBe(text);
    expect(textarea.readOnly).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send anyway' }));
    expect(onSend).toHaveBeenCalledWith(text, { mode: 'chat' });
    expect(textarea.value).toBe('');
  });

  it('sends agent mode with a dry run and the permissions the user changed', async () => {
    const text = 'update [[Budget]] using [[Notes]]';
    const resolve = vi.fn(async (message: string, mode: string) => [
      ref(message, '[[Budget]]', 'resolved', {
        target: target('Budget', 'notes/projects/Budget.md'),
        permission: mode === 'agent' ? 'write' : 'read',
      }),
      ref(message, '[[Notes]]', 'resolved', { target: target('Notes') }),
    ]);
    const { textarea, onSend } = setup(fakeApi({ resolve }));
    fireEvent.click(screen.getByRole('radio', { name: 'Agent' }));
    expect(localStorage.getItem('footnote.mode')).toBe('agent');
    expect(screen.getByText(/Agent can edit documents you reference/)).toBeTruthy();
    type(textarea, text);
    const budget = (await screen.findByRole('combobox', {
      name: 'Permission for [[Budget]]',
    })) as HTMLSelectElement;
    await waitFor(() => expect(budget.value).toBe('write'));
    const notes = screen.getByRole('combobox', {
      name: 'Permission for [[Notes]]',
    }) as HTMLSelectElement;
    fireEvent.change(notes, { target: { value: 'insert' } });
    expect(notes.value).toBe('insert');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith(text, {
        mode: 'agent',
        dryRun: true,
        permissions: [{ path: 'notes/Notes.md', permission: 'insert' }],
      }),
    );
  });

  it('offers Stop while busy', () => {
    const { onStop } = setup(fakeApi(), true);
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalled();
  });

  it('disables Stop for a moment after Send, so a double-click cannot stop the answer, then enables it', async () => {
    const { api, textarea, onSend, onStop, view } = setup();
    type(textarea, 'What is the flow rate?');
    fireEvent.keyDown(textarea, { key: 'Enter' });
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    view.rerender(
      <Composer
        api={api}
        sessionId={null}
        busy={true}
        onSend={onSend}
        onStop={onStop}
        onOpenDocument={vi.fn()}
      />,
    );
    const stop = screen.getByRole('button', { name: 'Stop' }) as HTMLButtonElement;
    expect(stop.disabled).toBe(true);
    fireEvent.click(stop);
    expect(onStop).not.toHaveBeenCalled();
    await waitFor(() => expect(stop.disabled).toBe(false), { timeout: STOP_GUARD_MS * 4 });
    fireEvent.click(stop);
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('blocks a message over the limit', () => {
    const { textarea } = setup();
    type(textarea, 'x'.repeat(32_001));
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/1 characters over the 32,000 limit/)).toBeTruthy();
  });
});
