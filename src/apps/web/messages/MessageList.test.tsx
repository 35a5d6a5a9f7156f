// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type WorkspaceApi } from '../api/client.ts';
import type { CitationJson, EditJson, ReferenceJson } from '../api/types.ts';
import type { ViewMessage } from '../chat/view-message.ts';
import { MessageList } from './MessageList.tsx';

afterEach(cleanup);

const citation = (n: number, title: string, extra: Partial<CitationJson> = {}): CitationJson => ({
  n,
  documentId: `doc-${n}`,
  path: `notes/${title}.md`,
  title,
  kind: 'note',
  chunkId: `chunk-${n}`,
  page: null,
  section: null,
  excerpt: `${title} excerpt: silt clogs the intake screen within two weeks.`,
  start: 100 * n,
  end: 100 * n + 60,
  quote: null,
  support: null,
  valid: true,
  cited: true,
  ...extra,
});

const userReference = (text: string, raw: string, extra: Partial<ReferenceJson> = {}) => {
  const start = text.indexOf(raw);
  return {
    raw,
    start,
    end: start + raw.length,
    syntax: 'wikilink',
    origin: 'user',
    status: 'resolved',
    permission: 'read',
    target: {
      documentId: 'doc-1',
      path: 'notes/projects/Solar Pump Project.md',
      title: 'Solar Pump Project',
      kind: 'note',
      heading: 'Risks',
      block: null,
      section: null,
      page: null,
      entity: null,
    },
    candidates: [],
    suggestions: [],
    spans: [{ raw, start, end: start + raw.length }],
    notes: [],
    ...extra,
  } as ReferenceJson;
};

const message = (extra: Partial<ViewMessage>): ViewMessage => ({
  id: 'm',
  role: 'assistant',
  content: '',
  status: 'complete',
  references: [],
  citations: [],
  invalidMarkers: [],
  claims: [],
  claimSummary: null,
  grounded: false,
  tools: [],
  edits: [],
  error: null,
  reason: null,
  createdAt: '2026-03-12T10:00:00.000Z',
  ...extra,
});

const question = 'What does [[Solar Pump Project#Risks]] say about silt? Ask @Nobody.';
const userMessage = message({
  id: 'u1',
  role: 'user',
  content: question,
  references: [
    userReference(question, '[[Solar Pump Project#Risks]]'),
    userReference(question, '@Nobody', { status: 'unresolved', target: null, syntax: 'mention' }),
  ],
});

const answerText = 'Silt clogs the intake [1]. Budget is tight [2][9]. See `arr[1]`.';
const answer = message({
  id: 'a1',
  content: answerText,
  citations: [
    citation(1, 'Solar Pump Project'),
    citation(2, 'Budget', { path: 'pdfs/budget.pdf', kind: 'pdf', page: 3 }),
    citation(3, 'Kickoff', { cited: false }),
  ],
  invalidMarkers: [
    { raw: '[9]', start: answerText.indexOf('[9]'), end: answerText.indexOf('[9]') + 3 },
  ],
  grounded: true,
});

function fakeApi(overrides: Partial<Record<keyof WorkspaceApi, unknown>> = {}) {
  return {
    applyEdit: vi.fn(),
    discardEdit: vi.fn(),
    undoEdit: vi.fn(),
    messageContext: vi.fn(),
    ...overrides,
  } as unknown as WorkspaceApi;
}

function renderList(
  messages: readonly ViewMessage[],
  options: { api?: WorkspaceApi; loading?: boolean } = {},
) {
  const handlers = { onOpenSource: vi.fn(), onRetry: vi.fn(), onEditChanged: vi.fn() };
  const api = options.api ?? fakeApi();
  const view = render(
    <MessageList
      api={api}
      sessionId="s1"
      messages={messages}
      loading={options.loading ?? false}
      {...handlers}
    />,
  );
  return { ...view, api, ...handlers };
}

