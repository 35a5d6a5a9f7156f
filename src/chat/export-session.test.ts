import { describe, expect, it } from 'vitest';
import type {
  ChatMessage,
  Citation,
  Claim,
  ProposedEdit,
  Reference,
  Session,
} from '../core/index.ts';
import { exportSessionJson, exportSessionMarkdown } from './export-session.ts';

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
      '[^2-1]: [[notes/Trial|Trial]]. “The pump started at 07:40.” (supported); “It stopped at 17:15.” (supported); not found in the source for "It ran dry."',
    );
  });

  it('shows the excerpt for a message stored before claims were checked', () => {
    const old = message({
      content: 'Started early [1].',
      citations: [{ ...citation, support: null, quote: null }],
    });
    const md = exportSessionMarkdown(session, [old]);
    expect(md).toContain('[^1-1]: [[notes/Trial|Trial]]. "The pump started at 07:40."');
    expect(md).not.toContain('claims supported');
  });

  it('links sources and references by vault path, with the page or heading, and quotes them as text', () => {
    const pdf: Citation = {
      ...citation,
      n: 2,
      path: 'pdfs/field-report.pdf',
      title: 'Field Report',
      kind: 'pdf',
      page: 2,
      quote: {
        text: '**Peak flow** was [[Pump Design|2.6 m³/h]] at noon.',
        start: 0,
        end: 50,
        found: true,
      },
      support: 'supported',
    };
    const noted: Citation = {
      ...citation,
      heading: 'Risks',
      quote: null,
      support: null,
      excerpt: '- Silt *clogs* the `strainer`. ^risk-1',
    };
    const reference: Reference = {
      raw: '[[Solar Pump Project#Risks]]',
      start: 10,
      end: 38,
      spans: [],
      syntax: 'wikilink',
      origin: 'user',
      status: 'resolved',
      permission: 'read',
      target: {
        documentId: 'd1',
        path: 'notes/projects/Solar Pump Project.md',
        title: 'Solar Pump Project',
        kind: 'note',
        status: 'active',
        heading: 'Risks',
        block: null,
        section: null,
        page: null,
        entity: null,
      },
      candidates: [],
      suggestions: [],
      notes: [],
    };
    const md = exportSessionMarkdown({ ...session, title: 'About [[Solar Pump Project#Risks]]' }, [
      message({
        role: 'user',
        content: 'What about [[Solar Pump Project#Risks]]?',
        references: [reference],
      }),
      message({ content: 'Flow peaked [2]. Silt clogs it [1].', citations: [noted, pdf] }),
    ]);
    expect(md).toContain('# About Solar Pump Project › Risks');
    expect(md).toContain(
      'References: [[notes/projects/Solar Pump Project#Risks|Solar Pump Project › Risks]]',
    );
    expect(md).toContain(
      '[^2-2]: [[pdfs/field-report.pdf#page=2|Field Report]], page 2. “Peak flow was 2.6 m³/h at noon.” (supported)',
    );
    expect(md).toContain('[^2-1]: [[notes/Trial#Risks|Trial]]. "Silt clogs the strainer."');
  });

  it('includes each answer’s agent edits with their state and diff', () => {
    const edit: ProposedEdit = {
      id: 'e1',
      sessionId: 's1',
      messageId: 'a1',
      documentId: 'doc',
      path: 'notes/Trial.md',
      tool: 'edit_section',
      action: 'write',
      reference: '[[Trial#Start]]',
      baseHash: 'hash',
      newContent: 'THE WHOLE NEW FILE',
      diff: 'Index: notes/Trial.md\n===================================================================\n--- notes/Trial.md\tcurrent\n+++ notes/Trial.md\tedited\n@@ -1 +1 @@\n-Started at 07:40.\n+Started at 07:45 (```).\n',
      status: 'applied',
      versionId: '0123456789abcdef',
      createdAt: '2026-03-01',
      updatedAt: '2026-03-01',
    };
    const messages = [
      message({ role: 'user', id: 'u1', content: 'Fix [[Trial#Start]]' }),
      message({ id: 'a1', content: 'Done.' }),
    ];
    const md = exportSessionMarkdown(session, messages, [
      edit,
      { ...edit, id: 'e2', status: 'proposed', messageId: 'other' },
    ]);
    expect(md).toContain(
      '**Edit section** [[notes/Trial|notes/Trial.md]] — applied (version 01234567); allowed by `[[Trial#Start]]`.',
    );
    expect(md).toContain(
      '````diff\n--- notes/Trial.md\tcurrent\n+++ notes/Trial.md\tedited\n@@ -1 +1 @@\n-Started at 07:40.\n+Started at 07:45 (```).\n````',
    );
    expect(md).not.toContain('Index:');
    expect(md.match(/\*\*Edit section\*\*/g)).toHaveLength(1);

    const json = JSON.parse(exportSessionJson(session, messages, [edit]));
    expect(json.edits).toEqual([
      expect.objectContaining({ id: 'e1', status: 'applied', diff: edit.diff }),
    ]);
    expect(JSON.stringify(json)).not.toContain('THE WHOLE NEW FILE');
  });
});
