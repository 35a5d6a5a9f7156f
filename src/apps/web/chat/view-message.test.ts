import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { CitationJson, ClaimJson, MessageJson } from '../api/types.ts';
import { type CitationsData, viewOfStored, viewOfStreamed } from './view-message.ts';

const citation = (n: number): CitationJson => ({
  n,
  documentId: `doc-${n}`,
  path: `notes/N${n}.md`,
  title: `Note ${n}`,
  kind: 'note',
  chunkId: `chunk-${n}`,
  page: null,
  section: null,
  excerpt: 'excerpt',
  start: 0,
  end: 10,
  quote: { text: 'Silt clogs', start: 0, end: 10, found: true },
  support: 'supported',
  valid: true,
  cited: true,
});

const finalText = 'Silt clogs the intake [1]. Panels cost more [2].';
const claims: ClaimJson[] = [
  {
    start: 0,
    end: 26,
    text: 'Silt clogs the intake.',
    markers: [1],
    support: [
      {
        n: 1,
        verdict: 'supported',
        score: 1,
        quote: citation(1).quote,
        missing: [],
      },
    ],
    verdict: 'supported',
  },
];

const streamed = (data: CitationsData | null): UIMessage => ({
  id: 'm1',
  role: 'assistant',
  parts: [
    { type: 'text', text: 'Silt clogs the intake [3]. ' },
    { type: 'text', text: 'Panels cost more [7].' },
    ...(data ? [{ type: 'data-citations' as const, data }] : []),
  ],
});

const ending: CitationsData = {
  citations: [citation(1), citation(2)],
  grounded: true,
  invalidMarkers: [],
  status: 'complete',
};

describe('viewOfStreamed', () => {
  it('shows the streamed text while the answer is under way', () => {
    const view = viewOfStreamed(streamed(null), false);
    expect(view.content).toBe('Silt clogs the intake [3]. Panels cost more [7].');
    expect(view.status).toBe('streaming');
    expect(view.claims).toEqual([]);
    expect(view.claimSummary).toBeNull();
  });

  it('replaces the streamed text with the final content, whose numbers are the stored ones', () => {
    const summary = { claims: 2, supported: 1, partial: 0, unsupported: 1 };
    const view = viewOfStreamed(
      streamed({ ...ending, content: finalText, claims, claimSummary: summary }),
      true,
    );
    expect(view.content).toBe(finalText);
    expect(view.claims).toEqual(claims);
    expect(view.claimSummary).toEqual(summary);
    expect(view.citations.map((c) => c.n)).toEqual([1, 2]);
    expect(view.status).toBe('complete');
  });

  it('keeps the streamed text when the final part carries no content (older servers)', () => {
    const view = viewOfStreamed(streamed(ending), true);
    expect(view.content).toBe('Silt clogs the intake [3]. Panels cost more [7].');
    expect(view.claimSummary).toBeNull();
  });
});

describe('viewOfStored', () => {
  const stored = {
    id: 'm1',
    role: 'assistant',
    content: finalText,
    status: 'complete',
    grounded: true,
    references: [],
    citations: [citation(1), citation(2)],
    invalidMarkers: [],
    claims,
    claimSummary: { claims: 1, supported: 1, partial: 0, unsupported: 0 },
    toolCalls: [],
    error: null,
    reason: null,
    createdAt: '2026-03-12T10:00:00.000Z',
  } as MessageJson;

  it('shows a reloaded answer exactly as it ended: text, claims and summary', () => {
    const view = viewOfStored(stored, []);
    expect(view.content).toBe(finalText);
    expect(view.claims).toEqual(claims);
    expect(view.claimSummary).toEqual({ claims: 1, supported: 1, partial: 0, unsupported: 0 });
  });

  it('reads a message stored before claims were checked as not checked', () => {
    const { claims: _claims, claimSummary: _summary, ...older } = stored;
    const view = viewOfStored(older as MessageJson, []);
    expect(view.claims).toEqual([]);
    expect(view.claimSummary).toBeNull();
  });

  it('shows each stored tool call with its result summary, and none from older servers', () => {
    const call = {
      id: 'c1',
      name: 'search',
      input: { query: 'pump' },
      ok: true,
      summary: '3 results',
      documents: [],
    };
    const view = viewOfStored({ ...stored, toolCalls: [call] } as MessageJson, []);
    expect(view.tools).toEqual([
      {
        id: 'm1-tool-0',
        name: 'search',
        input: { query: 'pump' },
        state: 'done',
        summary: '3 results',
      },
    ]);
    const older = { ...stored, toolCalls: [{ name: 'links', input: {}, ok: false }] };
    expect(viewOfStored(older as unknown as MessageJson, []).tools[0]).toMatchObject({
      state: 'error',
      summary: null,
    });
  });

  it('keeps why an answer was interrupted, and reads none from older servers', () => {
    const cut = { ...stored, status: 'interrupted', reason: 'server_stopped' } as MessageJson;
    expect(viewOfStored(cut, []).reason).toBe('server_stopped');
    const { reason: _reason, ...older } = stored;
    expect(viewOfStored(older as MessageJson, []).reason).toBeNull();
  });
});