describe('MessageList', () => {
  it('is a labelled log and welcomes a new conversation with example prompts as text', () => {
    renderList([]);
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(within(log).getByText(/Solar Pump Project#Risks/)).toBeTruthy();
    expect(within(log).queryByRole('button')).toBeNull();
  });

  it('offers the example prompts as buttons when they can fill the message box', () => {
    const onUseExample = vi.fn();
    render(
      <MessageList
        api={{} as WorkspaceApi}
        sessionId="s"
        messages={[]}
        loading={false}
        onOpenSource={vi.fn()}
        onRetry={vi.fn()}
        onEditChanged={vi.fn()}
        onUseExample={onUseExample}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Solar Pump Project#Risks/ }));
    expect(onUseExample).toHaveBeenCalledWith(
      'What does [[Solar Pump Project#Risks]] say about silt?',
    );
  });

  it('marks each message with its role and status', () => {
    const { container } = renderList([userMessage, answer]);
    const articles = container.querySelectorAll('article');
    expect([...articles].map((a) => [a.dataset.role, a.dataset.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
  });

  it('shows user references as chips, unresolved ones flagged', () => {
    const { container, onOpenSource } = renderList([userMessage]);
    const chips = container.querySelectorAll('.inline-ref');
    expect([...chips].map((c) => [c.textContent, (c as HTMLElement).dataset.status])).toEqual([
      ['✎[[Solar Pump Project#Risks]]', 'resolved'],
      ['⚠ @Nobody (not found)', 'unresolved'],
    ]);
    fireEvent.click(chips[0] as HTMLElement);
    expect(onOpenSource).toHaveBeenCalledWith(
      expect.objectContaining({ documentId: 'doc-1', title: 'Solar Pump Project' }),
    );
  });

  it('renders badges for valid markers and plain text for invalid ones and code', () => {
    const { container } = renderList([userMessage, answer]);
    const badges = screen.getAllByRole('button', { name: /^Source \d+:/ });
    expect(badges.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Source 1: Solar Pump Project',
      'Source 2: Budget',
    ]);
    expect(badges.every((b) => b.classList.contains('citation-badge'))).toBe(true);
    const text = container.querySelector('.answer-text')?.textContent ?? '';
    expect(text).toContain('[9]');
    expect(text).toContain('arr[1]');
    expect(container.querySelector('code')?.querySelector('button')).toBeNull();
  });

  it('shows the source card on hover and on keyboard focus, and hides it on Escape', () => {
    renderList([userMessage, answer]);
    const badge = screen.getByRole('button', { name: 'Source 2: Budget' });
    fireEvent.mouseEnter(badge);
    const card = screen.getByRole('tooltip');
    expect(card.textContent).toContain('Budget excerpt: silt clogs');
    expect(card.textContent).toContain('pdfs/budget.pdf');
    expect(card.textContent).toContain('page 3');
    expect(badge.getAttribute('aria-describedby')).toBe(card.id);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.focus(screen.getByRole('button', { name: 'Source 1: Solar Pump Project' }));
    expect(screen.getByRole('tooltip').textContent).toContain('Solar Pump Project excerpt');
  });

  it('says a badge of an answer stored before checking was not checked, with no verdict glyph', () => {
    const old = message({ ...answer, content: 'Silt clogs [1].', invalidMarkers: [] });
    renderList([old]);
    fireEvent.focus(screen.getByRole('button', { name: 'Source 1: Solar Pump Project' }));
    const card = screen.getByRole('tooltip');
    expect(card.textContent).toContain('Not checked');
    expect(card.textContent).not.toContain('✓');
  });

  it('warns when the words an answer quotes are not in the source', () => {
    const quoted = message({
      ...answer,
      citations: [
        citation(1, 'A', { quote: { text: 'x y z', start: null, end: null, found: false } }),
      ],
      content: 'A "x y z" [1].',
      invalidMarkers: [],
    });
    renderList([quoted]);
    fireEvent.focus(screen.getByRole('button', { name: 'Source 1: A' }));
    const card = screen.getByRole('tooltip');
    expect(card.textContent).toContain('not in this source');
    // The answer's own words are not shown as if they were the source's.
    expect(card.querySelector('blockquote')).toBeNull();
  });

  it('opens the viewer at the cited span when a badge is clicked', () => {
    const { onOpenSource } = renderList([userMessage, answer]);
    fireEvent.click(screen.getByRole('button', { name: 'Source 2: Budget' }));
    expect(onOpenSource).toHaveBeenCalledWith({
      documentId: 'doc-2',
      path: 'pdfs/budget.pdf',
      title: 'Budget',
      kind: 'pdf',
      start: 200,
      end: 260,
      page: 3,
      label: 'Source 2',
      quote: 'Budget is tight',
    });
  });

  it('expands the sources footer with cited, seen and referenced documents', () => {
    const { onOpenSource } = renderList([userMessage, answer]);
    const pill = screen.getByText('Grounded in 2 sources · claims not checked');
    // An answer nobody checked gets no tick: the tick means its claims were found in the sources.
    expect(pill.textContent).not.toContain('✓');
    expect(pill.getAttribute('data-tone')).toBe('unchecked');
    const toggle = screen.getByRole('button', { name: /^Sources:/ });
    expect(toggle.textContent).toContain('Sources: Solar Pump Project, Budget');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Also seen')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const cited = screen.getByRole('list', { name: 'Cited sources' });
    expect(within(cited).getAllByRole('listitem')).toHaveLength(2);
    expect(cited.textContent).toContain('pdfs/budget.pdf · page 3');
    expect(screen.getByRole('list', { name: 'Also seen' }).textContent).toContain('Kickoff');
    const yours = screen.getByRole('list', { name: 'Your references' });
    expect(yours.textContent).toContain('Solar Pump Project › Risks');
    expect(yours.textContent).toContain('not found');

    fireEvent.click(within(cited).getAllByRole('button', { name: 'Show' })[1] as HTMLElement);
    expect(onOpenSource).toHaveBeenCalledWith(expect.objectContaining({ page: 3, start: 200 }));
  });

  it('says an answer that found no sources has no answer in the documents', () => {
    renderList([message({ id: 'a2', content: 'Pumps move water [4].', grounded: false })]);
    expect(screen.getByText('No answer in your documents')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Source \d/ })).toBeNull();
    expect(screen.getByText(/Pumps move water \[4\]\./)).toBeTruthy();
  });

  it('lists documents read by tools', () => {
    const toolRead = userReference('x', 'x', {
      origin: 'tool',
      raw: 'notes/Budget.md',
      target: { ...userReference('x', 'x').target, title: 'Budget' } as ReferenceJson['target'],
    });
    renderList([userMessage, { ...answer, references: [toolRead] }]);
    fireEvent.click(screen.getByRole('button', { name: /^Sources:/ }));
    expect(screen.getByRole('list', { name: 'Read by tools' }).textContent).toContain('Budget');
  });

  it('shows tool activity while streaming, then folds it into steps', () => {
    const tools = [
      {
        id: 't1',
        name: 'search',
        input: { query: 'silt' },
        state: 'done' as const,
        summary: '3 passages',
      },
      {
        id: 't2',
        name: 'read_document',
        input: { path: 'notes/Budget.md' },
        state: 'running' as const,
        summary: null,
      },
    ];
    const streaming = message({ id: 'p1', status: 'streaming', content: 'Silt [1', tools });
    const { rerender, container } = renderList([userMessage, streaming]);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Searched “silt”: 3 passages');
    expect(status.textContent).toContain('Reading notes/Budget.md…');
    expect(container.querySelector('.answer-text')?.textContent).toBe('Silt [1');
    expect(screen.queryByRole('button', { name: /^Sources:/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'What the model saw' })).toBeNull();
    expect(container.querySelector('.message-assistant.streaming')).not.toBeNull();

    const done = message({
      ...answer,
      tools: tools.map((t) => ({ ...t, state: 'done' as const })),
    });
    rerender(
      <MessageList
        api={fakeApi()}
        sessionId="s1"
        messages={[userMessage, done]}
        loading={false}
        onOpenSource={vi.fn()}
        onRetry={vi.fn()}
        onEditChanged={vi.fn()}
      />,
    );
    const steps = screen.getByRole('button', { name: /2 steps/ });
    expect(steps.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/Read notes\/Budget.md/)).toBeNull();
    fireEvent.click(steps);
    expect(screen.getByText('Read notes/Budget.md')).toBeTruthy();
  });

  it('shows complete markers as pending numbers while the sources are not known', () => {
    const streaming = message({ id: 'p1', status: 'streaming', content: 'Silt [1] and more' });
    const { container } = renderList([streaming]);
    expect(container.querySelector('.citation-pending')?.textContent).toBe('1');
    expect(container.querySelector('button.citation-badge')).toBeNull();
  });

  it('marks failed and interrupted answers and retries them', () => {
    const failed = message({ id: 'a-failed', status: 'failed', error: 'model unreachable' });
    const stopped = message({ id: 'a-stopped', status: 'interrupted', content: 'Partial' });
    const { onRetry } = renderList([failed, stopped]);
    expect(screen.getByText(/This answer failed: model unreachable/)).toBeTruthy();
    expect(screen.getByText(/Stopped before it finished/)).toBeTruthy();
    const retries = screen.getAllByRole('button', { name: 'Retry' });
    fireEvent.click(retries[0] as HTMLElement);
    fireEvent.click(retries[1] as HTMLElement);
    expect(onRetry.mock.calls).toEqual([['a-failed'], ['a-stopped']]);
  });

  it('says when the server stopped an answer, not the reader', () => {
    const cut = message({
      id: 'a-cut',
      status: 'interrupted',
      reason: 'server_stopped',
      error: 'the server stopped before the answer finished',
      content: 'Half of it',
    });
    const { container } = renderList([cut]);
    expect(container.querySelector('.answer-status')?.textContent).toMatch(
      /^The server stopped before this answer finished\. The text above is only part of the answer\.\s*Retry$/,
    );
    expect(screen.getByText(/Half of it/)).toBeTruthy();
    // Never "Grounded": the pill says the answer is partial.
    expect(container.querySelector('.grounding')?.textContent).toContain('Partial answer');
  });

  it('never renders HTML or javascript: links from an answer', () => {
    const content =
      'Hi <img src=x onerror=alert(1)> <script>alert(1)</script> [x](javascript:alert(1)) ![p](javascript:alert(2)) [1]';
    const { container } = renderList([
      message({ id: 'x', content, citations: [citation(1, 'A')] }),
    ]);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    for (const link of container.querySelectorAll('a'))
      expect(link.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
    expect(container.innerHTML).not.toMatch(/onerror/i);
    expect(screen.getByRole('button', { name: 'Source 1: A' })).toBeTruthy();
  });
});

describe('agent edits', () => {
  const diff = [
    '===================================================================',
    '--- notes/Budget.md\tcurrent',
    '+++ notes/Budget.md\tedited',
    '@@ -1,2 +1,2 @@',
    ' # Budget',
    '-Pumps: 1200',
    '+Pumps: 1500',
  ].join('\n');
  const edit: EditJson = {
    id: 'e1',
    sessionId: 's1',
    messageId: 'a1',
    tool: 'edit_section',
    documentId: 'doc-b',
    path: 'notes/Budget.md',
    diff,
    status: 'proposed',
    versionId: null,
    reference: '[[Budget]]',
    createdAt: '2026-03-12T10:00:00.000Z',
  };

  it('renders the diff line by line in its region, without the patch headers', () => {
    renderList([message({ id: 'a1', content: 'Done.', edits: [edit] })]);
    const region = screen.getByRole('region', { name: 'Edit to notes/Budget.md' });
    const pre = region.querySelector('pre.diff');
    expect([...(pre?.querySelectorAll('.diff-line') ?? [])].map((l) => l.className)).toEqual([
      'diff-line diff-context',
      'diff-line diff-remove',
      'diff-line diff-add',
    ]);
    expect(pre?.textContent).not.toMatch(/Index:|@@|\+\+\+/);
    expect(region.textContent).toContain('[[Budget]]');
  });

  it('applies a proposed edit, then offers Undo', async () => {
    let finish: (edit: EditJson) => void = () => {};
    const applyEdit = vi.fn(() => new Promise<EditJson>((resolve) => (finish = resolve)));
    const undoEdit = vi.fn(async () => ({ ...edit, status: 'undone' as const }));
    const api = fakeApi({ applyEdit, undoEdit });
    const { onEditChanged, onOpenSource } = renderList(
      [message({ id: 'a1', content: 'Done.', edits: [edit] })],
      {
        api,
      },
    );
    const region = screen.getByRole('region', { name: 'Edit to notes/Budget.md' });
    fireEvent.click(within(region).getByRole('button', { name: 'Apply' }));
    expect(applyEdit).toHaveBeenCalledWith('e1');
    expect(within(region).getByRole('button', { name: 'Discard' })).toHaveProperty(
      'disabled',
      true,
    );

    const applied = { ...edit, status: 'applied' as const, versionId: 'v-1234567890' };
    await act(async () => finish(applied));
    expect(region.textContent).toContain('Applied');
    expect(region.textContent).toContain('v-123456');
    expect(onEditChanged).toHaveBeenCalledWith(applied);
    // Focus stays in the card, on the first control of the new state.
    expect(region.contains(document.activeElement)).toBe(true);
    fireEvent.click(within(region).getByRole('button', { name: 'v-123456' }));
    expect(onOpenSource).toHaveBeenCalledWith(
      expect.objectContaining({ documentId: edit.documentId, path: 'notes/Budget.md' }),
    );

    await act(async () => {
      fireEvent.click(within(region).getByRole('button', { name: 'Undo' }));
    });
    expect(undoEdit).toHaveBeenCalledWith('e1');
    expect(region.textContent).toContain('Undone');
  });

  it('shows why an action failed, inline', async () => {
    const applyEdit = vi.fn(async () => {
      throw new ApiError(409, 'stale_edit', 'The file changed since the preview.');
    });
    renderList([message({ id: 'a1', content: 'Done.', edits: [edit] })], {
      api: fakeApi({ applyEdit }),
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('The file changed since the preview.');
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', false);
  });

  it('names the final states', () => {
    renderList([
      message({
        id: 'a1',
        content: 'Done.',
        edits: [
          { ...edit, id: 'e2', status: 'discarded' },
          { ...edit, id: 'e3', status: 'stale' },
          { ...edit, id: 'e4', status: 'rolled_back' },
        ],
      }),
    ]);
    expect(screen.getByText('Discarded')).toBeTruthy();
    expect(screen.getByText('Rolled back: a restored version took this edit out')).toBeTruthy();
    expect(screen.getByText('The file changed since this preview; ask again')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });
});

describe('context report', () => {
  const report = {
    budget: {
      contextWindow: 8000,
      answerReserve: 1000,
      fixedTokens: 300,
      historyAllowance: 500,
      contextTokens: 6200,
      usedTokens: 2100,
    },
    items: [
      {
        origin: 'reference',
        label: 'Solar Pump Project › Risks',
        documentId: 'doc-1',
        path: 'notes/projects/Solar Pump Project.md',
        n: 1,
        fullTokens: 400,
        tokens: 400,
        outcome: 'whole',
        reason: null,
      },
      {
        origin: 'retrieval',
        label: 'Budget',
        documentId: 'doc-2',
        path: 'notes/Budget.md',
        n: null,
        fullTokens: 900,
        tokens: 0,
        outcome: 'dropped',
        reason: 'no room left in the budget',
      },
    ],
    history: { messages: 2, kept: 2, dropped: 0, tokens: 120 },
    totalTokens: 2520,
  };

  it('fetches the report once and shows its blocks', async () => {
    const messageContext = vi.fn(async () => report);
    renderList([userMessage, answer], { api: fakeApi({ messageContext }) });
    const button = screen.getByRole('button', { name: 'What the model saw' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(messageContext).toHaveBeenCalledWith('s1', 'a1');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table.textContent).toContain('no room left in the budget');
    expect(table.textContent).toContain('dropped');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(messageContext).toHaveBeenCalledTimes(1);
  });

  it('falls back to the JSON for an unknown shape', async () => {
    const messageContext = vi.fn(async () => ({ something: 'else' }));
    const { container } = renderList([answer], { api: fakeApi({ messageContext }) });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'What the model saw' }));
    });
    expect(container.querySelector('pre.context-raw')?.textContent).toContain('"something"');
  });

  it('says when no context was recorded', async () => {
    const messageContext = vi.fn(async () => {
      throw new ApiError(404, 'not_found', 'no such message');
    });
    renderList([answer], { api: fakeApi({ messageContext }) });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'What the model saw' }));
    });
    expect(screen.getByText('No context recorded for this answer.')).toBeTruthy();
  });
});

