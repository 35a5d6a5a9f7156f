import { describe, expect, it } from 'vitest';
import type { ChatMessage, Citation, Claim, Session } from '../core/index.ts';
import { exportSessionMarkdown } from './export-session.ts';

const session: Session = {
  id: 's1',
  workspaceId: 'default',
  userId: 'local',
  title: 'Trial',
  createdAt: '2026-03-01',
  updatedAt: '2026-03-01',
  messageCount: 2,
  lastMessageAt: '2026-03-01',
};

const citation: Citation = {
  n: 1,
  documentId: 'doc',
  path: 'notes/Trial.md',
  title: 'Trial',
  kind: 'note',
  chunkId: null,
  page: null,
  section: null,
  heading: null,
  excerpt: 'The pump started at 07:40.',
  start: 0,
  end: 60,
  cited: true,
  quote: { text: 'The pump started at 07:40.', start: 0, end: 26, found: true },
  support: 'supported',
};

const claim = (text: string, quote: string | null, verdict: Claim['verdict']): Claim => ({
  start: 0,
  end: 0,
  text,
  markers: [1],
  verdict,
  support: [
    {
      n: 1,
      verdict,
      score: verdict === 'supported' ? 1 : 0,
      quote: quote === null ? null : { text: quote, start: 0, end: quote.length, found: true },
      missing: [],
    },
  ],
});

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 'm',
  sessionId: 's1',
  role: 'assistant',
  content: '',
  status: 'complete',
  grounded: true,
  references: [],
  citations: [],
  invalidMarkers: [],
  claims: [],
  claimSummary: null,
  toolCalls: [],
  context: null,
  error: null,
  reason: null,
  createdAt: '2026-03-01',
  updatedAt: '2026-03-01',
  ...over,
});

describe('exportSessionMarkdown', () => {
  it('gives each cited source one footnote with every passage its claims rest on, and their verdicts', () => {
    const answer = message({
      content: 'The pump started at 07:40 [1]. It stopped at 17:15 [1]. It ran dry [1].',
      citations: [citation],
      claims: [
        claim('The pump started at 07:40.', 'The pump started at 07:40.', 'supported'),
        claim('It stopped at 17:15.', 'It stopped at 17:15.', 'supported'),
        claim('It ran dry.', null, 'unsupported'),
      ],
      claimSummary: { claims: 3, supported: 2, partial: 0, unsupported: 1 },
    });
    const md = exportSessionMarkdown(session, [
      message({ role: 'user', content: 'When?' }),
      answer,
    ]);
    expect(md).toContain('The pump started at 07:40 [^2-1]. It stopped at 17:15 [^2-1].');
    expect(md).toContain('*2 of 3 claims supported by their sources.*');
    expect(md).toContain(
      '[^2-1]: Trial — notes/Trial.md. “The pump started at 07:40.” (supported); “It stopped at 17:15.” (supported); not found in the source for "It ran dry."',
    );
  });

  it('shows the excerpt for a message stored before claims were checked', () => {
    const old = message({
      content: 'Started early [1].',
      citations: [{ ...citation, support: null, quote: null }],
    });
    const md = exportSessionMarkdown(session, [old]);
    expect(md).toContain('[^1-1]: Trial — notes/Trial.md. "The pump started at 07:40."');
    expect(md).not.toContain('claims supported');
  });
});