describe('checked citations', () => {
  // "The pump peaked at 2.6 m3/h [1]. Silt clogs the intake [1][2]. Panels cost more [3]."
  const text =
    'The pump peaked at 2.6 m3/h [1]. Silt clogs the intake [1][2]. Panels cost more [3].';
  const at = (raw: string, from = 0) => text.indexOf(raw, from);
  const quote = (words: string, start: number, extra = {}) => ({
    text: words,
    start,
    end: start + words.length,
    found: true,
    ...extra,
  });
  const checked = message({
    id: 'a9',
    content: text,
    grounded: true,
    citations: [
      citation(1, 'Field Report', {
        kind: 'pdf',
        path: 'pdfs/field-report.pdf',
        page: 2,
        support: 'supported',
        quote: quote('Peak flow rate: 2.5 m3/h', 310, { page: 2, pageStart: 10, pageEnd: 34 }),
      }),
      citation(2, 'Design Review', { support: 'unsupported', quote: null }),
      citation(3, 'Budget', { support: 'supported', quote: quote('Panels cost 40% more.', 20) }),
    ],
    claims: [
      {
        start: 0,
        end: at('[1]') + 4,
        text: 'The pump peaked at 2.6 m3/h.',
        markers: [1],
        support: [
          {
            n: 1,
            verdict: 'partial',
            score: 0.7,
            quote: quote('Peak flow rate: 2.5 m3/h', 310, { page: 2, pageStart: 10, pageEnd: 34 }),
            missing: ['2.6'],
          },
        ],
        verdict: 'partial',
      },
      {
        start: at('Silt'),
        end: at('[2]') + 4,
        text: 'Silt clogs the intake.',
        markers: [1, 2],
        support: [
          {
            n: 1,
            verdict: 'supported',
            score: 1,
            quote: quote('Silt clogged the intake screen twice.', 500, {
              page: 3,
              pageStart: 4,
              pageEnd: 41,
            }),
            missing: [],
          },
          { n: 2, verdict: 'unsupported', score: 0, quote: null, missing: [] },
        ],
        verdict: 'supported',
      },
      {
        start: at('Panels'),
        end: text.length,
        text: 'Panels cost more.',
        markers: [3],
        support: [
          {
            n: 3,
            verdict: 'supported',
            score: 1,
            quote: quote('Panels cost 40% more.', 20),
            missing: [],
          },
        ],
        verdict: 'supported',
      },
    ],
    claimSummary: { claims: 3, supported: 2, partial: 1, unsupported: 0 },
  });

  const cardOf = (badge: HTMLElement) => {
    fireEvent.focus(badge);
    const card = screen.getByRole('tooltip');
    const text = card.textContent ?? '';
    fireEvent.blur(badge);
    return { card, text };
  };

  it("shows on hover the quote that backs the marker's own claim, with the verdict in words", () => {
    renderList([checked]);
    const [partial, supported] = screen.getAllByRole('button', { name: /^Source 1:/ });
    const first = cardOf(partial as HTMLElement);
    expect(first.card.querySelector('blockquote')?.textContent).toBe('Peak flow rate: 2.5 m3/h');
    expect(first.text).toContain('Field Report');
    expect(first.text).toContain('page 2');
    expect(first.text).toContain('Partly supported: 2.6 not in the source');

    const second = cardOf(supported as HTMLElement);
    expect(second.card.querySelector('blockquote')?.textContent).toBe(
      'Silt clogged the intake screen twice.',
    );
    expect(second.text).toContain('page 3');
    expect(second.text).toMatch(/✓\s*Supported/);
  });

  it('marks an unsupported badge in its look and its name, and says so on hover', () => {
    renderList([checked]);
    const badge = screen.getByRole('button', {
      name: 'Source 2: Design Review (not found in the source)',
    });
    expect(badge.classList.contains('verdict-unsupported')).toBe(true);
    const { card, text } = cardOf(badge);
    expect(text).toContain('Not found in the source');
    expect(card.querySelector('blockquote')).toBeNull();
    expect(text).toContain('Design Review excerpt');

    const partial = screen.getByRole('button', {
      name: 'Source 1: Field Report (partly supported)',
    });
    expect(partial.classList.contains('verdict-partial')).toBe(true);
    expect(screen.getByRole('button', { name: 'Source 3: Budget' }).dataset.verdict).toBe(
      'supported',
    );
  });

  it('opens the viewer at the supporting quote, on its page', () => {
    const { onOpenSource } = renderList([checked]);
    fireEvent.click(screen.getAllByRole('button', { name: /^Source 1:/ })[1] as HTMLElement);
    expect(onOpenSource).toHaveBeenLastCalledWith(
      expect.objectContaining({
        documentId: 'doc-1',
        page: 3,
        passage: expect.objectContaining({ text: 'Silt clogged the intake screen twice.' }),
      }),
    );
    // An unsupported source has no supporting words: the viewer opens at the cited span.
    fireEvent.click(screen.getByRole('button', { name: /^Source 2:/ }));
    const last = onOpenSource.mock.lastCall?.[0];
    expect(last.passage).toBeUndefined();
    expect(last.start).toBe(200);
  });

  it('sums up the claims in the footer and lists the sources by their stored numbers', () => {
    renderList([checked]);
    expect(
      screen.getByText('Grounded in 3 sources · 2 of 3 claims supported, 1 partly'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Sources:/ }));
    const cited = screen.getByRole('list', { name: 'Cited sources' });
    const items = within(cited).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('.source-n')?.textContent)).toEqual(['1', '2', '3']);
    expect(items[2]?.querySelector('blockquote')?.textContent).toBe('Panels cost 40% more.');
    // Each source says how it fared over the claims that cite it.
    expect(items[0]?.querySelector('.source-verdict')?.textContent).toBe(
      '1 of 2 claims supported, 1 partly',
    );
    expect(items[1]?.querySelector('.source-verdict')?.textContent).toBe(
      '0 of 1 claim supported, 1 unsupported',
    );
  });

  it('uses the badge numbers as written: nothing is renumbered in the UI', () => {
    renderList([checked]);
    const numbers = screen
      .getAllByRole('button', { name: /^Source \d+:/ })
      .map((b) => b.textContent);
    expect(numbers).toEqual(['1', '1', '2', '3']);
  });
});

describe('a request to edit sent in chat mode', () => {
  const ask = (permission: ReferenceJson['permission']) => {
    const text = 'Rewrite [[Solar Pump Project#Risks]] to be shorter';
    return message({
      id: 'u9',
      role: 'user',
      content: text,
      references: [userReference(text, '[[Solar Pump Project#Risks]]', { permission })],
    });
  };

  it('says chat mode is read-only and how to have the edit proposed', () => {
    renderList([ask('read'), message({ id: 'a9', content: 'Here is what it says.' })]);
    expect(screen.getByRole('note').textContent).toMatch(/Chat mode is read-only.*switch to Agent/);
  });

  it('says nothing when the turn ran in agent mode or the message is a question', () => {
    renderList([ask('write'), message({ id: 'a9', content: 'It cannot edit.' })]);
    expect(screen.queryByText(/Chat mode is read-only/)).toBeNull();
    cleanup();
    renderList([userMessage, message({ id: 'a1', content: 'Silt.' })]);
    expect(screen.queryByText(/Chat mode is read-only/)).toBeNull();
  });
});

describe('MessageList: editing the last question', () => {
  it('offers Edit on the last question only, and marks the one being edited', () => {
    const onEditQuestion = vi.fn();
    const list = [
      message({ id: 'q1', role: 'user', content: 'What clogs the strainer?' }),
      message({ id: 'a1', content: 'Silt.' }),
      message({ id: 'q2', role: 'user', content: 'How often to clean it?' }),
      message({ id: 'a2', content: 'Weekly.' }),
    ];
    const props = {
      api: fakeApi(),
      sessionId: 's1',
      loading: false,
      onOpenSource: vi.fn(),
      onRetry: vi.fn(),
      onEditChanged: vi.fn(),
      onEditQuestion,
    };
    const view = render(<MessageList {...props} messages={list} />);
    const edits = screen.getAllByRole('button', { name: 'Edit' });
    expect(edits).toHaveLength(1);
    fireEvent.click(edits[0] as HTMLElement);
    expect(onEditQuestion).toHaveBeenCalledWith('q2', 'a2', 'How often to clean it?');

    view.rerender(<MessageList {...props} messages={list} editingId="q2" />);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByText('Editing below')).toBeTruthy();

    // While the answer streams there is nothing to edit yet.
    const streaming = [...list.slice(0, 3), message({ id: 'a2', status: 'streaming' })];
    view.rerender(<MessageList {...props} messages={streaming} />);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
